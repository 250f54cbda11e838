// Time in words, in the page's language: the parts model/clock.ts writes time controls with
// ("5 min", "3 s", "30 s a move", "1 day a move" / "3 days a move"). The numbers stay Arabic in
// every language, as clocks and lishogi's Japanese pages write them.
import { t } from './index';

export const minutesText = (n: number) => t('time.minutes', { count: n });
export const secondsText = (n: number) => t('time.seconds', { count: n });
export const daysPerMoveText = (n: number) => t('time.daysPerMove', { count: n });
export const secondsPerMoveText = (n: number) => t('time.secondsPerMove', { count: n });
export const incrementText = (main: string, increment: string) => t('time.increment', { main, increment });
export const thenByoyomiText = (main: string, byoyomi: string) => t('time.thenByoyomi', { main, byoyomi });
