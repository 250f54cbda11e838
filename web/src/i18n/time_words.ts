// Time in words and on the clocks, in the page's language: "5 min + 3 s", "10 min, then 30 s a
// move", "1 day a move" / "3 days a move", "No clock", and the clock's "2d 03:00". The numbers
// stay Arabic in every language (as clocks and lishogi's Japanese pages write them).
import { t } from './index';

// What a time control is made of, as the server's clock and a challenge give it.
export interface TimeControl {
  initial_ms: number;
  increment_ms: number;
  byoyomi_ms: number;
}

export const minutesText = (n: number) => t('time.minutes', { count: n });
export const secondsText = (n: number) => t('time.seconds', { count: n });
export const daysPerMoveText = (n: number) => t('time.daysPerMove', { count: n });
export const secondsPerMoveText = (n: number) => t('time.secondsPerMove', { count: n });
export const incrementText = (main: string, increment: string) => t('time.increment', { main, increment });
export const thenByoyomiText = (main: string, byoyomi: string) => t('time.thenByoyomi', { main, byoyomi });

// "5 min + 3 s", "10 min, then 30 s a move", "10 s a move", "1 day a move", "No clock": as the
// new-game form names them. `days`: a correspondence game's days per move, which wins.
export function timeControlText(clock: TimeControl | null, days?: number | null): string {
  if (days) return daysPerMoveText(days);
  if (!clock) return t('time.noClock');
  const min = clock.initial_ms / 60000;
  const main = min >= 1 ? minutesText(min) : secondsText(clock.initial_ms / 1000);
  if (clock.byoyomi_ms) {
    const byoyomi = secondsPerMoveText(clock.byoyomi_ms / 1000);
    return clock.initial_ms ? thenByoyomiText(main, byoyomi) : byoyomi;
  }
  return incrementText(main, secondsText(clock.increment_ms / 1000));
}

// A clock: 1:05:03, 4:59, 9.8 (tenths under 10 s), 2d 03:00 for correspondence.
export function clockText(ms: number): string {
  if (ms < 10000) return (Math.max(0, ms) / 1000).toFixed(1);
  const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d) return t('time.clockDays', { count: d, time: `${two(hh)}:${two(mm)}` });
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}
