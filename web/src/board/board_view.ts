// What a page needs from a board, whichever library draws it (create_board.ts picks the library).
import type { PieceInfo, Side, VariantInfo } from '../api/types';
import type { Point } from '../model/guide_marks';

export interface BoardPosition {
  fen: string;
  legal: string[];         // legal moves in engine text, empty when nobody may move
  lastMove: string | null;
  check: boolean;
  me: Side | null;         // the viewer's side; null for spectators
  turn: Side;
  // The analysis board: the side to move may try any move (the server judges it); the legal
  // list is not known there.
  free?: boolean;
  // The viewer plays this game and waits for the other side: a move made now is a premove (or a
  // predrop), played when the turn comes if it is legal then.
  premove?: boolean;
}

export interface BoardView {
  update(p: BoardPosition): void;
  flip(): void;
  destroy(): void;
  guide: GuideBoard;
}

export interface BoardSetup {
  variant: VariantInfo;
  el: HTMLElement;
  onMove: (move: string) => void;
  orientation: Side;
  options?: string[];  // the game's rule options, for the piece guide
  pieces?: () => PieceInfo[] | undefined;  // the piece guide's data, for premoves (once fetched)
}

// A piece by its SFEN/FEN token as the first side writes it ("P", "+P") and its side.
export interface BoardPiece {
  token: string;
  side: Side;
}

// What the piece guide needs from a board, whichever library draws it (guide_boards.ts).
export interface GuideBoard {
  variant: VariantInfo;
  wrap: HTMLElement;                 // the board and its hands: where presses are watched
  grid(): HTMLElement | null;        // the element the squares exactly fill
  bottom(): Side;
  pieceAt(p: Point): BoardPiece | undefined;
  pieceOfElement?(el: Element): BoardPiece | undefined;  // a piece off the board (a hand)
  cancel(): void;                    // drops the selection or drag that the press began
  keepShapes?(): () => void;         // saves the drawn arrows and circles; the result restores them
  options?(): string[];              // the game's rule options
}
