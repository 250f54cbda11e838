// A player's games on their page, newest first: filtered by game and result, paged, and all of
// them as one download (KIF for the shogi games, PGN for xiangqi). Names are text, never markup.
import { getPlayerGames } from '../api/client';
import type { GameLine } from '../api/types';
import { currentLanguage, t } from '../i18n';
import { errorText } from '../model/error_words';
import { gameName, GAMES } from '../model/games';
import { movesText } from '../model/notation';
import { reasonText } from '../model/result_words';
import { h } from './dom';
import { gameAndSeats } from './players';

// The player's games, newest first: filters, pages, and the downloads.
export function playerGames(name: string): HTMLElement {
  const game = h('select', { 'data-testid': 'filter-game' }, h('option', { value: '' }, t('player.allGames')),
    ...GAMES.map((id) => h('option', { value: id }, gameName(id)))) as HTMLSelectElement;
  const result = h('select', { 'data-testid': 'filter-result' }, h('option', { value: '' }, t('player.allResults')),
    h('option', { value: 'win' }, t('player.winsFilter')), h('option', { value: 'draw' }, t('player.drawsFilter')), h('option', { value: 'loss' }, t('player.lossesFilter'))) as HTMLSelectElement;
  const list = h('ul', { class: 'player-games', 'data-testid': 'player-games' });
  const prev = h('button', {}, t('player.newer')) as HTMLButtonElement, next = h('button', {}, t('player.older')) as HTMLButtonElement;
  const error = h('div', { class: 'error' });
  let page = 1;
  const load = async () => {
    error.textContent = '';
    try {
      const r = await getPlayerGames(name, { page, game: game.value, result: result.value });
      list.replaceChildren(...r.games.map((g) => line(g, name)));
      if (!r.games.length) list.append(h('li', { class: 'hint' }, t('player.noGames')));
      prev.disabled = page === 1;
      next.disabled = !r.more;
    } catch (e) {
      error.textContent = errorText(e);
    }
  };
  game.onchange = result.onchange = () => { page = 1; void load(); };
  prev.onclick = () => { page -= 1; void load(); };
  next.onclick = () => { page += 1; void load(); };
  void load();
  const download = (format: string, label: string) =>
    h('a', { href: `/api/players/${encodeURIComponent(name)}/games?format=${format}`, download: `${name}.${format}` }, label);
  return h('section', {}, h('h2', {}, t('player.games')),
    h('div', { class: 'filters' }, game, result, h('span', { class: 'hint' }, t('player.download')),
      download('kif', t('player.shogiGames')), ' · ', download('pgn', t('player.xiangqiGames'))),
    list, h('div', { class: 'pager' }, prev, next), error);
}

const RESULTS: Record<string, string> = { '1-0': '1–0', '0-1': '0–1', '1/2-1/2': '½–½' };
const resultWords = (result: string) => RESULTS[result] ?? (result === '*' ? t('results.aborted') : result === '' ? t('results.playing') : result);

// A game of the player `name`: the opponent's name links to their page.
function line(g: GameLine, name: string): HTMLElement {
  return h('li', {}, ...gameAndSeats(g.id, g.game, g.players, name),
    h('span', { class: 'hint' }, ` · ${resultWords(g.result)}${g.reason && g.result ? ` (${reasonText(g.reason)})` : ''} · ${movesText(g.game, g.plies)} · ${t(g.rated ? 'common.ratedLower' : 'common.casualLower')} · ${new Date(g.created).toLocaleDateString(currentLanguage())}`));
}
