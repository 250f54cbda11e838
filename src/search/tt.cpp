#include "search/tt.h"

#include <algorithm>

#include "search/table_size.h"

namespace kirin {

void TranspositionTable::resize(size_t megabytes) { table_.assign(table_slots(megabytes, sizeof(Bucket)), Bucket{}); }

void TranspositionTable::clear() {
  std::fill(table_.begin(), table_.end(), Bucket{});
  generation_ = 0;
}

const TTEntry* TranspositionTable::probe(Key key) const {
  const Bucket& b = bucket(key);
  const uint32_t k32 = uint32_t(key >> 32);
  if (b.deep.bound != BOUND_NONE && b.deep.key32 == k32) return &b.deep;
  if (b.recent.bound != BOUND_NONE && b.recent.key32 == k32) return &b.recent;
  return nullptr;
}

void TranspositionTable::store(Key key, Move m, Value v, Value eval, int depth, Bound bound) {
  Bucket& b = bucket(key);
  const uint32_t k32 = uint32_t(key >> 32);
  TTEntry e;
  e.key32 = k32;
  e.value = int16_t(v);
  e.eval = int16_t(eval);
  e.depth = uint8_t(depth < 0 ? 0 : depth);
  e.bound = bound;
  e.generation = generation_;
  // Keep the previous best move when this result has none.
  if (m.is_none()) {
    if (b.deep.key32 == k32)
      m = b.deep.move;
    else if (b.recent.key32 == k32)
      m = b.recent.move;
  }
  e.move = m;
  // A much deeper result for the same position stays: quiescence and reduced re-searches
  // would otherwise wipe what an earlier full search learned.
  if (b.deep.key32 == k32 && b.deep.bound != BOUND_NONE && bound != BOUND_EXACT && b.deep.depth > depth + 3 &&
      b.deep.generation == generation_) {
    if (b.deep.move.is_none()) b.deep.move = m;
    return;
  }
  if (b.deep.bound == BOUND_NONE || b.deep.key32 == k32 || b.deep.generation != generation_ || depth >= b.deep.depth) {
    if (b.deep.key32 != k32 && b.deep.bound != BOUND_NONE) b.recent = b.deep;
    b.deep = e;
  } else {
    b.recent = e;
  }
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const size_t n = table_.size() < 1000 ? table_.size() : 1000;
  for (size_t i = 0; i < n; ++i) used += table_[i].deep.bound != BOUND_NONE && table_[i].deep.generation == generation_;
  return n ? int(used * 1000 / n) : 0;
}

}  // namespace kirin
