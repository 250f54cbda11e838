// How the pages write and read moves and records: the record formats each game is written in,
// a shogi move's parts, a score and a count of plies in words.
import type { AnalysisInfo, Judgement } from '../api/types';
import { t } from '../i18n';

// The record format written in a notation (docs/api.md, GET /api/games/ID/record): PGN in WXF,
// ICCS or Chinese for xiangqi, KIF (Japanese) and USI for the shogi games. Western has none of
// its own.
const RECORD_OF: Record<string, string> = { wxf: 'pgn', iccs: 'iccs', chinese: 'chinese', 'chinese-traditional': 'chinese-traditional', japanese: 'kif', usi: 'usi' };
// The record formats a game page offers, the one in the player's notation first.
export function recordFormats(game: string, notation = ''): string[] {
  const all = game === 'xiangqi' ? ['usi', 'pgn', 'chinese', 'chinese-traditional', 'iccs'] : ['usi', 'gc', 'kif'];
  const mine = RECORD_OF[notation];
  return mine && all.includes(mine) ? [mine, ...all.filter((f) => f !== mine)] : all;
}
export const formatName = (format: string) => t(`game.formats.${format}`);
// An annotated record: KIF for the shogi games, PGN for xiangqi (in the player's notation).
export function annotatedFormat(game: string, notation = ''): string {
  if (game !== 'xiangqi') return 'kif';
  const mine = RECORD_OF[notation];
  return mine && mine !== 'usi' ? mine : 'pgn';
}

// Shogi move text: 7g7f, 7g7f+, 7g7f7e (Lion: first step, then the end square), P*5e.
export interface ShogiMove {
  from?: string;
  mid?: string;
  to: string;
  promote: boolean;
  drop?: string;  // dropped piece token
  text: string;
}

const BOARD_MOVE = /^(\d{1,2}[a-l])(\d{1,2}[a-l])(\d{1,2}[a-l])?(\+)?$/;
const DROP_MOVE = /^(\+?[A-Z])\*(\d{1,2}[a-l])$/;

export function parseShogiMove(text: string): ShogiMove | null {
  const d = DROP_MOVE.exec(text);
  if (d) return { drop: d[1], to: d[2], promote: false, text };
  const m = BOARD_MOVE.exec(text);
  if (!m) return null;
  return m[3]
    ? { from: m[1], mid: m[2], to: m[3], promote: !!m[4], text }
    : { from: m[1], to: m[2], promote: !!m[4], text };
}

// "+0.35", "-1.20", "mate in 3", "mated in 2": for the side to move. A mate counts the mating
// side's moves, as engines do; Japanese counts plies (3手詰み for a mate in 2), so `plies` goes too.
export function scoreText(i: AnalysisInfo): string {
  if (i.mate !== null && i.mate !== undefined)
    return i.mate > 0 ? t('analysis.mateIn', mateCount(i.mate)) : t('analysis.matedIn', { count: -i.mate, plies: -2 * i.mate });
  return `${i.score >= 0 ? '+' : ''}${(i.score / 100).toFixed(2)}`;
}

// A mate in `moves` of the side to move: the count and its plies (the last move mates).
export const mateCount = (moves: number) => ({ count: moves, plies: 2 * moves - 1 });

// A game's length in a list, "N moves" in every list: the shogi games count each move (手), as
// lishogi and KIF do; xiangqi counts move pairs (回合), as Chinese sites and PGN number them.
export const movesText = (game: string, plies: number) =>
  game === 'xiangqi' ? t('common.movesXiangqi', { count: Math.ceil(plies / 2) }) : t('common.movesShogi', { count: plies });

// A judged move's glyph, as lichess and the annotated records write it.
export const GLYPHS: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };
