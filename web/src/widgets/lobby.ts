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
import { gameAndSeats, myName, playerLink } from './players';
import { keepSeatToken } from './seat_tokens';

const colorText = (c: Challenge, v: VariantInfo | undefined) =>
  c.color === 'random' ? 'Random' : v ? `${v.colors[c.color === 'first' ? 1 : 0]}` : '';

// Two sections, placed apart on a phone: the challenges and the games being played.
export function lobbyView(all: VariantInfo[]): { challenges: HTMLElement; playing: HTMLElement } {
  const challenges = h('tbody', { 'data-testid': 'challenges' });
  const playing = h('ul', { class: 'playing', 'data-testid': 'playing' });
  const error = h('div', { class: 'error' });
  const mine = (c: Challenge) => !!localStorage.getItem(seatTokenKey(c.id));
  // A rating range: the rated challenges whose challenger is rated outside it are not shown.
  const rangeInput = (placeholder: string, testid: string) =>
    h('input', { type: 'number', min: '0', max: '4000', step: '50', placeholder, class: 'rating-bound', 'data-testid': testid }) as HTMLInputElement;
  const low = rangeInput('from', 'rating-min'), high = rangeInput('to', 'rating-max');
  const inRange = (c: Challenge) =>
    !c.rated || c.rating == null || ((!low.value || c.rating >= Number(low.value)) && (!high.value || c.rating <= Number(high.value)));
  let last: Lobby | undefined;
  low.oninput = high.oninput = () => { if (last) show(last); };

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

  function show(lobby: Lobby) {
    last = lobby;
    challenges.innerHTML = '';
    for (const c of lobby.challenges.filter(inRange)) {
      const v = all.find((x) => x.id === c.game);
      const rules = [c.setup, describeOptions(c.game, c.options)].filter(Boolean).join(', ') || 'Standard';
      challenges.append(h('tr', { 'data-id': c.id },
        h('td', {}, playerLink(c.account, c.name || c.account || 'Anonymous')),
        h('td', { 'data-testid': 'challenge-rating' }, c.rating ? ratingText(c.rating, c.provisional) : ''),
        h('td', {}, c.rated ? 'Rated' : 'Casual'),
        h('td', {}, GAME_NAMES[c.game] ?? c.game),
        h('td', {}, rules),
        h('td', {}, timeControlText(c.clock, c.days_per_move)),
        h('td', { title: 'the side you get' }, colorText(c, v)),
        h('td', {}, mine(c)
          ? h('a', { href: `/g/${c.id}` }, 'Yours')
          : h('button', { class: 'primary', 'data-testid': 'accept-challenge', onclick: oneAtATime(() => accept(c)) }, 'Accept'))));
    }
    if (!challenges.children.length) challenges.append(h('tr', {}, h('td', { colspan: '8', class: 'hint' }, 'No open challenges. Create one!')));
    playing.innerHTML = '';
    for (const g of lobby.playing as LiveGame[])
      playing.append(h('li', {}, ...gameAndSeats(g.id, g.game, g.players),
        h('span', { class: 'hint' }, ` · move ${g.ply}${g.clock ? ` · ${timeControlText(g.clock)}` : ''}`)));
    if (!lobby.playing.length) playing.append(h('li', { class: 'hint' }, 'No game is being played right now.'));
  }

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
        challenges)),
      error),
    playing: h('section', { class: 'playing-now' }, h('h2', {}, 'Playing now'), playing),
  };
}
