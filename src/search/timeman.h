// How long to think: sudden death, increment, byoyomi, moves-to-go and fixed move time.
#pragma once
#include <cstdint>

#include "core/types.h"
#include "search/limits.h"

namespace kirin {

struct TimeBudget {
  int64_t optimum = 0;  // stop starting new iterations after this (ms); 0 = no clock
  int64_t maximum = 0;  // abort the search at this point (ms); 0 = no clock
  bool exact = false;   // a fixed move time ("movetime", XBoard's "st"): spend all of it
};

// `overhead` is kept back per move for the protocol round trip.
TimeBudget plan_time(const SearchLimits& limits, Color us, int64_t overhead);

// With a clock, no iteration begins after this many ms: one begun later would rarely finish.
// A best move that keeps changing gets more time, one that stands still less.
// `best_move_changes`: changes of the best move between iterations, older ones counting half
// each iteration.
int64_t iteration_cutoff(const TimeBudget& b, double best_move_changes);

}  // namespace kirin
