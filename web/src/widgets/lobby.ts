// The lobby on the home page: open challenges with an Accept button, and the games being played
// now, both live from the server's lobby stream.
import { keepSeatToken } from './account_bar';
import { act, type Side, type VariantInfo } from '../api/client';
import { GAME_NAMES } from '../pages/game/game_page';
import { followEvents } from '../api/event_stream';
import { type Clock, timeControlText } from '../model/game_state';
import { myName, playerLink, ratingText, type Seat, seatView } from './players';
import { describeOptions } from '../model/rule_options';
import { type Child, h, oneAtATime } from './dom';

// What every challenge says of the game it offers (the lobby's, and those to one player).
export interface ChallengeTerms {
  id: string;
  game: string;
  options: string[];
  setup: string;
  clock: Clock | null;
  days_per_move: number | null;
}

// GET /api/lobby and the lobby's event stream (docs/api.md).
export interface Challenge extends ChallengeTerms {
  color: Side | 'random';
  name: string | null;
  account: string | null;  // the challenger's account, for a link to its page
  rated: boolean;
  rating: number | null;  // the challenger's, in a rated challenge
  provisional: boolean;
  created: string | number;
}

export interface LiveGame {
  id: string;
  game: string;
  players: Record<Side, Seat>;
  ply: number;
  clock: Clock | null;
  updated: string | number;
}

export interface Lobby { challenges: Challenge[]; playing: LiveGame[] }

const colorText = (c: Challenge, v: VariantInfo | undefined) =>
  c.color === 'random' ? 'Random' : v ? `${v.colors[c.color === 'first' ? 1 : 0]}` : '';

// Two sections, placed apart on a phone: the challenges and the games being played.
export function lobbyView(all: VariantInfo[]): { challenges: HTMLElement; playing: HTMLElement } {
  const challenges = h('tbody', { 'data-testid': 'challenges' });
  const playing = h('ul', { class: 'playing', 'data-testid': 'playing' });
  const error = h('div', { class: 'error' });
  const mine = (c: Challenge) => !!localStorage.getItem(`kirin-token-${c.id}`);
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

  followEvents('/api/lobby/events', {
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

// "Xiangqi: Alice (1500?) vs Bob": the game's name a link to it, each account's name a link to its
// page (the home page's lists, a player's games).
export const gameAndSeats = (id: string, game: string, players: Record<Side, Seat>, self = ''): Child[] =>
  [h('a', { href: `/g/${id}` }, GAME_NAMES[game] ?? game), ': ', seatView(players.first, self), ' vs ', seatView(players.second, self)];
