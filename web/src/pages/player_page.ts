// A player's page, /@/NAME: the ratings per game and speed (with games played, "1500?" while
// provisional), the rating history as a chart (Chart.js, fetched with the chart), wins, draws and
// losses, and the player's games, newest first, filtered by game and result and paged, with all of
// them as one download (KIF for the shogi games, PGN for xiangqi). Names are text, never markup.
import { currentAccount } from '../widgets/account_bar';
import { accountSettings } from '../widgets/account_settings';
import { type GameLine, getPlayer, getPlayerGames, type Player } from '../api/client';
import { GAME_NAMES } from './game/game_page';
import { gameAndSeats } from '../widgets/lobby';
import { pliesText } from './new_page';
import { ratingText } from '../widgets/players';
import { h, setTitle } from '../widgets/dom';

export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
export const speedName = (s: string) => s[0].toUpperCase() + s.slice(1);
const COLOURS = ['#b33c2e', '#2e6db3', '#3b8c3a', '#8c5a2e', '#6d3bb3', '#b38f2e', '#2e9ab3', '#555'];

export async function playerPage(root: HTMLElement, name: string) {
  const [p, me] = await Promise.all([getPlayer(name), currentAccount()]);
  setTitle(p.name);
  // Four columns, the game above its speed and the deviation under the rating: a phone's 390 px
  // hold them without scrolling sideways.
  const ratings = h('tbody', {});
  for (const [game, speeds] of Object.entries(p.ratings))
    for (const [speed, r] of Object.entries(speeds))
      ratings.append(h('tr', { 'data-testid': `rating-${game}-${speed}` },
        h('td', {}, GAME_NAMES[game] ?? game, h('div', { class: 'hint' }, speedName(speed))),
        h('td', { class: 'num' }, ratingText(r.rating, r.provisional), h('div', { class: 'hint', title: 'deviation' }, `±${r.rd}`)),
        h('td', { class: 'num' }, String(r.games)), h('td', { class: 'num' }, `${r.wins} / ${r.draws} / ${r.losses}`)));
  if (!ratings.children.length) ratings.append(h('tr', {}, h('td', { colspan: '4', class: 'hint' }, 'No rated games yet.')));
  const canvas = h('canvas', { 'data-testid': 'rating-chart' }) as HTMLCanvasElement;
  const { wins, draws, losses } = p.results;
  // The owner's own page has the account's settings; a closed account's page says so, and has none.
  const own = !p.closed && me?.name.toLowerCase() === p.name.toLowerCase();
  root.replaceChildren(h('div', { class: 'player-page' },
    h('h1', { class: p.closed ? 'closed-account' : '' }, p.name, p.closed ? h('span', { class: 'closed-mark' }, ' (closed)') : ''),
    p.closed ? h('p', { class: 'closed-note', 'data-testid': 'account-closed' }, 'This account is closed.') : '',
    h('p', { 'data-testid': 'results' }, `${wins} ${wins === 1 ? 'win' : 'wins'}, ${draws} ${draws === 1 ? 'draw' : 'draws'}, ${losses} ${losses === 1 ? 'loss' : 'losses'} in rated games`),
    h('section', {}, h('h2', {}, 'Ratings'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'ratings player-ratings', 'data-testid': 'ratings' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', { class: 'num' }, 'Rating'), h('th', { class: 'num' }, 'Games'), h('th', { class: 'num', title: 'wins / draws / losses' }, 'W / D / L'))),
        ratings))),
    p.history.length ? h('section', {}, h('h2', {}, 'Rating history'), h('div', { class: 'rating-chart' }, canvas)) : '',
    gameList(p.name),
    own ? accountSettings(p.name) : ''));
  if (p.history.length) await drawHistory(canvas, p);
}

// Every player's rating starts here (Glicko-2's newcomer, as on lichess).
const START_RATING = 1500;

