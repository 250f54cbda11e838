// Clocks in words: the time left as a clock shows it, a time control as the new-game form
// names it, and the form's choices as the server takes them.
import type { Clock } from '../api/types';
import { t } from '../i18n';
import {
  daysPerMoveText, incrementText, minutesText, secondsPerMoveText, secondsText, thenByoyomiText,
} from '../i18n/time_words';

// 1:05:03, 4:59, 9.8 (tenths under 10 s); `days` (a correspondence game's clocks): always days and
// hours:minutes, 1d 00:00 beside 0d 23:55, so that the two clocks read alike.
export function clockText(ms: number, days = false): string {
  const s = Math.floor(Math.max(0, ms) / 1000), d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days || d) return t('time.clockDays', { count: d, time: `${two(hh)}:${two(mm)}` });
  if (ms < 10000) return (Math.max(0, ms) / 1000).toFixed(1);
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

// "5 min + 3 s", "10 min, then 30 s a move", "10 s a move", "1 day a move", "No clock": as the
// new-game form names them.
export function timeControlText(clock: Pick<Clock, 'initial_ms' | 'increment_ms' | 'byoyomi_ms' | 'days_per_move'> | null, days?: number | null): string {
  const d = days ?? clock?.days_per_move;
  if (d) return daysPerMoveText(d);
  if (!clock) return t('time.noClock');
  const min = clock.initial_ms / 60000;
  const main = min >= 1 ? minutesText(min) : secondsText(clock.initial_ms / 1000);
  const byoyomi = secondsPerMoveText(clock.byoyomi_ms / 1000);
  if (clock.byoyomi_ms) return clock.initial_ms ? thenByoyomiText(main, byoyomi) : byoyomi;
  return incrementText(main, secondsText(clock.increment_ms / 1000));
}

// The new-game form's time controls as [value, label]: "minutes+seconds" (increment),
// "minutes|seconds" (byoyomi, the shogi games only) or "Nd" (days per move); "" for none.
export function timeControls(game: string): [string, string][] {
  const values = ['', '1+0', '3+2', '5+3', '10+5', '15+10', '30+20', ...(game !== 'xiangqi' ? ['10|30', '0|10'] : []), '1d', '3d'];
  return values.map((v) => [v, timeControlWords(v)]);
}

// A choice's words: "No clock", "1 min" (no increment), "3 min + 2 s", "10 min, then 30 s a move
// (byoyomi)", "1 day a move".
function timeControlWords(tc: string): string {
  if (!tc) return t('time.noClock');
  if (tc.endsWith('d')) return daysPerMoveText(Number(tc.slice(0, -1)));
  const [main, extra] = tc.split(/[+|]/).map(Number);
  const mainText = main ? minutesText(main) : '';
  if (tc.includes('|')) {
    const byoyomi = secondsPerMoveText(extra);
    return t('time.byoyomiChoice', { time: main ? thenByoyomiText(mainText, byoyomi) : byoyomi });
  }
  return extra ? incrementText(mainText, secondsText(extra)) : mainText;
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
