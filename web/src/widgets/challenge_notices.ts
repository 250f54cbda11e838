// The challenges made to the logged-in player by name (docs/api.md, Challenges by name), shown at
// once under every page's header with Accept and Decline (their account's event stream).
import { act, variants } from '../api/client';
import { followEvents } from '../api/event_stream';
import type { NamedChallenge } from '../api/types';
import { ACCOUNT_EVENTS } from '../api/urls';
import { t, tParts } from '../i18n';
import { timeControlText } from '../model/clock';
import { errorText } from '../model/error_words';
import { colorOf, gameName, setupName } from '../model/games';
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
      const side = v ? colorOf(v, c.color === 'first' ? 'second' : 'first') : '';
      const rules = [c.setup && setupName(c.setup), describeOptions(c.game, c.options)].filter(Boolean).join(t('common.listSeparator'));
      const game = gameName(c.game), time = timeControlText(c.clock, c.days_per_move);
      const terms = rules ? t('account.termsWithRules', { game, rules, time }) : t('account.terms', { game, time });
      return h('div', { class: 'notice', 'data-id': c.id, 'data-testid': 'challenge-notice' },
        h('span', {}, ...tParts('account.challengesYou', { name: h('b', {}, playerLink(c.from)) },
          { terms: side ? t('account.termsYouPlay', { terms, side }) : terms })),
        h('button', { class: 'primary', 'data-testid': 'notice-accept', onclick: oneAtATime(async () => {
          try {
            await act(c.id, 'join', '');
            location.href = `/g/${c.id}`;
          } catch (e) {
            error.textContent = errorText(e);
          }
        }) }, t('common.accept')),
        h('button', { 'data-testid': 'notice-decline', onclick: oneAtATime(async () => {
          try {
            await act(c.id, 'decline', '');
          } catch (e) {
            error.textContent = errorText(e);
          }
        }) }, t('common.decline')));
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
