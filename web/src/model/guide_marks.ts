// Where a piece's moves land from one square of a board, from the piece guide's data (GET
// /api/rules/GAME/pieces, the same movement diagrams `kirin print` draws): the marks the guide
// draws on the board's squares, palace and river limits included.
import type { GuideMove, PieceInfo, Region, Side, VariantInfo } from '../api/types';

// A square by its coordinates from the first side's view: x from its left, y from its bottom.
export interface Point {
  x: number;
  y: number;
}

// The name players write: "7g" (shogi: files counted from the first side's right, ranks lettered
// from the far edge) or "e4" (xiangqi, ICCS).
export function squareName(v: VariantInfo, p: Point): string {
  return v.id === 'xiangqi' ? `${'abcdefghi'[p.x]}${p.y}` : `${v.files - p.x}${'abcdefghijkl'[v.ranks - 1 - p.y]}`;
}

function inRegion(v: VariantInfo, r: Region | undefined, side: Side, p: Point): boolean {
  if (!r) return true;
  const own = side === 'first' ? p.y : v.ranks - 1 - p.y;  // ranks from the side's own edge
  if (r === 'own_half') return own < v.ranks / 2;
  if (r === 'enemy_half') return own >= v.ranks / 2;
  return own <= 2 && Math.abs(p.x - (v.files - 1) / 2) <= 1;  // the palace
}

export type MarkKind = GuideMove['reach'] | 'slide' | 'move_only';
export interface Mark {
  at: Point;
  kind: MarkKind;
  conditional: boolean;  // a move made only from some squares (drawn grey, as on the diagrams)
}

// The squares a piece of `side` on `from` moves to on an empty board: the slides to the edge, the
// steps, jumps and Lion moves over them (a jump along a slide's line is the stronger mark, as on
// the diagrams). A Cannon's capture over a screen depends on the position: its note says it.
export function guideMarks(v: VariantInfo, piece: PieceInfo, side: Side, from: Point): Mark[] {
  const sign = side === 'first' ? 1 : -1;
  const onBoard = (p: Point) => p.x >= 0 && p.x < v.files && p.y >= 0 && p.y < v.ranks;
  const marks = new Map<string, Mark>();
  const put = (p: Point, kind: MarkKind, to?: Region, start?: Region) => {
    if (!onBoard(p) || !inRegion(v, to, side, p) || !inRegion(v, start, side, from)) return;
    marks.set(`${p.x},${p.y}`, { at: p, kind, conditional: !!start });
  };
  for (const r of piece.rays) {
    if (r.ray === 'hop') continue;
    for (let i = 1; ; i++) {
      const p = { x: from.x + r.dx * i * sign, y: from.y + r.dy * i * sign };
      if (!onBoard(p)) break;
      put(p, r.ray, r.to, r.from);
    }
  }
  for (const m of piece.moves) put({ x: from.x + m.dx * sign, y: from.y + m.dy * sign }, m.reach, m.to, m.from);
  return [...marks.values()];
}
