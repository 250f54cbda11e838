// The position after each ply of a game, for stepping through its history. The server sends only
// the start position and the moves; replaying them is notation, not rules: a move carries its
// piece from square to square (through a Lion's first step), a promotion turns the piece into
// what its kind promotes to, and in a game with drops a captured piece goes to the captor's hand
// as the kind it promotes from. The legality of the moves was the server's business.
import type { VariantInfo } from './api';
import { parseShogiMove } from './board';

type Grid = (string | null)[][];  // [row from the top][column from the left]; tokens as in the FEN

function readBoard(text: string): Grid {
  return text.split('/').map((row) => {
    const cells: (string | null)[] = [];
    for (const m of row.matchAll(/(\d+)|(\+?[A-Za-z])/g)) {
      if (m[1]) for (let i = 0; i < Number(m[1]); i++) cells.push(null);
      else cells.push(m[2]);
    }
    return cells;
  });
}

function writeBoard(grid: Grid): string {
  return grid.map((row) => {
    let out = '', empty = 0;
    for (const c of row) {
      if (!c) { empty++; continue; }
      if (empty) out += empty;
      empty = 0;
      out += c;
    }
    return out + (empty ? empty : '');
  }).join('/');
}

const isFirst = (token: string) => token.replace('+', '') === token.replace('+', '').toUpperCase();

// Shogi squares: file 12..1 from the left, rank a.. from the top.
function shogiCell(v: VariantInfo, sq: string): [number, number] {
  return [sq.charCodeAt(sq.length - 1) - 97, v.files - parseInt(sq, 10)];
}
// Xiangqi squares (ICCS): file a..i from the left, rank 9..0 from the top.
function xiangqiCell(sq: string): [number, number] {
  return [9 - Number(sq.slice(1)), sq.charCodeAt(0) - 97];
}

// Hands as counts by token (first side upper case, second lower case) and back in SFEN order.
function readHands(text: string | undefined): Map<string, number> {
  const hands = new Map<string, number>();
  if (!text || text === '-') return hands;
  for (const m of text.matchAll(/(\d*)(\+?[A-Za-z])/g)) hands.set(m[2], (hands.get(m[2]) ?? 0) + Number(m[1] || 1));
  return hands;
}
function writeHands(v: VariantInfo, hands: Map<string, number>): string {
  let out = '';
  for (const lower of [false, true])
    for (const kind of v.hand_kinds) {
      const token = lower ? kind.toLowerCase() : kind.toUpperCase();
      const n = hands.get(token) ?? 0;
      if (n) out += (n > 1 ? n : '') + token;
    }
  return out || '-';
}

// FENs after each ply: [start, after move 1, ...]. Stops early at a move it cannot read.
export function positions(v: VariantInfo, startFen: string, moves: string[]): string[] {
  const fields = startFen.split(' ');
  const grid = readBoard(fields[0]);
  const shogi = v.id !== 'xiangqi';
  const hands = readHands(shogi ? fields[2] : undefined);
  const promotes = new Map(v.kinds.filter((k) => k.promotes_to).map((k) => [k.token.toUpperCase(), k.promotes_to.toUpperCase()]));
  const demotes = new Map([...promotes].map(([a, b]) => [b, a]));
  const sameSide = (token: string, like: string) => (isFirst(like) ? token.toUpperCase() : token.toLowerCase());
  let side = fields[1], number = Number(fields[shogi ? 3 : 5]) || 1;
  const out: string[] = [];
  const write = () => {
    if (shogi) out.push(`${writeBoard(grid)} ${side} ${writeHands(v, hands)} ${number}`);
    else out.push(`${writeBoard(grid)} ${side} - - 0 ${number}`);
  };
  const take = ([r, c]: [number, number], captor: string) => {
    const victim = grid[r]?.[c];
    if (!victim) return;
    grid[r][c] = null;
    if (!v.drops) return;
    const base = demotes.get(victim.toUpperCase()) ?? victim.toUpperCase();
    const token = sameSide(base, captor);
    hands.set(token, (hands.get(token) ?? 0) + 1);
  };
  write();
  for (const text of moves) {
    if (shogi) {
      const m = parseShogiMove(text);
      if (!m) break;
      const [tr, tc] = shogiCell(v, m.to);
      if (m.drop) {
        const token = side === 'b' ? m.drop.toUpperCase() : m.drop.toLowerCase();
        hands.set(token, (hands.get(token) ?? 0) - 1);
        grid[tr][tc] = token;
      } else {
        const [fr, fc] = shogiCell(v, m.from!);
        let piece = grid[fr]?.[fc];
        if (!piece) break;
        grid[fr][fc] = null;
        if (m.mid) take(shogiCell(v, m.mid), piece);
        take([tr, tc], piece);
        if (m.promote) piece = sameSide(promotes.get(piece.toUpperCase()) ?? piece, piece);
        grid[tr][tc] = piece;
      }
    } else {
      if (!/^[a-i]\d[a-i]\d$/.test(text)) break;
      const [fr, fc] = xiangqiCell(text.slice(0, 2)), [tr, tc] = xiangqiCell(text.slice(2, 4));
      const piece = grid[fr]?.[fc];
      if (!piece) break;
      grid[fr][fc] = null;
      grid[tr][tc] = piece;
    }
    if (shogi) number++;
    else if (side === 'b') number++;
    side = side === 'b' ? 'w' : 'b';
    write();
  }
  return out;
}
