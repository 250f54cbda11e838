// The leaderboard, /players: the best players of a game at a speed, provisional ratings left out
// (as on lichess: a rating is shown there once its deviation is 110 or less).
import { getLeaderboard } from '../api/client';
import { t } from '../i18n';
import { errorText } from '../model/error_words';
import { gameName, GAMES } from '../model/games';
import { SPEEDS, speedName } from '../model/players';
import { h } from '../widgets/dom';

export async function leaderboardPage(root: HTMLElement) {
  const q = new URLSearchParams(location.search);
  const game = h('select', { 'data-testid': 'board-game' }, ...GAMES.map((id) => h('option', { value: id }, gameName(id)))) as HTMLSelectElement;
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
        rows.append(h('tr', {}, h('td', { colspan: '5', class: 'hint' }, t('leaderboard.nobody'))));
    } catch (e) {
      error.textContent = errorText(e);
    }
  };
  game.onchange = speed.onchange = () => void load();
  root.replaceChildren(h('div', { class: 'leaderboard-page' },
    h('h1', {}, t('leaderboard.title')),
    h('div', { class: 'filters' }, game, speed),
    h('div', { class: 'table-wrap' }, h('table', { class: 'ratings' },
      h('thead', {}, h('tr', {}, ...['leaderboard.rank', 'common.player', 'common.rating', 'leaderboard.deviation', 'common.games'].map((key) => h('th', {}, t(key))))),
      rows)),
    error));
  await load();
}
