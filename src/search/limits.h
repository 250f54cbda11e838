// What a search may spend, what it reports while running, and what it returns.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/score.h"

namespace kirin {

// Clock and limit fields as the protocols give them; 0 means "not given". Times in ms.
struct SearchLimits {
  int64_t time[2] = {0, 0};  // remaining main time per colour (FIRST, SECOND)
  int64_t inc[2] = {0, 0};
  int64_t byoyomi = 0;   // per-move period after the main time
  int moves_to_go = 0;   // moves until the next time control (0 = sudden death)
  int64_t movetime = 0;  // exactly this long
  int depth = 0;
  uint64_t nodes = 0;              // deterministic: the same nodes give the same move
  bool infinite = false;           // until stop()
  std::vector<Move> search_moves;  // restrict the root to these (empty: all)
  bool clock_given = false;        // a clock field was sent, if only "btime 0": then move at once
  bool has_clock() const { return clock_given || time[0] || time[1] || inc[0] || inc[1] || byoyomi; }
  // Does anything end the search but stop()?
  bool bounded() const { return !infinite && (has_clock() || movetime || depth || nodes); }
};

// One line of progress, reported after each completed iteration (and each MultiPV line).
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  Value score = 0;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  uint64_t nps = 0;
  int hashfull = 0;  // per mille
  std::vector<Move> pv;
};

struct SearchResult {
  Move best;    // none() when the side to move has no legal move
  Move ponder;  // the expected reply, if known
  Value score = 0;
  int depth = 0;
  uint64_t nodes = 0;
};

}  // namespace kirin
