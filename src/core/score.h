// Search scores in centipawns, with mate scores counted in plies from the root.
#pragma once

namespace kirin {

using Value = int;
constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_MATE = 30000;
constexpr Value VALUE_INFINITE = 30001;
constexpr Value VALUE_NONE = 30002;
constexpr int MAX_PLY = 128;
// Scores beyond this are mates (or wins by a rule, such as a forbidden repetition).
constexpr Value VALUE_MATE_IN_MAX = VALUE_MATE - MAX_PLY;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(Value v) { return v >= VALUE_MATE_IN_MAX || v <= -VALUE_MATE_IN_MAX; }
// Moves (not plies) to mate, positive when the side to move mates: the protocols' "score mate N".
constexpr int mate_moves(Value v) { return v > 0 ? (VALUE_MATE - v + 1) / 2 : -(VALUE_MATE + v) / 2; }

}  // namespace kirin
