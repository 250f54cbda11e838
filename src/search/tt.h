// Transposition table: one shared table of search results keyed by the Zobrist key.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/score.h"
#include "core/zobrist.h"

namespace kirin {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTEntry {
  uint32_t key32 = 0;
  Move move;
  int16_t value = 0;
  int16_t eval = 0;
  uint8_t depth = 0;
  uint8_t bound = BOUND_NONE;
  uint8_t generation = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t megabytes = 16) { resize(megabytes); }
  void resize(size_t megabytes);
  void clear();
  void new_search() { ++generation_; }
  // The entry for `key`, or nullptr.
  const TTEntry* probe(Key key) const;
  void store(Key key, Move m, Value v, Value eval, int depth, Bound b);
  // Starts loading `key`'s bucket into the cache, so the probe that follows a move need not wait.
  void prefetch(Key key) const { __builtin_prefetch(&bucket(key)); }
  int hashfull() const;  // per mille of the first thousand buckets in use this search

 private:
  // Two slots per bucket: one kept by depth, one always replaced.
  struct Bucket {
    TTEntry deep, recent;
  };
  std::vector<Bucket> table_;
  uint8_t generation_ = 0;
  Bucket& bucket(Key key) { return table_[key & (table_.size() - 1)]; }
  const Bucket& bucket(Key key) const { return table_[key & (table_.size() - 1)]; }
};

// Mate scores are stored relative to the node, not the root.
inline Value value_to_tt(Value v, int ply) {
  return v >= VALUE_MATE_IN_MAX ? v + ply : v <= -VALUE_MATE_IN_MAX ? v - ply : v;
}
inline Value value_from_tt(Value v, int ply) {
  return v >= VALUE_MATE_IN_MAX ? v - ply : v <= -VALUE_MATE_IN_MAX ? v + ply : v;
}

}  // namespace kirin
