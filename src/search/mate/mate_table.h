// The mate solver's own transposition table: proof and disproof numbers per position, apart
// from the alpha-beta search's table (their entries mean different things).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/zobrist.h"

namespace kirin {

// Proof and disproof numbers are capped here: INFINITE_PN means "proven impossible".
constexpr uint32_t INFINITE_PN = 1u << 28;

struct MateEntry {
  Key key = 0;
  uint32_t pn = 1, dn = 1;
  // Proven (pn 0): plies to mate from here along the best proof known.
  // Disproven within a ply limit only: the plies that were left (`limited`).
  uint16_t plies = 0;
  bool limited = false;
  uint32_t work = 0;  // nodes spent below this entry: the more, the more worth keeping
};

class MateTable {
 public:
  explicit MateTable(size_t megabytes = 16) { resize(megabytes); }
  void resize(size_t megabytes);
  void clear();
  // The entry for `key`, or nullptr.
  const MateEntry* probe(Key key) const;
  void store(const MateEntry& e);
  int hashfull() const;  // per mille of the first thousand clusters' slots in use

 private:
  static constexpr int WAYS = 4;
  struct Cluster {
    MateEntry slot[WAYS];
  };
  std::vector<Cluster> table_;
  Cluster& cluster(Key key) { return table_[key & (table_.size() - 1)]; }
  const Cluster& cluster(Key key) const { return table_[key & (table_.size() - 1)]; }
};

}  // namespace kirin
