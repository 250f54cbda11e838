// The lobby on the home page: open challenges with an Accept button, and the games being played
// now, both live from the server's lobby stream.
import { act } from '../api/client';
import { followEvents } from '../api/event_stream';
import type { Challenge, LiveGame, Lobby, VariantInfo } from '../api/types';
import { LOBBY_EVENTS } from '../api/urls';
import { t } from '../i18n';
import { timeControlText } from '../model/clock';
import { movesText } from '../model/notation';
import { errorText } from '../model/error_words';
import { colorOf, gameName, setupName } from '../model/games';
import { ratingText } from '../model/players';
import { describeOptions } from '../model/rule_options';
import { seatTokenKey } from '../model/storage_keys';
import { h, oneAtATime } from './dom';
import { gameAndSeatsTree, myName, playerLinkTree } from './players';
import { keepSeatToken } from './seat_tokens';
import { h as vh, view } from './view';

// The side the one who accepts gets: the other of the challenger's.
const colorText = (c: Challenge, v: VariantInfo | undefined) =>
  c.color === 'random' ? t('common.random') : v ? colorOf(v, c.color === 'first' ? 'second' : 'first') : '';

// Two sections, placed apart on a phone: the challenges and the games being played.
export function lobbyView(all: VariantInfo[]): { challenges: HTMLElement; playing: HTMLElement } {
  const error = h('div', { class: 'error' });
  const mine = (c: Challenge) => !!localStorage.getItem(seatTokenKey(c.id));
  // A rating range: the rated challenges whose challenger is rated outside it are not shown.
  const rangeInput = (placeholder: string, testid: string) =>
    h('input', { type: 'number', min: '0', max: '4000', step: '50', placeholder, class: 'rating-bound', 'data-testid': testid }) as HTMLInputElement;
  const low = rangeInput(t('lobby.from'), 'rating-min'), high = rangeInput(t('lobby.to'), 'rating-max');
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
      error.textContent = errorText(e);
    }
  }

  const challengeRow = (c: Challenge) => {
    const rules = [c.setup && setupName(c.setup), describeOptions(c.game, c.options)].filter(Boolean).join(t('common.listSeparator')) || t('common.standard');
    return vh('tr', { key: c.id, attrs: { 'data-id': c.id } }, [
      vh('td', [playerLinkTree(c.account, c.name || c.account || t('common.anonymous'))]),
      vh('td', { attrs: { 'data-testid': 'challenge-rating' } }, c.rating ? ratingText(c.rating, c.provisional) : ''),
      vh('td', t(c.rated ? 'common.rated' : 'common.casual')),
      vh('td', gameName(c.game)),
      vh('td', rules),
      vh('td', timeControlText(c.clock, c.days_per_move)),
      vh('td', { attrs: { title: t('lobby.sideYouGet') } }, colorText(c, all.find((x) => x.id === c.game))),
      vh('td', [mine(c)
        ? vh('a', { attrs: { href: `/g/${c.id}` } }, t('lobby.yours'))
        : vh('button.primary', { attrs: { 'data-testid': 'accept-challenge' }, on: { click: oneAtATime(() => accept(c)) } }, t('common.accept'))]),
    ]);
  };
  const challenges = view(() => {
    const shown = (last?.challenges ?? []).filter(inRange);
    return vh('tbody', { attrs: { 'data-testid': 'challenges' } }, !last ? [] : shown.length ? shown.map(challengeRow)
      : [vh('tr', [vh('td.hint', { attrs: { colspan: 8 } }, t('lobby.none'))])]);
  });
  const liveGame = (g: LiveGame) => vh('li', { key: g.id }, [...gameAndSeatsTree(g.id, g.game, g.players),
    vh('span.hint', ` · ${movesText(g.game, g.ply)}${g.clock ? ` · ${timeControlText(g.clock)}` : ''}`)]);
  const playing = view(() => vh('ul.playing', { attrs: { 'data-testid': 'playing' } }, !last ? []
    : last.playing.length ? last.playing.map(liveGame) : [vh('li.hint', t('lobby.noneplaying'))]));
  const show = (lobby: Lobby) => {
    last = lobby;
    challenges.redraw();
    playing.redraw();
  };
  low.oninput = high.oninput = () => challenges.redraw();

  followEvents(LOBBY_EVENTS, {
    onEvent: (name, data) => { if (name === 'lobby') show(JSON.parse(data)); },
    onLost: () => { error.textContent = t('lobby.lost'); },
    onBack: () => { error.textContent = ''; },
    onRefused: () => { error.textContent = t('lobby.unavailable'); },
  });

  return {
    challenges: h('section', { class: 'lobby' },
      h('h2', {}, t('lobby.openChallenges')),
      h('div', { class: 'rating-range' }, `${t('lobby.rating')} `, low, ' – ', high),
      h('div', { class: 'table-wrap' }, h('table', { class: 'challenges' },
        h('thead', {}, h('tr', {}, ...['common.player', 'common.rating', '', 'common.game', 'common.rules', 'lobby.time', 'lobby.youPlay', ''].map((key) => h('th', {}, key && t(key))))),
        challenges.el)),
      error),
    playing: h('section', { class: 'playing-now' }, h('h2', {}, t('lobby.playingNow')), playing.el),
  };
}
