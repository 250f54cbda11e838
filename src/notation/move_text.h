// Engine move text: USI for the shogi games (7g7f, 7g7f+, 7g7f7e, P*5e) and ICCS/UCI for
// xiangqi (h2e2, ranks 0-9).
#pragma once
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/result.h"
#include "rules/position.h"

namespace kirin {

std::string move_to_text(const Position& pos, Move m);

// Reads a move and finds the legal move with that effect: a double step through an empty
// square is the same move as the jump, so 7g7e and 7g7f7e are both accepted. A garbled or
// illegal move is an error saying why; the position is left as it was.
Result<Move> parse_move(Position& pos, std::string_view text);

}  // namespace kirin
