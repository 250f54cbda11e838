// The home page's "Your turn": the logged-in player's games where it is their move, correspondence
// included, asked again every 30 s.
import { yourTurn } from '../api/client';
import { GAME_NAMES } from '../model/games';
import { h } from './dom';
import { seatView } from './players';

export function yourTurnView(): HTMLElement {
  const list = h('ul', { class: 'your-turn', 'data-testid': 'your-turn' });
  const section = h('section', { class: 'your-turn-box', hidden: '' }, h('h2', {}, 'Your turn'), list);
  const load = async () => {
    try {
      const { games } = await yourTurn();
      list.replaceChildren(...games.map((g) => {
        // The game's name links to it, the opponent's to their page.
        return h('li', {}, h('a', { href: `/g/${g.id}` }, GAME_NAMES[g.game] ?? g.game), ' against ', seatView(g.opponent),
          h('span', { class: 'hint' }, ` · move ${g.plies + 1}${g.days_per_move ? ` · ${g.days_per_move} days a move` : ''}`));
      }));
      if (!games.length) list.append(h('li', { class: 'hint' }, 'No game waits for your move.'));
      section.hidden = false;
    } catch {
      section.hidden = true;  // not logged in
    }
  };
  load();
  setInterval(load, 30000);
  return section;
}
