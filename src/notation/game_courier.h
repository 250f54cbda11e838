// Game Courier full algebraic notation for the shogi games, one move at a time:
// "P 7i-7h" (White's pieces in lower case), promotion as a second clause "P 7b-7a; +P-7a",
// drops "P*5e", Lion double moves (igui, pass) as two clauses "N 7g-7f; N 7f-7e".
#pragma once
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/result.h"
#include "rules/position.h"

namespace kirin {

std::string move_to_game_courier(const Position& pos, Move m);
// The move as engine (USI) text, checked against the pieces on the board but not for legality;
// an error says which part of the text is wrong.
Result<std::string> game_courier_to_usi(const Position& pos, std::string_view text);

}  // namespace kirin
