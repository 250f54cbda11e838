// Xiangqi perpetual chase, the simplified Asian (AXF) rule of ../shared/rules/xiangqi.md section 6
// as Fairy-Stockfish's AXF_CHASING reads it.
//
// A move chases an enemy piece when, after it, the mover newly threatens to capture that piece
// (a threat that did not exist, between the same two pieces, before the move; a discovered
// threat counts) and the threat counts:
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