// One line per game and speed the player was rated in, along the dates of all the rated games;
// each line starts at 1500 at a point of its own just before its first game.
async function drawHistory(canvas: HTMLCanvasElement, p: Player) {
  const { Chart } = await import('../widgets/line_chart');
  const key = (pt: { game: string; speed: string }) => `${pt.game}/${pt.speed}`;
  const series = [...new Set(p.history.map(key))];
  // The chart's points in order: each rated game, and before the first of each line its start.
  const points: { key: string; at: number; rating: number }[] = [];
  const started = new Set<string>();
  for (const pt of p.history) {
    if (!started.has(key(pt))) points.push({ key: key(pt), at: pt.at, rating: START_RATING });
    started.add(key(pt));
    points.push({ key: key(pt), at: pt.at, rating: pt.rating });
  }
  const label = (line: string) => {
    const [game, speed] = line.split('/');
    return `${GAME_NAMES[game] ?? game} ${speedName(speed)}`;
  };
  // What the chart shows, in words, for those who cannot see it: "Xiangqi Blitz: 1500 → 1662".
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', series.map((line) =>
    `${label(line)}: ${points.filter((pt) => pt.key === line).map((pt) => pt.rating).join(' → ')}`).join('; '));
  // A date under its first game only: a day of many games is not one label many times over.
  const dates = points.map((pt) => new Date(pt.at).toLocaleDateString());
  new Chart(canvas, {
    type: 'line',
    data: {
      labels: dates,
      datasets: series.map((line, i) => ({
        label: label(line),
        data: points.map((pt) => (pt.key === line ? pt.rating : null)),
        borderColor: COLOURS[i % COLOURS.length],
        backgroundColor: COLOURS[i % COLOURS.length],
        spanGaps: true,
        tension: 0,
        pointRadius: 3,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: series.length > 1 } },
      scales: { x: { ticks: { autoSkip: false, callback: (_value: unknown, i: number) => (i > 0 && dates[i] === dates[i - 1] ? '' : dates[i]) } } },
    },
  });
}

// The player's games, newest first: filters, pages, and the downloads.
function gameList(name: string): HTMLElement {
  const game = h('select', { 'data-testid': 'filter-game' }, h('option', { value: '' }, 'All games'),
    ...Object.entries(GAME_NAMES).map(([id, n]) => h('option', { value: id }, n))) as HTMLSelectElement;
  const result = h('select', { 'data-testid': 'filter-result' }, h('option', { value: '' }, 'All results'),
    h('option', { value: 'win' }, 'Wins'), h('option', { value: 'draw' }, 'Draws'), h('option', { value: 'loss' }, 'Losses')) as HTMLSelectElement;
  const list = h('ul', { class: 'player-games', 'data-testid': 'player-games' });
  const prev = h('button', {}, '← Newer') as HTMLButtonElement, next = h('button', {}, 'Older →') as HTMLButtonElement;
  const error = h('div', { class: 'error' });
  let page = 1;
  const load = async () => {
    error.textContent = '';
    try {
      const r = await getPlayerGames(name, { page, game: game.value, result: result.value });
      list.replaceChildren(...r.games.map((g) => line(g, name)));
      if (!r.games.length) list.append(h('li', { class: 'hint' }, 'No games.'));
      prev.disabled = page === 1;
      next.disabled = !r.more;
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  };
  game.onchange = result.onchange = () => { page = 1; void load(); };
  prev.onclick = () => { page -= 1; void load(); };
  next.onclick = () => { page += 1; void load(); };
  void load();
  const download = (format: string, label: string) =>
    h('a', { href: `/api/players/${encodeURIComponent(name)}/games?format=${format}`, download: `${name}.${format}` }, label);
  return h('section', {}, h('h2', {}, 'Games'),
    h('div', { class: 'filters' }, game, result, h('span', { class: 'hint' }, 'Download: '),
      download('kif', 'shogi games (KIF)'), ' · ', download('pgn', 'xiangqi games (PGN)')),
    list, h('div', { class: 'pager' }, prev, next), error);
}

const RESULTS: Record<string, string> = { '1-0': '1–0', '0-1': '0–1', '1/2-1/2': '½–½', '*': 'aborted', '': 'playing' };

// A game of the player `name`: the opponent's name links to their page.
function line(g: GameLine, name: string): HTMLElement {
  return h('li', {}, ...gameAndSeats(g.id, g.game, g.players, name),
    h('span', { class: 'hint' }, ` · ${RESULTS[g.result] ?? g.result}${g.reason && g.result ? ` (${g.reason})` : ''} · ${pliesText(g.plies)} · ${g.rated ? 'rated' : 'casual'} · ${new Date(g.created).toLocaleDateString()}`));
}
