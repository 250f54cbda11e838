// The feature transformer's output for both perspectives, kept along the search's line: each
// move updates a copy of its parent's from the few features it changed (a King-bucket change in
// xiangqi refreshes that perspective from scratch), and undoing a move drops back one entry.
#pragma once
#include <vector>

#include "nnue/network.h"

namespace kirin::nnue {

class AccumulatorStack {
 public:
  explicit AccumulatorStack(const Network& net, Simd simd = best_simd());

  // Starts over from `pos`: both perspectives from scratch.
  void reset(const Position& pos);
  // After pos.do_move(m): the new top, updated from the one below.
  void push(const Position& pos);
  void pop() { --top_; }
  // The net's value of `pos` (the position the top belongs to), side to move's view.
  Value evaluate(const Position& pos) const;
  const int16_t* values(Color perspective) const { return stack_[top_].v[perspective]; }
  // Both perspectives recomputed from `pos` into `out` (2 x L1), as reset() would.
  void fresh(const Position& pos, int16_t* out);

 private:
  struct Entry {
    alignas(32) int16_t v[2][L1];
  };
  void refresh(const Position& pos, Color perspective, int16_t* acc);

  const Network& net_;
  Simd simd_;
  std::vector<Entry> stack_;
  size_t top_ = 0;
  FeatureList removed_, added_;
};

}  // namespace kirin::nnue
