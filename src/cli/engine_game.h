// kirin play --engine: the terminal game (PlaySession) with Kirin answering for one side.
#pragma once
#include <iosfwd>

#include "cli/play_session.h"
#include "search/limits.h"

namespace kirin::cli {

// Runs until "quit" or the end of input; the engine moves whenever `engine_side` is to move.
void run_engine_game(Game game, PlayOptions options, Color engine_side, const SearchLimits& limits, std::istream& in,
                     std::ostream& out, std::ostream& err);

}  // namespace kirin::cli
