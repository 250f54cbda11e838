// What the game page needs from a board, whichever library draws it.
import type { Side, VariantInfo } from '../api/client';

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
}

export interface BoardView {
  update(p: BoardPosition): void;
  flip(): void;
  destroy(): void;
}

export interface BoardSetup {
  variant: VariantInfo;
  el: HTMLElement;
  onMove: (move: string) => void;
  orientation: Side;
  options?: string[];  // the game's rule options, for the piece guide
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
