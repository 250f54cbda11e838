// The lobby on the home page: open challenges with an Accept button, and the games being played
// now, both live from the server's lobby stream.
import { act } from '../api/client';
import { followEvents } from '../api/event_stream';
import type { Challenge, LiveGame, Lobby, VariantInfo } from '../api/types';
import { LOBBY_EVENTS } from '../api/urls';
import { timeControlText } from '../model/clock';
import { GAME_NAMES } from '../model/games';
import { ratingText } from '../model/players';
import { describeOptions } from '../model/rule_options';
import { seatTokenKey } from '../model/storage_keys';
import { h, oneAtATime } from './dom';
import { gameAndSeatsTree, myName, playerLinkTree } from './players';
import { keepSeatToken } from './seat_tokens';
import { h as vh, view } from './view';

const colorText = (c: Challenge, v: VariantInfo | undefined) =>
  c.color === 'random' ? 'Random' : v ? `${v.colors[c.color === 'first' ? 1 : 0]}` : '';

// Two sections, placed apart on a phone: the challenges and the games being played.
export function lobbyView(all: VariantInfo[]): { challenges: HTMLElement; playing: HTMLElement } {
  const error = h('div', { class: 'error' });
  const mine = (c: Challenge) => !!localStorage.getItem(seatTokenKey(c.id));
  // A rating range: the rated challenges whose challenger is rated outside it are not shown.
  const rangeInput = (placeholder: string, testid: string) =>
    h('input', { type: 'number', min: '0', max: '4000', step: '50', placeholder, class: 'rating-bound', 'data-testid': testid }) as HTMLInputElement;
  const low = rangeInput('from', 'rating-min'), high = rangeInput('to', 'rating-max');
  const inRange = (c: Challenge) =>
    !c.rated || c.rating == null || ((!low.value || c.rating >= Number(low.value)) && (!high.value || c.rating <= Number(high.value)));
  let last: Lobby | undefined;

  async function accept(c: Challenge) {
    error.textContent = '';
    try {
      const g = await act(c.id, 'join', '', { name: await myName() });
      await keepSeatToken(c.id, g.token);
      location.href = `/g/${c.id}`;
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  }

  const challengeRow = (c: Challenge) => {
    const rules = [c.setup, describeOptions(c.game, c.options)].filter(Boolean).join(', ') || 'Standard';
    return vh('tr', { key: c.id, attrs: { 'data-id': c.id } }, [
      vh('td', [playerLinkTree(c.account, c.name || c.account || 'Anonymous')]),
      vh('td', { attrs: { 'data-testid': 'challenge-rating' } }, c.rating ? ratingText(c.rating, c.provisional) : ''),
      vh('td', c.rated ? 'Rated' : 'Casual'),
      vh('td', GAME_NAMES[c.game] ?? c.game),
      vh('td', rules),
      vh('td', timeControlText(c.clock, c.days_per_move)),
      vh('td', { attrs: { title: 'the side you get' } }, colorText(c, all.find((x) => x.id === c.game))),
      vh('td', [mine(c)
        ? vh('a', { attrs: { href: `/g/${c.id}` } }, 'Yours')
        : vh('button.primary', { attrs: { 'data-testid': 'accept-challenge' }, on: { click: oneAtATime(() => accept(c)) } }, 'Accept')]),
    ]);
  };
  const challenges = view(() => {
    const shown = (last?.challenges ?? []).filter(inRange);
    return vh('tbody', { attrs: { 'data-testid': 'challenges' } }, !last ? [] : shown.length ? shown.map(challengeRow)
      : [vh('tr', [vh('td.hint', { attrs: { colspan: 8 } }, 'No open challenges. Create one!')])]);
  });
  const liveGame = (g: LiveGame) => vh('li', { key: g.id }, [...gameAndSeatsTree(g.id, g.game, g.players),
    vh('span.hint', ` · move ${g.ply}${g.clock ? ` · ${timeControlText(g.clock)}` : ''}`)]);
  const playing = view(() => vh('ul.playing', { attrs: { 'data-testid': 'playing' } }, !last ? []
    : last.playing.length ? last.playing.map(liveGame) : [vh('li.hint', 'No game is being played right now.')]));
  const show = (lobby: Lobby) => {
    last = lobby;
    challenges.redraw();
    playing.redraw();
  };
  low.oninput = high.oninput = () => challenges.redraw();

  followEvents(LOBBY_EVENTS, {
    onEvent: (name, data) => { if (name === 'lobby') show(JSON.parse(data)); },
    onLost: () => { error.textContent = 'Connection lost: reconnecting…'; },
    onBack: () => { error.textContent = ''; },
    onRefused: () => { error.textContent = 'The lobby is not available on this server.'; },
  });

  return {
    challenges: h('section', { class: 'lobby' },
      h('h2', {}, 'Open challenges'),
      h('div', { class: 'rating-range' }, 'Rating ', low, ' – ', high),
      h('div', { class: 'table-wrap' }, h('table', { class: 'challenges' },
        h('thead', {}, h('tr', {}, ...['Player', 'Rating', '', 'Game', 'Rules', 'Time', 'You play', ''].map((t) => h('th', {}, t)))),
        challenges.el)),
      error),
    playing: h('section', { class: 'playing-now' }, h('h2', {}, 'Playing now'), playing.el),
  };
}
