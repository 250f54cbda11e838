// Xiangqi option checklimit=N, a platform's cap on consecutive checks (Tiantian Xiangqi: N = 6):
// a side may give at most N checks in a row with one checking piece, 2N with two, 3N with three
// or more (docs/xiangqi-repetition.md). The check beyond the cap is refused: the checker must vary.
#pragma once
#include <string>

#include "game/game.h"

namespace kirin {

// Why `m`, played now, would go over the cap ("check number 7 in a row, by 1 piece: checklimit=6
// allows 6"), or "" if it would not (or the option is off).
std::string check_limit_breach(const Game& g, Move m);

}  // namespace kirin
