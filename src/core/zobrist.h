// Zobrist keys, generated once from a fixed seed so keys are the same in every run.
#pragma once
#include <array>
#include <cstdint>

#include "core/types.h"

namespace kirin {

using Key = uint64_t;

struct Zobrist {
  static constexpr int MAX_HAND = 64;
  Key piece[MAX_KINDS + 1][2][MAILBOX];
  Key hand[2][MAX_KINDS + 1][MAX_HAND];
  Key counter_strike[MAILBOX];
  Key side;
};

// The one table, immutable after its first use.
const Zobrist& zobrist();

}  // namespace kirin
