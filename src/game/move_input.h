// A move typed by a person: engine text (USI 7g7f, 7g7f7e, P*5e; ICCS h2e2 or h2-e2), Game
// Courier ("P 7i-7h", "P 7b-7a; +P-7a") for the shogi games, WXF ("C2=5") for xiangqi.
#pragma once
#include <string_view>

#include "core/result.h"
#include "game/game.h"

namespace kirin {

// The move, or why it is illegal (the reason of the notation the text is written in).
Result<Move> parse_typed_move(const Game& g, std::string_view text);

}  // namespace kirin
