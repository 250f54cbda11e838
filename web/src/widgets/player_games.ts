// A player's games on their page, newest first: filtered by game and result, paged, and all of
// them as one download (KIF for the shogi games, PGN for xiangqi). Names are text, never markup.
import { getPlayerGames } from '../api/client';
import type { GameLine } from '../api/types';
import { GAME_NAMES } from '../model/games';
import { pliesText } from '../model/notation';
import { h } from './dom';
import { gameAndSeats } from './players';

// The player's games, newest first: filters, pages, and the downloads.
export function playerGames(name: string): HTMLElement {
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
