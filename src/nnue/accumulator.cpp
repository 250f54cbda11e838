#include "nnue/accumulator.h"

#include <algorithm>
#include <cstring>

namespace kirin::nnue {

AccumulatorStack::AccumulatorStack(const Network& net, Simd simd) : net_(net), simd_(simd), stack_(MAX_PLY + 8) {}

void AccumulatorStack::refresh(const Position& pos, Color perspective, int16_t* acc) {
  FeatureList& active = added_;
  net_.features().active(pos, perspective, active);
  std::memcpy(acc, net_.weights().ft_bias.data(), L1 * sizeof(int16_t));
  for (uint32_t f : active) update_row(simd_, acc, net_.row(f), nullptr, L1);
}

void AccumulatorStack::reset(const Position& pos) {
  top_ = 0;
  for (Color c : {FIRST, SECOND}) refresh(pos, c, stack_[0].v[c]);
}

void AccumulatorStack::fresh(const Position& pos, int16_t* out) {
  for (Color c : {FIRST, SECOND}) refresh(pos, c, out + c * L1);
}

void AccumulatorStack::push(const Position& pos) {
  if (++top_ == stack_.size()) stack_.emplace_back();
  const Entry& parent = stack_[top_ - 1];
  Entry& e = stack_[top_];
  for (Color c : {FIRST, SECOND}) {
    if (!net_.features().changed(pos, c, removed_, added_)) {
      refresh(pos, c, e.v[c]);
      continue;
    }
    // Pairs of one added and one removed row in one pass, then the rest; the first change reads
    // the parent's accumulator, so it is not copied first.
    const int16_t* from = parent.v[c];
    auto apply = [&](const int16_t* add_row, const int16_t* sub_row) {
      update_row(simd_, e.v[c], from, add_row, sub_row, L1);
      from = e.v[c];
    };
    const int pairs = std::min(removed_.count, added_.count);
    for (int i = 0; i < pairs; ++i) apply(net_.row(added_.index[i]), net_.row(removed_.index[i]));
    for (int i = pairs; i < added_.count; ++i) apply(net_.row(added_.index[i]), nullptr);
    for (int i = pairs; i < removed_.count; ++i) apply(nullptr, net_.row(removed_.index[i]));
    if (from != e.v[c]) std::memcpy(e.v[c], parent.v[c], sizeof e.v[c]);
  }
}

Value AccumulatorStack::evaluate(const Position& pos) const {
  const Color us = pos.side_to_move();
  return net_.evaluate(stack_[top_].v[us], stack_[top_].v[~us], simd_);
}

}  // namespace kirin::nnue
