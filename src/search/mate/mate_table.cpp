#include "search/mate/mate_table.h"

#include <algorithm>

#include "search/table_size.h"

namespace kirin {

void MateTable::resize(size_t megabytes) { table_.assign(table_slots(megabytes, sizeof(Cluster)), Cluster{}); }

void MateTable::clear() { std::fill(table_.begin(), table_.end(), Cluster{}); }

const MateEntry* MateTable::probe(Key key) const {
  const Cluster& c = cluster(key);
  for (const MateEntry& e : c.slot)
    if (e.key == key && e.work) return &e;
  return nullptr;
}

// The same position's slot, else an empty one, else the one that cost least to find: a
// bounded table keeps the results that would be dearest to search again.
void MateTable::store(const MateEntry& e) {
  Cluster& c = cluster(e.key);
  MateEntry* victim = &c.slot[0];
  for (MateEntry& s : c.slot) {
    if (s.key == e.key || !s.work) {
      victim = &s;
      break;
    }
    if (s.work < victim->work) victim = &s;
  }
  *victim = e;
  if (!victim->work) victim->work = 1;  // work 0 marks an empty slot
}

int MateTable::hashfull() const {
  const size_t n = std::min<size_t>(table_.size(), 250);
  int used = 0;
  for (size_t i = 0; i < n; ++i)
    for (const MateEntry& e : table_[i].slot) used += e.work != 0;
  return n ? int(used * 1000 / (n * WAYS)) : 0;
}

}  // namespace kirin
