// Moves the engine in the browser found, written by the server (GET /api/positions?notation=):
// the pages never write a move themselves, and the engine speaks only USI/UCI. A move's text
// depends on the moves before it (Japanese 同 for a recapture), so a line is written after the
// moves that led to it and each move is kept by the whole line up to it: a deeper line that keeps
// the start of the last one asks only for what is new.
import type { EngineSpec } from './browser_engine';
import { ApiError, positionsAlong } from './client';

// A line's start: a game's position, or a problem's (`problem`: its attacker's royal may be missing).
export type WrittenSpec = EngineSpec & { problem?: boolean };

// `line` after `spec.moves`, as the server writes it in `notation`; null where it cannot say
// (offline). The moves from one the server refuses on stay in the engine's text: a line may go
// on past the game's end (a Chu Shogi King taken after the mate that ended it), where the
// server plays nothing (400 "move 3 (1l1k): the game is over").
async function written(spec: WrittenSpec, line: string[], notation: string): Promise<string[] | null> {
  try {
    const along = await positionsAlong({ ...spec, moves: [...spec.moves, ...line] }, notation);
    const text = along.notation.slice(spec.moves.length);
    return text.length === line.length ? text : null;
  } catch (e) {
    const refused = e instanceof ApiError && e.status === 400 ? Number(/^move (\d+) /.exec(e.message)?.[1]) - 1 - spec.moves.length : NaN;
    if (!(refused >= 0 && refused < line.length)) return null;
    const before = refused ? await written(spec, line.slice(0, refused), notation) : [];
    return before && [...before, ...line.slice(refused)];
  }
}

// The line written, or as the engine gave it where the server cannot write it.
export const writeLine = async (spec: WrittenSpec, line: string[], notation: string): Promise<string[]> =>
  (line.length ? (await written(spec, line, notation)) ?? line : []);

// The written moves kept, at most this many (a long analysis writes a few thousand).
const KEPT = 5000;

// Writes the lines of one live analysis: one request at a time, and of the lines waiting, only
// the newest of each `slot` (an analysis's multipv line) is asked for.
export class LineWriter {
  private written = new Map<string, string>();
  private waiting = new Map<number, { spec: EngineSpec; line: string[] }>();
  private busy = false;

  // `onWritten`: a line asked for was written (redraw).
  constructor(private notation: () => string, private onWritten: () => void) {}

  private key(spec: EngineSpec, line: string[], k: number, notation = this.notation()) {
    return [notation, spec.game, spec.options.join(','), spec.fen, [...spec.moves, ...line.slice(0, k + 1)].join(',')].join('|');
  }

  // The line as far as it is written now, each move not yet written as the engine gave it.
  known(spec: EngineSpec, line: string[]): { text: string[]; whole: boolean } {
    const text = line.map((m, k) => this.written.get(this.key(spec, line, k)) ?? '');
    return { text: text.map((t, k) => t || line[k]), whole: text.every(Boolean) };
  }

  // Asks for the line unless it is written already.
  write(spec: EngineSpec, line: string[], slot = 1) {
    if (this.known(spec, line).whole) return;
    this.waiting.delete(slot);
    this.waiting.set(slot, { spec, line });
    void this.next();
  }

  private async next() {
    if (this.busy) return;
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [slot, { spec, line }] = first.value;
    this.waiting.delete(slot);
    this.busy = true;
    try {
      const notation = this.notation(), text = await written(spec, line, notation);
      if (this.written.size > KEPT) this.written.clear();
      // Not kept when it failed: the engine's text stands, and the next depth asks again.
      text?.forEach((t, k) => this.written.set(this.key(spec, line, k, notation), t));
      if (text) this.onWritten();
    } finally {
      this.busy = false;
      void this.next();
    }
  }
}
