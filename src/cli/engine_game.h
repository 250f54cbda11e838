// kirin play --engine: the terminal game (PlaySession) with Kirin answering for one side.
#pragma once
#include <iosfwd>

#include "cli/play_session.h"
#include "search/limits.h"

namespace kirin::cli {

struct Opponent {
  Color side = SECOND;  // the side Kirin plays
  SearchLimits limits;  // per move
  int level = 0;        // the engine's Level option (search/level.h): caps limits; 0 = full strength
};

// Runs until "quit" or the end of input; the engine moves whenever its side is to move.
void run_engine_game(Game game, PlayOptions options, const Opponent& kirin, std::istream& in, std::ostream& out,
                     std::ostream& err);

}  // namespace kirin::cli
