// What waits for the logged-in player (docs/api.md, Challenges by name): the challenges made to
// them by name, shown at once on every page with Accept and Decline (their account's event
// stream), and on the home page the games where it is their move.
import { act, variants, yourTurn } from '../api/client';
import { followEvents } from '../api/event_stream';
import { GAME_NAMES } from '../pages/game/game_page';
import { timeControlText } from '../model/game_state';
import type { ChallengeTerms } from './lobby';
import { describeOptions } from '../model/rule_options';
import { playerLink, seatView } from './players';
import { h, oneAtATime } from './dom';

interface NamedChallenge extends ChallengeTerms {
  color: 'first' | 'second';
  from: string;
}

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
  followEvents('/api/account/events', {
    onEvent: (name, data) => { if (name === 'challenges') show(JSON.parse(data).challenges); },
    onLost: () => {},
    onBack: () => {},
    onRefused: () => {},
  });
}

// The home page's "Your turn": the player's games where it is their move, correspondence included.
export function yourTurnView(): HTMLElement {
  const list = h('ul', { class: 'your-turn', 'data-testid': 'your-turn' });
  const section = h('section', { class: 'your-turn-box', hidden: '' }, h('h2', {}, 'Your turn'), list);
  const load = async () => {
    try {
      const { games } = await yourTurn();
      list.replaceChildren(...games.map((g) => {
        // The game's name links to it, the opponent's to their page.
        return h('li', {}, h('a', { href: `/g/${g.id}` }, GAME_NAMES[g.game] ?? g.game), ' against ', seatView(g.opponent),
          h('span', { class: 'hint' }, ` · move ${g.plies + 1}${g.days_per_move ? ` · ${g.days_per_move} days a move` : ''}`));
      }));
      if (!games.length) list.append(h('li', { class: 'hint' }, 'No game waits for your move.'));
      section.hidden = false;
    } catch {
      section.hidden = true;  // not logged in
    }
  };
  load();
  setInterval(load, 30000);
  return section;
}
