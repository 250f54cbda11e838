// The leaderboard, /players: the best players of a game at a speed, provisional ratings left out
// (as on lichess: a rating is shown there once its deviation is 110 or less).
import { getLeaderboard } from '../api/client';
import { GAME_NAMES } from '../model/games';
import { SPEEDS, speedName } from '../model/players';
import { h } from '../widgets/dom';

export async function leaderboardPage(root: HTMLElement) {
  const q = new URLSearchParams(location.search);
  const game = h('select', { 'data-testid': 'board-game' }, ...Object.entries(GAME_NAMES).map(([id, n]) => h('option', { value: id }, n))) as HTMLSelectElement;
  const speed = h('select', { 'data-testid': 'board-speed' }, ...SPEEDS.map((s) => h('option', { value: s }, speedName(s)))) as HTMLSelectElement;
  game.value = q.get('game') ?? 'chushogi';
  speed.value = q.get('speed') ?? 'blitz';
  const rows = h('tbody', { 'data-testid': 'leaderboard' });
  const error = h('div', { class: 'error' });
  const load = async () => {
    error.textContent = '';
    history.replaceState(null, '', `/players?game=${game.value}&speed=${speed.value}`);
    try {
      const board = await getLeaderboard(game.value, speed.value);
      rows.replaceChildren(...board.players.map((p, i) => h('tr', {},
        h('td', { class: 'num' }, String(i + 1)),
        h('td', {}, h('a', { href: `/@/${encodeURIComponent(p.name)}` }, p.name)),
        h('td', { class: 'num' }, String(p.rating)),
        h('td', { class: 'num' }, `±${p.rd}`),
        h('td', { class: 'num' }, String(p.games)))));
      if (!board.players.length)
        rows.append(h('tr', {}, h('td', { colspan: '5', class: 'hint' }, 'Nobody has a settled rating here yet: ratings show once they are no longer provisional.')));
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  };
  game.onchange = speed.onchange = () => void load();
  root.replaceChildren(h('div', { class: 'leaderboard-page' },
    h('h1', {}, 'Leaderboard'),
    h('div', { class: 'filters' }, game, speed),
    h('div', { class: 'table-wrap' }, h('table', { class: 'ratings' },
      h('thead', {}, h('tr', {}, ...['#', 'Player', 'Rating', 'Deviation', 'Games'].map((t) => h('th', {}, t)))),
      rows)),
    error));
  await load();
}
