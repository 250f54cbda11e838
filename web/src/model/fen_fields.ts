// The fields of a SFEN/FEN as the position editor edits them. `extra` is the one the editor has
// no control for and passes through: Chu Shogi's counter-strike square, xiangqi's half-move clock.
import type { Side, VariantInfo } from '../api/types';

export interface Fields {
  board: string;
  side: Side;
  hands: string;
  extra: string;
  moveNumber: number;
}

export function readFields(v: VariantInfo, text: string): Fields {
  const f = text.trim().split(/\s+/);
  const moveNumber = (s: string | undefined) => Math.max(1, parseInt(s ?? '') || 1);
  if (v.id === 'xiangqi')
    return { board: f[0], side: f[1] === 'b' ? 'second' : 'first', hands: '-', extra: f[4] ?? '0', moveNumber: moveNumber(f[5]) };
  const third = f[2] ?? '-';
  return {
    board: f[0],
    side: f[1] === 'w' ? 'second' : 'first',
    hands: v.drops ? third : '-',
    extra: v.drops ? '-' : third,
    moveNumber: moveNumber(f[3]),
  };
}

export function writeFields(v: VariantInfo, f: Fields): string {
  if (v.id === 'xiangqi') return `${f.board} ${f.side === 'first' ? 'w' : 'b'} - - ${f.extra} ${f.moveNumber}`;
  return `${f.board} ${f.side === 'first' ? 'b' : 'w'} ${v.drops ? f.hands : f.extra} ${f.moveNumber}`;
}

// An empty board of the variant's size, as the board field writes it.
export const emptyBoard = (v: VariantInfo) => Array(v.ranks).fill(String(v.files)).join('/');
