// The notation a player reads moves in (issue 46): one for xiangqi, one for the shogi games, the
// same on every page. The server writes every move (`?notation=` on its answers); the pages
// only choose, name and number them.
import type { Side } from '../api/types';
import { t } from '../i18n';

export type NotationFamily = 'xiangqi' | 'shogi';
export type NotationChoice = Record<NotationFamily, string>;

export const notationFamily = (game: string): NotationFamily => (game === 'xiangqi' ? 'xiangqi' : 'shogi');

// The notations of each family as the server names them (docs/api.md), the menu's order.
export const NOTATIONS: Record<NotationFamily, string[]> = {
  xiangqi: ['wxf', 'chinese', 'chinese-traditional', 'iccs'],
  shogi: ['western', 'japanese', 'usi'],
};

// The menu's names (notations.names.*), each with a move written in it, so that a player picks
// by sight.
export const notationName = (notation: string) => t(`notations.names.${notation}`);

// What the server writes where no notation is asked for (an action's answer): WXF for xiangqi,
// Game Courier (no choice of the menu) for the shogi games.
export const serverNotation = (game: string) => (game === 'xiangqi' ? 'wxf' : 'gc');

// The notation a player gets before choosing one, by the page's language: Chinese for zh-Hans,
// traditional Chinese for zh-Hant, Japanese for ja (as the Chinese sites and lishogi's Japanese
// pages write moves), WXF and Western otherwise.
export function defaultNotation(family: NotationFamily, language = 'en'): string {
  if (family === 'xiangqi') return language === 'zh-Hant' ? 'chinese-traditional' : language.startsWith('zh') ? 'chinese' : 'wxf';
  return language === 'ja' ? 'japanese' : 'western';
}

// A stored or sent choice read back: what is not a notation of its family is no choice.
export function readChoice(saved: unknown): Partial<NotationChoice> {
  const out: Partial<NotationChoice> = {};
  if (!saved || typeof saved !== 'object') return out;
  for (const family of ['xiangqi', 'shogi'] as NotationFamily[]) {
    const n = (saved as Record<string, unknown>)[family];
    if (typeof n === 'string' && NOTATIONS[family].includes(n)) out[family] = n;
  }
  return out;
}

// The number written before the ply `i` (0 for the first) of a list that starts with `first` to
// move. Xiangqi counts move pairs as Chinese sites and PGN do ("1. 炮二平五 马８进７", "1... " for
// a list that starts with Black); the shogi games count each move (手), as lishogi and KIF do.
export function moveNumber(game: string, first: Side, i: number): string {
  if (game !== 'xiangqi') return `${i + 1}.`;
  const ply = first === 'first' ? i : i + 1;
  const n = Math.floor(ply / 2) + 1;
  if (ply % 2 === 0) return `${n}.`;
  return i === 0 ? `${n}...` : '';
}

// A move with its number, as a step of a solution is shown ("1. C2=5", "1... H8+7").
export function numberedMove(game: string, first: Side, i: number, text: string): string {
  const n = moveNumber(game, first, i);
  return game === 'xiangqi' && !n ? `${Math.floor((first === 'first' ? i : i + 1) / 2) + 1}... ${text}` : `${n} ${text}`;
}
