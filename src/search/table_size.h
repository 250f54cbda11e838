// How many slots of a given size fit a table of N megabytes: the largest power of two (so an
// index is a mask), at least one. Shared by the search's table and the mate solver's.
#pragma once
#include <cstddef>

namespace kirin {

inline size_t table_slots(size_t megabytes, size_t slot_bytes) {
  size_t slots = 1;
  const size_t want = (megabytes ? megabytes : 1) * 1024 * 1024 / slot_bytes;
  while (slots * 2 <= want) slots *= 2;
  return slots;
}

}  // namespace kirin
