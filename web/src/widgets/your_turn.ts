// The home page's "Your turn": the logged-in player's games where it is their move, correspondence
// included, asked again every 30 s.
import { yourTurn } from '../api/client';
import { t, tParts } from '../i18n';
import { daysPerMoveText } from '../i18n/time_words';
import { gameName } from '../model/games';
import { h } from './dom';
import { seatView } from './players';

export function yourTurnView(): HTMLElement {
  const list = h('ul', { class: 'your-turn', 'data-testid': 'your-turn' });
  const section = h('section', { class: 'your-turn-box', hidden: '' }, h('h2', {}, t('account.yourTurn')), list);
  const load = async () => {
    try {
      const { games } = await yourTurn();
      list.replaceChildren(...games.map((g) => {
        // The game's name links to it, the opponent's to their page; the move to play counted as the
        // lists count moves (model/notation.ts movesText: plies for the shogi games, pairs for xiangqi).
        return h('li', {}, ...tParts('account.against', { game: h('a', { href: `/g/${g.id}` }, gameName(g.game)), opponent: seatView(g.opponent) }),
          h('span', { class: 'hint' }, ` · ${t('common.moveNumber', { n: g.game === 'xiangqi' ? Math.floor(g.plies / 2) + 1 : g.plies + 1 })}${g.days_per_move ? ` · ${daysPerMoveText(g.days_per_move)}` : ''}`));
      }));
      if (!games.length) list.append(h('li', { class: 'hint' }, t('account.noGameWaits')));
      section.hidden = false;
    } catch {
      section.hidden = true;  // not logged in
    }
  };
  load();
  setInterval(load, 30000);
  return section;
}
