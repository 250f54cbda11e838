// Whether a game state the page was sent carries all it needs: a state from an action or a later
// event carries only the last positions (docs/api.md, "Game state").
import type { GameState } from '../api/types';

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
