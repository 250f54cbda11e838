// Players in words: a seat's name ("Kirin (level 4)", the player's name, or "Anonymous"), a rating
// and its change, the speeds a player is rated at.
import type { Seat } from '../api/types';
import { t } from '../i18n';

// A rating as players read it: "1500?" while it is provisional (its deviation above 110).
export const ratingText = (rating: number, provisional?: boolean) => `${rating}${provisional ? '?' : ''}`;
export const diffText = (diff: number) => (diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '±0');

export const seatName = (s: Seat | undefined) =>
  !s ? '?' : s.kind === 'kirin' ? t('common.kirinLevel', { level: s.strength }) : s.player || s.account || t('common.anonymous');

// " (1500?) +12": a seat's rating and, once rated, its change (after its name: "alice (1500?) +12").
export const ratingAfterName = (s: Seat | undefined) =>
  (s?.rating ? ` (${ratingText(s.rating, s.provisional)})` : '') + (s?.rating_diff != null ? ` ${diffText(s.rating_diff)}` : '');

export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
export const speedName = (s: string) => t(`speeds.${s}`, { defaultValue: s });

// Every player's rating starts here (Glicko-2's newcomer, as on lichess).
export const START_RATING = 1500;
