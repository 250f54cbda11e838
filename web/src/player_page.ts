// A player's page, /@/NAME: the ratings per game and speed (with games played, "1500?" while
// provisional), the rating history as a chart (Chart.js, fetched with the chart), wins, draws and
// losses, and the player's games, newest first, filtered by game and result and paged, with all of
// them as one download (KIF for the shogi games, PGN for xiangqi). Names are text, never markup.
import { type GameLine, getPlayer, getPlayerGames, type Player } from './api';
import { GAME_NAMES } from './game_page';
import { pliesText } from './new_page';
import { ratingText, seatWithRating } from './players';
import { h, setTitle } from './ui';

export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
export const speedName = (s: string) => s[0].toUpperCase() + s.slice(1);
const COLOURS = ['#b33c2e', '#2e6db3', '#3b8c3a', '#8c5a2e', '#6d3bb3', '#b38f2e', '#2e9ab3', '#555'];

export async function playerPage(root: HTMLElement, name: string) {
  const p = await getPlayer(name);
  setTitle(p.name);
  const ratings = h('tbody', {});
  for (const [game, speeds] of Object.entries(p.ratings))
    for (const [speed, r] of Object.entries(speeds))
      ratings.append(h('tr', { 'data-testid': `rating-${game}-${speed}` },
        h('td', {}, GAME_NAMES[game] ?? game), h('td', {}, speedName(speed)),
        h('td', { class: 'num' }, ratingText(r.rating, r.provisional)), h('td', { class: 'num' }, `±${r.rd}`),
        h('td', { class: 'num' }, String(r.games)), h('td', { class: 'num' }, `${r.wins} / ${r.draws} / ${r.losses}`)));
  if (!ratings.children.length) ratings.append(h('tr', {}, h('td', { colspan: '6', class: 'hint' }, 'No rated games yet.')));
  const canvas = h('canvas', { 'data-testid': 'rating-chart' }) as HTMLCanvasElement;
  const { wins, draws, losses } = p.results;
  root.replaceChildren(h('div', { class: 'player-page' },
    h('h1', {}, p.name, p.closed ? h('span', { class: 'hint' }, ' (closed account)') : ''),
    h('p', { 'data-testid': 'results' }, `${wins} ${wins === 1 ? 'win' : 'wins'}, ${draws} ${draws === 1 ? 'draw' : 'draws'}, ${losses} ${losses === 1 ? 'loss' : 'losses'} in rated games`),
    h('section', {}, h('h2', {}, 'Ratings'),
      h('div', { class: 'table-wrap' }, h('table', { class: 'ratings', 'data-testid': 'ratings' },
        h('thead', {}, h('tr', {}, ...['Game', 'Speed', 'Rating', 'Deviation', 'Games', 'W / D / L'].map((t) => h('th', {}, t)))),
        ratings))),
    p.history.length ? h('section', {}, h('h2', {}, 'Rating history'), h('div', { class: 'rating-chart' }, canvas)) : '',
    gameList(p.name)));
  if (p.history.length) await drawHistory(canvas, p);
}

// One line per game and speed the player was rated in, along the dates of all the rated games.
async function drawHistory(canvas: HTMLCanvasElement, p: Player) {
  const { Chart } = await import('./line_chart');
  const labels = p.history.map((pt) => new Date(pt.at).toLocaleDateString());
  const series = [...new Set(p.history.map((pt) => `${pt.game}/${pt.speed}`))];
  new Chart(canvas, {
    type: 'line',
    data: {
      labels,
      datasets: series.map((key, i) => {
        const [game, speed] = key.split('/');
        return {
          label: `${GAME_NAMES[game] ?? game} ${speedName(speed)}`,
          data: p.history.map((pt) => (`${pt.game}/${pt.speed}` === key ? pt.rating : null)),
          borderColor: COLOURS[i % COLOURS.length],
          backgroundColor: COLOURS[i % COLOURS.length],
          spanGaps: true,
          tension: 0,
          pointRadius: 3,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: series.length > 1 } },
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
      list.replaceChildren(...r.games.map(line));
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

function line(g: GameLine): HTMLElement {
  return h('li', {},
    h('a', { href: `/g/${g.id}` }, `${GAME_NAMES[g.game] ?? g.game}: ${seatWithRating(g.players.first)} vs ${seatWithRating(g.players.second)}`),
    h('span', { class: 'hint' }, ` · ${RESULTS[g.result] ?? g.result}${g.reason && g.result ? ` (${g.reason})` : ''} · ${pliesText(g.plies)} · ${g.rated ? 'rated' : 'casual'} · ${new Date(g.created).toLocaleDateString()}`));
}
