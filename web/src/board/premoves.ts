// Where a piece may be premoved (a move made while the other side thinks, played when the turn
// comes if it is legal then): the squares its moves reach on an empty board, from the piece
// guide's data (the server's movement diagrams, model/guide_marks.ts), as lishogi offers premoves
// by the piece's moves. The server judges the move when it is played.
import type { PieceInfo, Side, VariantInfo } from '../api/types';
import { guideMarks, squareName } from '../model/guide_marks';

// Shogi squares ("7g") from the first side's view: x from its left, y from its bottom.
const shogiPoint = (v: VariantInfo, key: string) => ({ x: v.files - parseInt(key, 10), y: v.ranks - 1 - (key.charCodeAt(key.length - 1) - 97) });

export function shogiPremoves(v: VariantInfo, pieces: PieceInfo[] | undefined, token: string | undefined, side: Side, key: string): string[] {
  const info = pieces?.find((p) => p.token === token);
  if (!info) return [];
  return guideMarks(v, info, side, shogiPoint(v, key)).map((m) => squareName(v, m.at));
}

// Every empty square: a drop's rules (files, ranks, mate) are the server's to judge.
export function predrops(v: VariantInfo, occupied: (key: string) => boolean): string[] {
  const out: string[] = [];
  for (let f = 1; f <= v.files; f++)
    for (let r = 0; r < v.ranks; r++) {
      const key = `${f}${'abcdefghijkl'[r]}`;
      if (!occupied(key)) out.push(key);
    }
  return out;
}
