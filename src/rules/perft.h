// Perft: count the leaf nodes of the legal move tree, the standard test of a move generator.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rules/position.h"

namespace kirin {

// Counting convention of ../shared/reference/README.md: one count per distinct move effect.
uint64_t perft(Position& pos, int depth);

struct DivideLine {
  Move move;  // a root move (notation/move_text.h writes it)
  uint64_t nodes;
};
// Per root move, in generation order; `progress` (if set) is told of each line as it is done,
// with `pos` back at the root.
std::vector<DivideLine> perft_divide(Position& pos, int depth,
                                     const std::function<void(const DivideLine&)>& progress = {});

}  // namespace kirin
