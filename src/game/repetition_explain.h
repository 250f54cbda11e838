// Xiangqi repetitions in words (docs/xiangqi-repetition.md): the sentence a result carries
// ("Red chased the Horse perpetually") and, for `kirin replay --explain`, each move of the cycle
// with its class and why.
#pragma once
#include <string>
#include <vector>

#include "game/game.h"
#include "rules/repetition_verdict.h"

namespace kirin {

// The verdict on the cycle that ends at `now` (cycle_plies long) in a sentence; "" for an idle
// repetition, or for a game other than xiangqi.
std::string repetition_detail(const Position& now, int cycle_plies, const RepetitionVerdict& v);

// The cycle that ended the game (or, read as played, the rules' first ending), else the one that
// ends at the current position: one line per move, "7. Red c1b1: chase: the Chariot b1 attacks
// the Horse b7, unprotected", then "verdict: ...". Empty where no position has repeated.
std::vector<std::string> explain_repetition(const Game& g);

}  // namespace kirin
