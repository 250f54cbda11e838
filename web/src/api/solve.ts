// The problem and puzzle API (docs/api.md): a position to solve, the server's judgement of each
// move, and the solution only when asked for.
import type { Side } from './client';

export interface ToSolve {
  game: string;
  fen: string;
  side: Side;
  plies: number;            // the solution's length
  legal_moves: string[];
}
export interface Problem extends ToSolve {
  id: string;
  url: string;
  options: string[];        // the rule options it is judged under ("rules=jcsa")
  checks_only: boolean;
  key_unique: boolean | null;
  alternatives: number;
}
export interface MadeProblem extends Problem {
  solution: string[];
  alternative_moves: { move: string; plies: number }[];
}
export interface Puzzle extends ToSolve {
  index: number;
  count: number;
  theme: string;
}
// A solution, and the position before its first move and after each (the server's).
export interface Solution {
  solution: string[];
  positions: string[];
}
export interface Judgement {
  verdict: 'correct' | 'solved' | 'wrong' | 'unknown';
  move: string;
  reply: string | null;        // Kirin's answer to a right move
  move_notation?: string;        // a puzzle's: the move and the answer as the pages write moves
  reply_notation?: string | null;
  refutation?: string | null;  // a problem's defence that beats a wrong move
  reason?: string;
  fen: string;                 // after the move and the answer (a puzzle: as it was, if wrong)
  legal_moves: string[];
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data as T;
}

// `restToDefender`: tsume's convention, the defender holds every piece not on the board or in the attacker's hand.
export const makeProblem = (game: string, fen: string, options: string[], restToDefender = false) =>
  call<MadeProblem>('POST', '/api/problems', { game, fen, options, rest_to_defender: restToDefender });
export const getProblem = (id: string) => call<Problem>('GET', `/api/problems/${id}`);
export const tryProblem = (id: string, moves: string[]) => call<Judgement>('POST', `/api/problems/${id}/try`, { moves });
export const problemSolution = (id: string) => call<Solution>('GET', `/api/problems/${id}/solution`);
export const getPuzzle = (game: string, n: number) => call<Puzzle>('GET', `/api/puzzles/${game}/${n}`);
export const tryPuzzle = (game: string, n: number, moves: string[]) =>
  call<Judgement>('POST', `/api/puzzles/${game}/${n}/move`, { moves });
export const puzzleSolution = (game: string, n: number) => call<Solution>('GET', `/api/puzzles/${game}/${n}/solution`);
