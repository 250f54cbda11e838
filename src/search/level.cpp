#include "search/level.h"

#include <algorithm>

namespace kirin {

SearchLimits apply_level(SearchLimits limits, int level, int64_t clock_ms) {
  if (level <= 0) return limits;
  const Level l = level_limits(std::min(level, MAX_LEVEL));
  limits.depth = limits.depth > 0 ? std::min(limits.depth, l.depth) : l.depth;
  int64_t cap = l.movetime_ms;
  if (limits.movetime > 0) cap = std::min(cap, limits.movetime);
  if (clock_ms > 0) cap = std::min(cap, clock_ms);
  if (!limits.infinite) limits.movetime = cap;
  return limits;
}

}  // namespace kirin
