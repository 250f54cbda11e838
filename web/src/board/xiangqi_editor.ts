// The position editor on chessgroundx: free moves on the 9x10 board; xiangqi has no hands.
import { Chessground } from 'chessgroundx';
import type { Key as CgKey, Piece as CgPiece } from 'chessgroundx/types';

import type { Side, VariantInfo } from '../api/types';
import type { EditorBoard, EditorPiece } from './editor_board';
import { xiangqiGuideBoard } from './guide_boards';
import { XIANGQI_DIMENSIONS, xiangqiFrame } from './xiangqi_board';

export function xiangqiEditor(v: VariantInfo, el: HTMLElement, text: string, onChange: () => void, options?: () => string[]): EditorBoard {
  const color = (s: Side) => (s === 'first' ? 'white' : 'black');
  const piece = (p: EditorPiece) => ({ role: `${p.token.toLowerCase()}-piece`, color: color(p.side) }) as CgPiece;
  const { wrap, el: boardEl } = xiangqiFrame();
  el.append(wrap);
  const cg = Chessground(boardEl, {
    fen: text.split(' ')[0],
    dimensions: XIANGQI_DIMENSIONS,
    coordinates: false,
    movable: { free: true, color: 'both' },
    draggable: { deleteOnDropOff: true },
    highlight: { lastMove: false, check: false },
    drawable: { enabled: false },
    events: { change: onChange },
  });
  return {
    readBoard: () => cg.getFen(),
    writeBoard(field) {
      if (field.split('/').length === XIANGQI_DIMENSIONS.height) cg.set({ fen: field });
    },
    readHands: () => '-',
    writeHands: () => {},
    inHand: () => 0,
    addToHand: () => {},
    keyAt: (x, y) => cg.getKeyAtDomPos([x, y]),
    handAt: () => undefined,
    at(key) {
      const p = cg.state.boardState.pieces.get(key as CgKey);
      return p && { token: p.role[0].toUpperCase(), side: p.color === 'white' ? 'first' : 'second' };
    },
    put: (key, p) => cg.setPieces(new Map([[key as CgKey, p ? piece(p) : undefined]])),
    bottom: () => (cg.state.orientation === 'white' ? 'first' : 'second'),
    flip: () => cg.toggleOrientation(),
    pieceClass: (p) => `${piece(p).role} ${color(p.side)}`,
    paletteClass: () => 'palette',
    guide: xiangqiGuideBoard(v, wrap, cg, options),
    destroy() {
      cg.destroy();
      wrap.remove();
    },
  };
}
