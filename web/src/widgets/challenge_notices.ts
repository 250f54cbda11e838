// The challenges made to the logged-in player by name (docs/api.md, Challenges by name), shown at
// once under every page's header with Accept and Decline (their account's event stream).
import { act, variants } from '../api/client';
import { followEvents } from '../api/event_stream';
import type { NamedChallenge } from '../api/types';
import { ACCOUNT_EVENTS } from '../api/urls';
import { timeControlText } from '../model/clock';
import { GAME_NAMES } from '../model/games';
import { describeOptions } from '../model/rule_options';
import { h, oneAtATime } from './dom';
import { playerLink } from './players';

// The notices under the page's header; follows the account's stream for as long as the page lives.
export function challengeNotices(header: HTMLElement) {
  const box = h('div', { class: 'challenge-notices', 'data-testid': 'challenge-notices', role: 'status', hidden: '' });
  header.after(box);
  const error = h('div', { class: 'error' });
  async function show(list: NamedChallenge[]) {
    const all = await variants();
    box.replaceChildren(...list.map((c) => {
      const v = all.find((x) => x.id === c.game);
      // The challenger plays c.color: the player gets the other side.
      const side = v ? v.colors[c.color === 'first' ? 1 : 0] : '';
      const rules = [c.setup, describeOptions(c.game, c.options)].filter(Boolean).join(', ');
      return h('div', { class: 'notice', 'data-id': c.id, 'data-testid': 'challenge-notice' },
        h('span', {}, h('b', {}, playerLink(c.from)), ` challenges you: ${GAME_NAMES[c.game] ?? c.game}${rules ? ` (${rules})` : ''}, ${timeControlText(c.clock, c.days_per_move)}${side ? `; you play ${side}` : ''}`),
        h('button', { class: 'primary', 'data-testid': 'notice-accept', onclick: oneAtATime(async () => {
          try {
            await act(c.id, 'join', '');
            location.href = `/g/${c.id}`;
          } catch (e) {
            error.textContent = (e as Error).message;
          }
        }) }, 'Accept'),
        h('button', { 'data-testid': 'notice-decline', onclick: oneAtATime(async () => {
          try {
            await act(c.id, 'decline', '');
          } catch (e) {
            error.textContent = (e as Error).message;
          }
        }) }, 'Decline'));
    }), error);
    box.hidden = list.length === 0 && !error.textContent;
  }
  followEvents(ACCOUNT_EVENTS, {
    onEvent: (name, data) => { if (name === 'challenges') show(JSON.parse(data).challenges); },
    onLost: () => {},
    onBack: () => {},
    onRefused: () => {},
  });
}
