// Xiangqi perpetual chase, the simplified Asian (AXF) rule of ../shared/rules/xiangqi.md section 6
// as Fairy-Stockfish's AXF_CHASING reads it.
//
// A move chases an enemy piece when, after it, the mover newly threatens to capture that piece
// and the threat counts. New means the move's own doing: the moved piece attacks, or the move
// opened or closed a line (a discovered attack, a Cannon's new screen) -- an attack between the
// same two pieces that stood before the move, even one the General's safety forbade, is not new.
// So a move that only ends a check or unpins a piece chases nothing, and a General's step never
// chases (../shared/rules/xiangqi.md section 6: the General never chases). The threat counts if:
// * the target is a Chariot and the attacker a Horse or a Cannon; or
// * the target is unprotected -- its side could not legally recapture on its square after the
//   capture -- and it could not capture the attacker back ("exchange offered").
// Never a chase: a threat by the General or a Soldier, a threat to the General (that is check),
// a threat to a Soldier that has not crossed the river.
// A side perpetually chases when one and the same enemy piece (followed as it moves) is chased
// by every one of its moves in the repetition cycle.
//
// Approximations of the full WXF/AXF rulebook, which has many more cases: a threat is a legal
// capture in the position (a pinned attacker does not threaten), judged one move at a time; no
// special cases for alternating check and chase, "one chase one idle", or chases by several
// pieces in turn at one target (they do count, since the target is the same piece).
#pragma once
#include <array>

#include "rules/position.h"

namespace kirin {

// `pos` stands after the last move of a repetition cycle that began `cycle_plies` plies earlier
// (pos can undo that far). For each colour: does it perpetually chase?
std::array<bool, 2> perpetual_chasers(const Position& pos, int cycle_plies);

}  // namespace kirin
