// Tournaments in words and the facts the pages draw from an event (docs/api.md, "Tournaments"):
// its kind, length and terms, its start as a date and as a countdown, a pairing's result, the
// standings' columns for its kind, and a player's place in it (their game of the round).
import type { Pairing, Standing, Tournament, TournamentEvent, TournamentKind } from '../api/types';
import { currentLanguage, t } from '../i18n';
import { clockText, timeControlText } from './clock';
import { gameName } from './games';
import { describeOptions } from './rule_options';

export const KINDS: TournamentKind[] = ['swiss', 'round-robin', 'arena'];
const kindKey = (kind: TournamentKind) => (kind === 'round-robin' ? 'roundRobin' : kind);
export const kindName = (kind: TournamentKind) => t(`tournaments.kinds.${kindKey(kind)}`);
export const kindHint = (kind: TournamentKind) => t(`tournaments.kindHints.${kindKey(kind)}`);
export const statusName = (s: Tournament['status']) => t(`tournaments.status.${s}`);

// "Swiss, 5 rounds", "Arena, 30 min", "Double round robin".
export function kindText(e: Tournament): string {
  if (e.kind === 'arena') return t('tournaments.arenaOf', { minutes: e.minutes ?? 0 });
  if (e.kind === 'swiss') return t('tournaments.swissOf', { count: e.rounds ?? 0 });
  return t(e.double ? 'tournaments.doubleRoundRobin' : 'tournaments.kinds.roundRobin');
}

// The game and its rules, the clock, rated or casual: "Xiangqi · 5 min + 3 s · Rated".
export function termsText(e: Tournament): string {
  const rules = describeOptions(e.game, e.rules);
  const game = rules ? `${gameName(e.game)} (${rules})` : gameName(e.game);
  return [game, timeControlText(e.clock), t(e.rated ? 'common.rated' : 'common.casual')].join(' · ');
}

// A moment in the reader's language: "7 Dec 2026, 19:30".
export const dateText = (ms: number) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

// Time to go in whole seconds, as a clock shows it ("4:59", "0:07", "1d 02:00").
const countdown = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return s >= 10 ? clockText(s * 1000) : `0:0${Math.max(0, s)}`;
};

// A round robin's rounds for `players`: everyone meets everyone (twice if double), a round off
// each in an odd field.
export const roundRobinRounds = (players: number, double?: boolean) => (players + (players % 2) - 1) * (double ? 2 : 1);

// Where the event stands at `now`: its start counted down, the round being played (of how many,
// where known: a round robin's count needs its `players`), an arena's end, or when it ended.
export function whenText(e: Tournament, now: number, players = 0): string {
  if (e.status === 'created')
    return e.starts_at > now ? t('tournaments.startsIn', { time: countdown(e.starts_at - now) }) : t('tournaments.starting');
  if (e.status === 'started') {
    if (e.kind === 'arena') return e.ends_at && e.ends_at > now ? t('tournaments.endsIn', { time: countdown(e.ends_at - now) }) : t('tournaments.underWay');
    const of = e.kind === 'swiss' ? e.rounds ?? 0 : players > 1 ? roundRobinRounds(players, e.double) : 0;
    const what = !e.round ? t('tournaments.underWay') : of ? t('tournaments.roundOf', { n: e.round, of }) : t('tournaments.round', { n: e.round });
    // By correspondence: when what is being played must be done (a Swiss's round, a round robin's games).
    return e.deadline_days && e.ends_at ? t('tournaments.playBy', { what, date: dateText(e.ends_at) }) : what;
  }
  return e.ends_at ? t('tournaments.endedAt', { date: dateText(e.ends_at) }) : statusName(e.status);
}

// A pairing's result as the table shows it: the score, "playing", a bye, a round off, a forfeit.
export function resultWords(p: Pairing): string {
  switch (p.result) {
    case '': return t('tournaments.playing');
    case 'bye': return t('tournaments.bye');
    case 'off': return t('tournaments.roundOff');
    case '+-': return t('tournaments.forfeit', { score: '1-0' });
    case '-+': return t('tournaments.forfeit', { score: '0-1' });
    case '1/2-1/2': return '½-½';
    default: return p.result;
  }
}

// The standings' columns after the points, by kind: [catalog key of the heading, its long name's
// key, the cell's text].
export type Column = [string, string, (s: Standing) => string];
const points = (n: number | undefined) => (n ?? 0).toFixed(Number.isInteger(n ?? 0) ? 0 : 1);
export function tieBreakColumns(kind: TournamentKind): Column[] {
  if (kind === 'arena') return [['tournaments.sheet', 'tournaments.sheetTitle', (s) => s.sheet ?? '']];
  const sb: Column = ['tournaments.sb', 'tournaments.sbTitle', (s) => points(s.sonneborn_berger)];
  if (kind === 'round-robin') return [sb];
  return [['tournaments.bc1', 'tournaments.bc1Title', (s) => points(s.buchholz_cut1)], ['tournaments.bh', 'tournaments.bhTitle', (s) => points(s.buchholz)], sb];
}
export const pointsText = points;

const same = (a: string | null, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

// The player's line of the standings (account names are matched without regard to case).
export const standingOf = (e: TournamentEvent, name: string) => e.standings.find((s) => same(s.name, name));
// Playing in it: in the standings and not withdrawn.
export const playsIn = (e: TournamentEvent, name: string) => {
  const s = standingOf(e, name);
  return !!s && !s.withdrawn;
};
// The player's game being played now in a started event (its id), if any.
export const currentGameOf = (e: TournamentEvent, name: string): string | null =>
  (e.status === 'started' && e.pairings.find((p) => p.game && p.result === '' && (same(p.first, name) || same(p.second, name)))?.game) || null;

// Whether `name` may still berserk on their board under way: an arena's, not done yet (the server
// says when it is too late: a move made).
export function canBerserk(e: TournamentEvent, name: string): boolean {
  if (e.kind !== 'arena' || e.status !== 'started') return false;
  const p = e.pairings.find((b) => b.game && b.result === '' && (same(b.first, name) || same(b.second, name)));
  return !!p && !(same(p.first, name) ? p.berserk?.first : p.berserk?.second);
}

// The pairings by round, the last round first.
export function rounds(e: TournamentEvent): [number, Pairing[]][] {
  const by = new Map<number, Pairing[]>();
  for (const p of e.pairings) by.set(p.round, [...(by.get(p.round) ?? []), p]);
  return [...by.entries()].sort((a, b) => b[0] - a[0]).map(([r, ps]) => [r, ps.sort((a, b) => a.board - b.board)]);
}
