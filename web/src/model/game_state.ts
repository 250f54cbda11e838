// A game's state as the server sends it (docs/api.md, "Game state"): the answer to GET
// /api/games/ID and to every action, and each event of its stream. The positions after each ply
// come with it, so that the page never replays a move itself.
import type { Side } from '../api/client';
import type { Seat } from '../widgets/players';

export interface Clock {
  initial_ms: number;
  increment_ms: number;
  byoyomi_ms: number;
  days_per_move: number;
  first_ms: number;   // time left when the state was sent
  second_ms: number;
  first_byoyomi: boolean;
  second_byoyomi: boolean;
  running: Side | null;
}

export interface GameState {
  id: string;
  game: string;
  options: string[];
  setup: string;
  start_fen: string;
  casual: boolean;
  rated: boolean;  // changes the players' ratings (each seat has its rating, and rating_diff once rated)
  players: Record<Side, Seat & { name: string }>;  // name: the colour's ("Black"); player: the person's
  moves: string[];
  notation: string[];
  fen: string;
  // The position (as `fen` writes it) after each ply from `positions_from` on: positions[i] is the
  // position after ply positions_from + i. A whole state has them all (positions_from 0, the start
  // first); an action's answer and a later event carry those from the ply before the last move.
  positions_from: number;
  positions: string[];
  ply: number;
  side_to_move: Side;
  check: boolean;
  last_move: string | null;
  status: 'waiting' | 'playing' | 'over' | 'cancelled' | 'aborted';
  abortable?: boolean;  // before each side has moved
  result: string;
  reason: string;
  detail?: string;  // the ending in words, e.g. "Red chased the Horse perpetually"
  draw_offer: Side | null;
  repetition_claimable: boolean;
  impasse_claim: Side | null;
  impasse_claimable: boolean;  // a claim of impasse would stand now
  takeback_request: Side | null;
  rematch: { offer: Side | null; game: string | null };
  legal_moves: string[];
  clock: Clock | null;
  created: number;
  updated: number;
  you?: Side | null;
  token?: string;
  opponent_token?: string;
  version?: number;
  notes?: string[];
}

// The positions after every ply of `next`, from the start: its own, completed where it carries
// only the last ones by those of `known` (a whole state the page has) while the moves before them
// are the same. Null where they are not (a state missed on the stream): ask for the whole state.
export function allPositions(next: GameState, known: GameState): string[] | null {
  const from = next.positions_from;
  let out = next.positions;
  if (from > 0) {
    // known.positions[i] is the position after known.moves[0..i).
    if (known.positions_from !== 0 || known.positions.length < from) return null;
    for (let i = 0; i < from - 1; i++) if (known.moves[i] !== next.moves[i]) return null;
    out = [...known.positions.slice(0, from), ...next.positions];
  }
  return out.length === next.moves.length + 1 ? out : null;
}

// "5 min + 3 s", "10 min, then 30 s a move", "10 s a move", "1 day a move", "No clock": as the
// new-game form names them.
export function timeControlText(clock: Clock | null, days?: number | null): string {
  const d = days ?? clock?.days_per_move;
  if (d) return `${d} day${d > 1 ? 's' : ''} a move`;
  if (!clock) return 'No clock';
  const min = clock.initial_ms / 60000;
  const main = min >= 1 ? `${min} min` : `${clock.initial_ms / 1000} s`;
  const byoyomi = `${clock.byoyomi_ms / 1000} s a move`;
  if (clock.byoyomi_ms) return clock.initial_ms ? `${main}, then ${byoyomi}` : byoyomi;
  return `${main} + ${clock.increment_ms / 1000} s`;
}
