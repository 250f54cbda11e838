// The home page: the lobby (open challenges, games being played now), the player's games waiting
// for their move, the recent games, and a new game or challenge (new_game_form.ts).
import { currentAccount, listGames, variants } from '../../api/client';
import { t } from '../../i18n';
import { movesText } from '../../model/notation';
import { h } from '../../widgets/dom';
import { lobbyView } from '../../widgets/lobby';
import { gameAndSeats } from '../../widgets/players';
import { yourTurnView } from '../../widgets/your_turn';
import { newGameForm } from './new_game_form';

export async function newPage(root: HTMLElement) {
  const all = await variants();
  const recent = h('ul', { class: 'recent' });
  const lobby = lobbyView(all);
  root.replaceChildren(h('p', { class: 'site-intro', 'data-testid': 'site-intro' }, t('home.intro')), h('div', { class: 'home' },
    h('div', { class: 'home-main' }, (await currentAccount()) ? yourTurnView() : '', lobby.challenges, lobby.playing, h('section', { class: 'recent-games' }, h('h2', {}, t('home.recentGames')), recent)),
    newGameForm(all)));
  // A player by the name they chose (an account's a link to its page), Kirin by its level.
  for (const g of (await listGames()).games)
    recent.append(h('li', {}, ...gameAndSeats(g.id, g.game, g.names), h('span', { class: 'hint' }, ` · ${movesText(g.game, g.plies)}${g.result ? ` · ${g.result}` : ''}`)));
}
