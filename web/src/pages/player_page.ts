// A player's page, /@/NAME: the ratings per game and speed (with games played, "1500?" while
// provisional), the rating history as a chart (Chart.js, fetched with the chart), wins, draws and
// losses, and the player's games, newest first, filtered by game and result and paged, with all of
// them as one download (KIF for the shogi games, PGN for xiangqi). Names are text, never markup.
import { currentAccount, getPlayer } from '../api/client';
import { t } from '../i18n';
import { gameName } from '../model/games';
import { ratingText, speedName } from '../model/players';
import { accountSettings } from '../widgets/account_settings';
import { h, setTitle } from '../widgets/dom';
import { playerGames } from '../widgets/player_games';
import { drawRatingHistory } from '../widgets/rating_chart';

export async function playerPage(root: HTMLElement, name: string) {
  const [p, me] = await Promise.all([getPlayer(name), currentAccount()]);
  setTitle(p.name);
  // Four columns, the game above its speed and the deviation under the rating: a phone's 390 px
  // hold them without scrolling sideways.
  const ratings = h('tbody', {});
  for (const [game, speeds] of Object.entries(p.ratings))
    for (const [speed, r] of Object.entries(speeds))
      ratings.append(h('tr', { 'data-testid': `rating-${game}-${speed}` },
        h('td', {}, gameName(game), h('div', { class: 'hint' }, speedName(speed))),
        h('td', { class: 'num' }, ratingText(r.rating, r.provisional), h('div', { class: 'hint', title: t('player.deviation') }, `±${r.rd}`)),
        h('td', { class: 'num' }, String(r.games)), h('td', { class: 'num' }, `${r.wins} / ${r.draws} / ${r.losses}`)));
  if (!ratings.children.length) ratings.append(h('tr', {}, h('td', { colspan: '4', class: 'hint' }, t('player.noRated'))));
  const canvas = h('canvas', { 'data-testid': 'rating-chart' }) as HTMLCanvasElement;
  const { wins, draws, losses } = p.results;
  // The owner's own page has the account's settings; a closed account's page says so, and has none.
  const own = !p.closed && me?.name.toLowerCase() === p.name.toLowerCase();
  root.replaceChildren(h('div', { class: 'player-page' },
    h('h1', { class: p.closed ? 'closed-account' : '' }, p.name, p.closed ? h('span', { class: 'closed-mark' }, t('common.closed')) : ''),
    p.closed ? h('p', { class: 'closed-note', 'data-testid': 'account-closed' }, t('player.closedNote')) : '',
    h('p', { 'data-testid': 'results' }, t('player.results', { wins: t('player.wins', { count: wins }), draws: t('player.draws', { count: draws }), losses: t('player.losses', { count: losses }) })),
    h('section', {}, h('h2', {}, t('player.ratings')),
      h('div', { class: 'table-wrap' }, h('table', { class: 'ratings player-ratings', 'data-testid': 'ratings' },
        h('thead', {}, h('tr', {}, h('th', {}, t('common.game')), h('th', { class: 'num' }, t('common.rating')), h('th', { class: 'num' }, t('common.games')), h('th', { class: 'num', title: t('player.wdlTitle') }, t('player.wdl')))),
        ratings))),
    p.history.length ? h('section', {}, h('h2', {}, t('player.history')), h('div', { class: 'rating-chart' }, canvas)) : '',
    playerGames(p.name),
    own ? accountSettings(p.name) : ''));
  if (p.history.length) await drawRatingHistory(canvas, p);
}
