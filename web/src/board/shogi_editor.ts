// The position editor on shogiground: free moves, the hands of the games with drops, and a
// promoted piece dropped on a hand going there unpromoted.
import { Shogiground } from 'shogiground';
import { inferDimensions } from 'shogiground/sfen';
import type { Key as SgKey, Piece as SgPiece } from 'shogiground/types';
import { getKeyAtDomPos, sentePov } from 'shogiground/util';

import type { Side, VariantInfo } from '../api/types';
import { roleOf } from '../model/pieces';
import type { EditorBoard, EditorPiece } from './editor_board';
import { shogiGuideBoard } from './guide_boards';
import { shogiFrame } from './shogi_board';
import { shogiRoles } from './shogi_roles';

export function shogiEditor(v: VariantInfo, el: HTMLElement, text: string, onChange: () => void, options?: () => string[]): EditorBoard {
  const roles = shogiRoles(v), { tokenOfRole } = roles;
  const color = (s: Side) => (s === 'first' ? 'sente' : 'gote');
  const piece = (p: EditorPiece): SgPiece => ({ role: roleOf(p.token), color: color(p.side) });
  const { wrap, boardEl, hands } = shogiFrame(v);
  el.append(wrap);
  const [board, , handField] = text.split(' ');
  const sg = Shogiground({
    sfen: { board, hands: v.drops ? handField : undefined },
    scaleDownPieces: false,
    coordinates: { enabled: true, files: 'numeric', ranks: 'engine' },
    forsyth: roles.forsyth,
    hands: roles.hands,
    // A promoted piece dropped on a hand goes there unpromoted.
    promotion: { promotesTo: roles.promotesTo, unpromotesTo: roles.unpromotesTo },
    activeColor: 'both',
    highlight: { lastDests: false, check: false },
    movable: { free: true },
    droppable: { free: true },
    draggable: { deleteOnDropOff: true, addToHandOnDropOff: v.drops },
    drawable: { enabled: false },
    events: { change: onChange },
  }, { board: boardEl, hands });
  return {
    readBoard: () => sg.getBoardSfen(),
    writeBoard(field) {
      const d = inferDimensions(field);
      if (d.files === v.files && d.ranks === v.ranks) sg.set({ sfen: { board: field } });
    },
    readHands: () => (v.drops ? sg.getHandsSfen() : '-'),
    // An empty string would leave the hands as they are; '-' empties them.
    writeHands: (field) => v.drops && sg.set({ sfen: { hands: field || '-' } }),
    inHand: (p) => sg.state.hands.handMap.get(color(p.side))?.get(roleOf(p.token)) ?? 0,
    addToHand: (p, n) => (n > 0 ? sg.addToHand(piece(p), n) : sg.removeFromHand(piece(p), -n)),
    keyAt(x, y) {
      const bounds = sg.state.dom.bounds.board.bounds();
      return bounds && getKeyAtDomPos([x, y], sentePov(sg.state.orientation), sg.state.dimensions, bounds);
    },
    handAt(x, y) {
      const inside = (el: HTMLElement) => {
        const r = el.getBoundingClientRect();
        return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
      };
      const bottom = sg.state.orientation === 'sente' ? 'first' : 'second';
      if (hands && inside(hands.bottom)) return bottom;
      if (hands && inside(hands.top)) return bottom === 'first' ? 'second' : 'first';
      return undefined;
    },
    at(key) {
      const p = sg.state.pieces.get(key as SgKey);
      const token = p && tokenOfRole.get(p.role);
      return token ? { token, side: p.color === 'sente' ? 'first' : 'second' } : undefined;
    },
    put: (key, p) => sg.setPieces(new Map([[key as SgKey, p ? piece(p) : undefined]])),
    bottom: () => (sg.state.orientation === 'sente' ? 'first' : 'second'),
    flip: () => sg.toggleOrientation(),
    pieceClass: (p) => `${roleOf(p.token)} ${color(p.side)}`,
    paletteClass: () => `palette orientation-${sg.state.orientation}`,
    guide: shogiGuideBoard(v, wrap, sg, options),
    destroy() {
      sg.destroy();
      wrap.remove();
    },
  };
}
