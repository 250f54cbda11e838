// Files Kirin draws (src/draw): a print-and-play set as PDF and position diagrams as SVG/PNG.
// The server answers GET /api/print and GET /api/diagram with the file itself.
import type { Side } from './client';

export type Paper = 'a4' | 'letter';
export type PrintStyle = 'kanji' | 'mnemonic' | 'letters' | 'westernized';

export function printUrl(game: string, pieces: PrintStyle, paper: Paper, bw: boolean): string {
  const q = new URLSearchParams({ game, pieces, paper, bw: bw ? '1' : '0' });
  return `/api/print?${q}`;
}

export interface DiagramSpec {
  game: string;
  fen: string;         // the start of the moves
  moves: string[];     // the last one is marked
  pieces: string;
  orientation: Side;   // the side at the bottom
  options: string[];   // rule options, "lion=hawk"
}

export function diagramUrl(d: DiagramSpec, format: 'svg' | 'png'): string {
  const q = new URLSearchParams({
    game: d.game, fen: d.fen, moves: d.moves.join(','), pieces: d.pieces,
    flip: d.orientation === 'second' ? '1' : '0', format, options: d.options.join(','),
  });
  return `/api/diagram?${q}`;
}
