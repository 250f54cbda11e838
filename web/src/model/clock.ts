// Clocks in words: the time left as a clock shows it, a time control as the new-game form
// names it, and the form's choices as the server takes them.
import type { Clock } from '../api/types';

// 1:05:03, 4:59, 9.8 (tenths under 10 s), 2d 03:00 for correspondence.
export function clockText(ms: number): string {
  if (ms < 10000) return (Math.max(0, ms) / 1000).toFixed(1);
  const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d) return `${d}d ${two(hh)}:${two(mm)}`;
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

// "5 min + 3 s", "10 min, then 30 s a move", "10 s a move", "1 day a move", "No clock": as the
// new-game form names them.
export function timeControlText(clock: Clock | null, days?: number | null): string {
  const d = days ?? clock?.days_per_move;
  if (d) return `${d} day${d > 1 ? 's' : ''} a move`;
  if (!clock) return 'No clock';
  const min = clock.initial_ms / 60000;
  const main = min >= 1 ? `${min} min` : `${clock.initial_ms / 1000} s`;
  const byoyomi = `${clock.byoyomi_ms / 1000} s a move`;
  if (clock.byoyomi_ms) return clock.initial_ms ? `${main}, then ${byoyomi}` : byoyomi;
  return `${main} + ${clock.increment_ms / 1000} s`;
}

// The new-game form's time controls as [value, label]: "minutes+seconds" (increment),
// "minutes|seconds" (byoyomi, the shogi games only) or "Nd" (days per move); "" for none.
export function timeControls(game: string): [string, string][] {
  const choices: [string, string][] = [['', 'No clock'], ['1+0', '1 min'], ['3+2', '3 min + 2 s'], ['5+3', '5 min + 3 s'], ['10+5', '10 min + 5 s'], ['15+10', '15 min + 10 s'], ['30+20', '30 min + 20 s']];
  if (game !== 'xiangqi') choices.push(['10|30', '10 min, then 30 s a move (byoyomi)'], ['0|10', '10 s a move (byoyomi)']);
  choices.push(['1d', '1 day a move'], ['3d', '3 days a move']);
  return choices;
}

// A time control's value as the new game's fields (docs/api.md, "Games").
export function clockSpec(tc: string): Record<string, unknown> {
  if (!tc) return {};
  if (tc.endsWith('d')) return { days_per_move: Number(tc.slice(0, -1)) };
  const [main, extra] = tc.split(/[+|]/).map(Number);
  return tc.includes('|')
    ? { clock: { initial_ms: main * 60000, byoyomi_ms: extra * 1000 } }
    : { clock: { initial_ms: main * 60000, increment_ms: extra * 1000 } };
}
