// The piece guide's data as the server gives it (GET /api/rules/GAME/pieces, docs/api.md): each
// piece's names, promotion and moves, from the same movement diagrams `kirin print` draws; and
// where those moves land from one square of a board.
import type { Side, VariantInfo } from '../api/client';

// A square the piece reaches from its own, from the mover's side: +dy forward, +dx its right.
export interface GuideMove {
  dx: number;
  dy: number;
  reach: 'step' | 'jump' | 'lame_leap' | 'lion_step' | 'lion_jump' | 'sting';
  to?: Region;    // the move must end there (xiangqi's palace, its own half)
  from?: Region;  // the move is made only from there (the Soldier's sideways step)
  leg?: [number, number];  // lame_leap: the square that blocks it
}
export interface GuideRay {
  dx: number;
  dy: number;
  ray: 'slide' | 'move_only' | 'hop';
  to?: Region;
  from?: Region;
}
export type Region = 'palace' | 'own_half' | 'enemy_half';

export interface PieceInfo {
  token: string;
  name: string;
  kanji: string;          // the full name (獅子); xiangqi: Red's character
  kanji_board: string;    // as written on a piece (獅)
  kanji_second?: string;  // xiangqi: Black's character
  promotes_to: string;
  promoted_from: string;
  royal: boolean;
  moves: GuideMove[];
  rays: GuideRay[];
  notes: string[];
}

export interface PieceGuideData {
  game: string;
  legend: { mark: string; text: string }[];
  pieces: PieceInfo[];
}

const loaded = new Map<string, Promise<PieceGuideData>>();

// Fetched once per game and rule options (the Lion Hawk, legacy Chu Seireigi change pieces).
export function pieceGuideData(game: string, options: string[] = []): Promise<PieceGuideData> {
  const q = new URLSearchParams({ options: options.join(',') });
  const url = `/api/rules/${game}/pieces?${q}`;
  let p = loaded.get(url);
  if (!p) {
    p = fetch(url).then(async (res) => {
      const body = await res.json();
      if (!res.ok) throw new Error(body.error || res.statusText);
      return body as PieceGuideData;
    });
    p.catch(() => loaded.delete(url));
    loaded.set(url, p);
  }
  return p;
}

// The movement diagram `kirin print` draws, with the piece in the player's style.
export const movementDiagramUrl = (game: string, token: string, options: string[] = [], pieces = 'kanji') =>
  `/api/rules/${game}/diagram?${new URLSearchParams({ piece: token, options: options.join(','), pieces })}`;

// A square by its coordinates from the first side's view: x from its left, y from its bottom.
export interface Point {
  x: number;
  y: number;
}

// The name players write: "7g" (shogi: files counted from the first side's right, ranks lettered
// from the far edge) or "e4" (xiangqi, ICCS).
export function squareName(v: VariantInfo, p: Point): string {
  return v.id === 'xiangqi' ? `${'abcdefghi'[p.x]}${p.y}` : `${v.files - p.x}${'abcdefghijkl'[v.ranks - 1 - p.y]}`;
}

function inRegion(v: VariantInfo, r: Region | undefined, side: Side, p: Point): boolean {
  if (!r) return true;
  const own = side === 'first' ? p.y : v.ranks - 1 - p.y;  // ranks from the side's own edge
  if (r === 'own_half') return own < v.ranks / 2;
  if (r === 'enemy_half') return own >= v.ranks / 2;
  return own <= 2 && Math.abs(p.x - (v.files - 1) / 2) <= 1;  // the palace
}

export type MarkKind = GuideMove['reach'] | 'slide' | 'move_only';
export interface Mark {
  at: Point;
  kind: MarkKind;
  conditional: boolean;  // a move made only from some squares (drawn grey, as on the diagrams)
}

// The squares a piece of `side` on `from` moves to on an empty board: the slides to the edge, the
// steps, jumps and Lion moves over them (a jump along a slide's line is the stronger mark, as on
// the diagrams). A Cannon's capture over a screen depends on the position: its note says it.
export function guideMarks(v: VariantInfo, piece: PieceInfo, side: Side, from: Point): Mark[] {
  const sign = side === 'first' ? 1 : -1;
  const onBoard = (p: Point) => p.x >= 0 && p.x < v.files && p.y >= 0 && p.y < v.ranks;
  const marks = new Map<string, Mark>();
  const put = (p: Point, kind: MarkKind, to?: Region, start?: Region) => {
    if (!onBoard(p) || !inRegion(v, to, side, p) || !inRegion(v, start, side, from)) return;
    marks.set(`${p.x},${p.y}`, { at: p, kind, conditional: !!start });
  };
  for (const r of piece.rays) {
    if (r.ray === 'hop') continue;
    for (let i = 1; ; i++) {
      const p = { x: from.x + r.dx * i * sign, y: from.y + r.dy * i * sign };
      if (!onBoard(p)) break;
      put(p, r.ray, r.to, r.from);
    }
  }
  for (const m of piece.moves) put({ x: from.x + m.dx * sign, y: from.y + m.dy * sign }, m.reach, m.to, m.from);
  return [...marks.values()];
}
