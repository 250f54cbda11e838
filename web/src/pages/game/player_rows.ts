// A player row per side: the name (with rating, linked to the account's page) and the clock.
// The clocks tick here from the last state the server sent; the server keeps the real time.
// While the connection is lost the clocks stand at what the server last said: whether time ran
// out meanwhile is the server's to say once the page is back.
import type { Clock, GameState, Side, VariantInfo } from '../../api/types';
import { t } from '../../i18n';
import { clockText } from '../../model/clock';
import { colorOf, other, SIDES } from '../../model/games';
import { h } from '../../widgets/dom';
import { seatView } from '../../widgets/players';

export function playerRows(v: VariantInfo) {
  const side = (s: Side) => {
    const clock = h('div', { class: 'clock', 'data-testid': `clock-${s}` });
    const name = h('div', { class: 'player-name', 'data-testid': `name-${s}` });
    return { clock, name, row: h('div', { class: 'player-row' }, name, clock) };
  };
  const els = { first: side('first'), second: side('second') };
  const topRow = h('div', { class: 'top-row' }), bottomRow = h('div', { class: 'bottom-row' });
  let clock: Clock | null = null, clockAt = performance.now(), connected = true, stoppedAt = 0;

  const tick = () => {
    const c = clock;
    for (const s of SIDES) {
      const el = els[s].clock;
      el.hidden = !c;
      if (!c) continue;
      const running = connected && c.running === s;
      const ms = (s === 'first' ? c.first_ms : c.second_ms) - (c.running === s ? (connected ? performance.now() : stoppedAt) - clockAt : 0);
      const text = clockText(ms, !!c.days_per_move);
      el.textContent = (s === 'first' ? c.first_byoyomi : c.second_byoyomi) ? t('time.onByoyomi', { clock: text }) : text;
      el.classList.toggle('running', running);
      el.classList.toggle('low', ms < 10000);
    }
  };
  setInterval(tick, 100);

  return {
    topRow,
    bottomRow,
    // The player's own row below the board, the opponent's above (as the board is oriented).
    place(bottom: Side) {
      topRow.replaceChildren(els[other(bottom)].row);
      bottomRow.replaceChildren(els[bottom].row);
    },
    show(g: GameState, me: Side | null) {
      clock = g.clock;
      clockAt = performance.now();
      tick();
      for (const s of SIDES) {
        // "Black · Bob (1500?) +12 (you)", the account's name a link to its page.
        els[s].name.replaceChildren(t('game.seat', { side: colorOf(v, s) }), seatView(g.players[s]), me === s ? t('common.you') : '');
        els[s].row.classList.toggle('to-move', g.status === 'playing' && g.side_to_move === s);
      }
    },
    lost() {
      if (connected) stoppedAt = performance.now();
      connected = false;
      tick();
    },
    back() {
      connected = true;
    },
  };
}
