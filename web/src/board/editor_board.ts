// The position editor's board: one interface over shogiground (the 12x12 games, with hands when
// the game has drops) and chessgroundx (xiangqi), so that the editor page knows SFEN/FEN fields,
// squares and pieces but neither library (create_board.ts picks it).
import type { Side } from '../api/types';
import type { BoardPiece, GuideBoard } from './board_view';

// A piece by its SFEN/FEN token as the first side writes it ("P", "+P") and its side.
export type EditorPiece = BoardPiece;

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
  guide: GuideBoard;
}
