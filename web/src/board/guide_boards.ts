// What the piece guide (widgets/piece_guide.ts) needs of a board, on the two board libraries:
// where the squares are, what stands on one, and how to drop a selection or keep the drawn
// arrows. Every board carries one (BoardView.guide); the pages attach the guide to it.
import type { Api as CgApi } from 'chessgroundx/api';
import type { Key as CgKey } from 'chessgroundx/types';
import type { Api as SgApi } from 'shogiground/api';
import type { Key as SgKey } from 'shogiground/types';

import type { Side, VariantInfo } from '../api/types';
import type { Point } from '../model/guide_marks';
import { roleOf } from '../model/pieces';
import type { GuideBoard } from './board_view';

const XIANGQI_RANKS = '123456789:';  // chessgroundx's ranks for ICCS 0-9

export function shogiGuideBoard(v: VariantInfo, wrap: HTMLElement, sg: SgApi, options?: () => string[]): GuideBoard {
  const tokenOfRole = new Map(v.kinds.map((k) => [roleOf(k.token), k.token]));
  const side = (color: string): Side => (color === 'sente' ? 'first' : 'second');
  const key = (p: Point) => `${v.files - p.x}${'abcdefghijkl'[v.ranks - 1 - p.y]}` as SgKey;
  return {
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
  };
}

export function xiangqiGuideBoard(v: VariantInfo, wrap: HTMLElement, cg: CgApi, options?: () => string[]): GuideBoard {
  return {
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
  };
}
