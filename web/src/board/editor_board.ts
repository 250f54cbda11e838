// The position editor's board: one interface over shogiground (the 12x12 games, with hands when
// the game has drops) and chessgroundx (xiangqi), so that the editor page knows SFEN/FEN fields,
// squares and pieces but neither library.
import { Chessground } from 'chessgroundx';
import type { Key as CgKey, Piece as CgPiece } from 'chessgroundx/types';
import { Shogiground } from 'shogiground';
import { inferDimensions } from 'shogiground/sfen';
import type { Key as SgKey, Piece as SgPiece } from 'shogiground/types';
import { getKeyAtDomPos, sentePov } from 'shogiground/util';

import type { Side, VariantInfo } from '../api/client';
import { shogiGuide, xiangqiGuide } from './guide_boards';
import { roleOf } from '../model/pieces';
import { shogiFrame } from './shogi_board';
import { XIANGQI_DIMENSIONS, xiangqiFrame } from './xiangqi_board';

// A piece by its SFEN/FEN token as the first side writes it ("P", "+P") and its side.
export interface EditorPiece {
  token: string;
  side: Side;
}

export const samePiece = (a: EditorPiece | undefined, b: EditorPiece | undefined) =>
  !!a && !!b && a.token === b.token && a.side === b.side;

export interface EditorBoard {
  readBoard(): string;               // the SFEN/FEN board field
  writeBoard(field: string): void;   // ignored when the field does not have the board's shape
  readHands(): string;               // the SFEN hands field; '-' when empty or without drops
  writeHands(field: string): void;
  inHand(p: EditorPiece): number;
  addToHand(p: EditorPiece, n: number): void;  // n < 0 takes pieces out
  keyAt(x: number, y: number): string | undefined;  // the square under a point of the page
  handAt(x: number, y: number): Side | undefined;   // whose hand is under a point of the page
  at(key: string): EditorPiece | undefined;
  put(key: string, p: EditorPiece | null): void;
  bottom(): Side;
  flip(): void;
  pieceClass(p: EditorPiece): string;  // a <piece>'s classes inside an element of paletteClass()
  paletteClass(): string;
  destroy(): void;
}

// Builds the board for a variant inside `el`; onChange runs after the user moves pieces on it.
// `options`: the rule options chosen, for the piece guide.
export function editorBoard(v: VariantInfo, el: HTMLElement, text: string, onChange: () => void, options?: () => string[]): EditorBoard {
  return v.id === 'xiangqi' ? xiangqiEditor(v, el, text, onChange, options) : shogiEditor(v, el, text, onChange, options);
}

function shogiEditor(v: VariantInfo, el: HTMLElement, text: string, onChange: () => void, options?: () => string[]): EditorBoard {
  const tokenOfRole = new Map(v.kinds.map((k) => [roleOf(k.token), k.token]));
  const promoted = new Map(v.kinds.filter((k) => k.promotes_to).map((k) => [roleOf(k.token), roleOf(k.promotes_to)]));
  const demoted = new Map([...promoted].map(([a, b]) => [b, a]));
  const color = (s: Side) => (s === 'first' ? 'sente' : 'gote');
  const piece = (p: EditorPiece): SgPiece => ({ role: roleOf(p.token), color: color(p.side) });
  const { wrap, boardEl, hands } = shogiFrame(v);
  el.append(wrap);
  const [board, , handField] = text.split(' ');
  const sg = Shogiground({
    sfen: { board, hands: v.drops ? handField : undefined },
    scaleDownPieces: false,
    coordinates: { enabled: true, files: 'numeric', ranks: 'engine' },
    forsyth: {
      fromForsyth: (s: string) => (tokenOfRole.has(roleOf(s)) ? roleOf(s) : undefined),
      toForsyth: (r: string) => tokenOfRole.get(r)?.toLowerCase(),
    },
    // The order of the roles is the order getHandsSfen writes them: the server's.
    hands: { roles: v.hand_kinds.map(roleOf) },
    // A promoted piece dropped on a hand goes there unpromoted.
    promotion: { promotesTo: (r: string) => promoted.get(r), unpromotesTo: (r: string) => demoted.get(r) },
    activeColor: 'both',
    highlight: { lastDests: false, check: false },
    movable: { free: true },
    droppable: { free: true },
    draggable: { deleteOnDropOff: true, addToHandOnDropOff: v.drops },
    drawable: { enabled: false },
    events: { change: onChange },
  }, { board: boardEl, hands });
  const detachGuide = shogiGuide(v, wrap, sg, options);
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
    destroy() {
      detachGuide();
      sg.destroy();
      wrap.remove();
    },
  };
}

function xiangqiEditor(v: VariantInfo, el: HTMLElement, text: string, onChange: () => void, options?: () => string[]): EditorBoard {
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
  const detachGuide = xiangqiGuide(v, wrap, cg, options);
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
    destroy() {
      detachGuide();
      cg.destroy();
      wrap.remove();
    },
  };
}
