// The piece guide (piece_guide.ts) on the two board libraries: where the squares are, what stands
// on one, and how to drop a selection or keep the drawn arrows. The game, analysis, problem and
// puzzle boards and the position editor's boards all attach it through these.
import type { Api as CgApi } from 'chessgroundx/api';
import type { Key as CgKey } from 'chessgroundx/types';
import type { Api as SgApi } from 'shogiground/api';
import type { Key as SgKey } from 'shogiground/types';

import type { Side, VariantInfo } from '../api/client';
import type { Point } from '../model/guide_marks';
import { attachGuide } from '../widgets/piece_guide';
import { roleOf } from '../model/pieces';

const XIANGQI_RANKS = '123456789:';  // chessgroundx's ranks for ICCS 0-9

export function shogiGuide(v: VariantInfo, wrap: HTMLElement, sg: SgApi, options?: () => string[]): () => void {
  const tokenOfRole = new Map(v.kinds.map((k) => [roleOf(k.token), k.token]));
  const side = (color: string): Side => (color === 'sente' ? 'first' : 'second');
  const key = (p: Point) => `${v.files - p.x}${'abcdefghijkl'[v.ranks - 1 - p.y]}` as SgKey;
  return attachGuide({
    variant: v,
    wrap,
    options,
    grid: () => wrap.querySelector<HTMLElement>('sg-board'),
    bottom: () => side(sg.state.orientation),
    pieceAt(p) {
      const piece = sg.state.pieces.get(key(p)), token = piece && tokenOfRole.get(piece.role);
      return token ? { token, side: side(piece.color) } : undefined;
    },
    // A piece in a hand: its role and colour are its classes.
    pieceOfElement(el) {
      if (el.tagName !== 'PIECE' || !el.closest('sg-hand')) return undefined;
      const role = [...el.classList].find((c) => tokenOfRole.has(c)), color = el.classList.contains('sente') ? 'sente' : 'gote';
      return role ? { token: tokenOfRole.get(role)!, side: side(color) } : undefined;
    },
    cancel: () => sg.cancelMoveOrDrop(),
    keepShapes() {
      const shapes = [...sg.state.drawable.shapes];
      return () => sg.setShapes(shapes);
    },
  });
}

export function xiangqiGuide(v: VariantInfo, wrap: HTMLElement, cg: CgApi, options?: () => string[]): () => void {
  return attachGuide({
    variant: v,
    wrap,
    options,
    grid: () => wrap.querySelector<HTMLElement>('cg-board'),
    bottom: () => (cg.state.orientation === 'white' ? 'first' : 'second'),
    pieceAt(p) {
      const piece = cg.state.boardState.pieces.get(`${'abcdefghi'[p.x]}${XIANGQI_RANKS[p.y]}` as CgKey);
      return piece && { token: piece.role[0].toUpperCase(), side: piece.color === 'white' ? 'first' : 'second' };
    },
    cancel: () => cg.cancelMove(),
    keepShapes() {
      const shapes = [...cg.state.drawable.shapes];
      return () => cg.setShapes(shapes);
    },
  });
}
