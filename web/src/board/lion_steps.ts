// A Lion's move on the board as players make it (lishogi's way): the first step to a square next
// to it, then the second. After the first step every square the whole move can reach from there is
// offered: the second steps the server lists through that square, and where the first square was
// empty also the squares next to it that the piece reaches from its start in one go (the server
// writes a double move through an empty square as that jump or step). The Lion clicked again on its
// first square is the one-step move. Squares only; the legal moves are the server's.
import type { ShogiMove } from '../model/notation';

// "7f" -> [7, 5]: file number, rank index.
const coords = (k: string): [number, number] => [parseInt(k, 10), k.charCodeAt(k.length - 1) - 97];
const steps = (a: string, b: string) => {
  const [fa, ra] = coords(a), [fb, rb] = coords(b);
  return Math.max(Math.abs(fa - fb), Math.abs(ra - rb));
};

export interface LionStep {
  orig: string;
  mid: string;
  targets: Map<string, string>;  // a second step's square -> the move's text
  stop: string | null;           // the one-step move to `mid`, where it is legal
}

// The Lion's choices after a first step from `orig` to `mid` (`captured`: it took a piece there),
// or null when no move goes on from `mid` (the step is the whole move).
export function lionStep(moves: ShogiMove[], orig: string, mid: string, captured: boolean): LionStep | null {
  const from = moves.filter((m) => m.from === orig);
  const doubles = from.filter((m) => m.mid === mid);
  if (doubles.length === 0) return null;
  const targets = new Map(doubles.map((m) => [m.to, m.text]));
  if (!captured)
    for (const m of from)
      if (!m.mid && m.to !== mid && steps(m.to, mid) <= 1 && !targets.has(m.to)) targets.set(m.to, m.text);
  const stop = from.find((m) => !m.mid && m.to === mid && !m.promote) ?? from.find((m) => !m.mid && m.to === mid);
  return { orig, mid, targets, stop: stop?.text ?? null };
}
