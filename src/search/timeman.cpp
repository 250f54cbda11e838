#include "search/timeman.h"

#include <algorithm>

namespace kirin {

TimeBudget plan_time(const SearchLimits& limits, Color us, int64_t overhead) {
  TimeBudget b;
  if (limits.movetime) {
    b.optimum = b.maximum = std::max<int64_t>(1, limits.movetime - overhead);
    b.exact = true;
    return b;
  }
  if (!limits.has_clock() || limits.infinite) return b;
  const int64_t main = limits.time[us], inc = limits.inc[us], byo = limits.byoyomi;
  const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 35;
  // Spend a share of the main time plus most of the increment; keep a reserve so the clock
  // never falls below a couple of moves' worth.
  int64_t share = main / moves + inc * 4 / 5;
  // An unfinished iteration may run past the share, but only to a few shares, and the clock
  // always keeps a fifth of itself besides the overhead: the increment refills it. A low clock
  // with an increment then settles near spending the increment.
  int64_t hard = std::min(share * 5, main * 8 / 10 - overhead);
  if (byo > 0) {
    // Byoyomi: once in the period, use most of it every move; before that, add it to the share.
    share += byo * 9 / 10;
    hard = std::max<int64_t>(hard, byo - overhead);
  }
  if (limits.moves_to_go == 1) share = std::max(share, (main + byo) * 7 / 10);
  b.maximum = std::max<int64_t>(1, hard);
  b.optimum = std::max<int64_t>(1, std::min(share, b.maximum));
  return b;
}

int64_t iteration_cutoff(const TimeBudget& b, double best_move_changes) {
  const int64_t per_mille = std::clamp<int64_t>(700 + int64_t(1200 * best_move_changes), 600, 2200);
  return b.optimum * 55 * per_mille / 100000;
}

}  // namespace kirin
