// Playing strength for people: level 1 (weakest) to MAX_LEVEL, each a depth and a time cap.
// One table for the web platform's opponents and the protocols' `Level` option.
#pragma once
#include <cstdint>

#include "search/limits.h"

namespace kirin {

constexpr int MAX_LEVEL = 8;

struct Level {
  int depth;
  int64_t movetime_ms;
};

// Level 1 looks 1 ply ahead within 250 ms; level 8 up to 12 plies within 2 s.
constexpr Level level_limits(int level) { return {level <= 4 ? level : 4 + (level - 4) * 2, int64_t(level) * 250}; }

// `limits` capped by the level (0: unchanged). With a clock, the cap never exceeds what the
// clock allows for this move (`clock_ms`, from the time plan).
SearchLimits apply_level(SearchLimits limits, int level, int64_t clock_ms);

}  // namespace kirin
