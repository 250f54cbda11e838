// How many slots of a given size fit a table of N megabytes: the largest power of two (so an
// index is a mask), at least one. Shared by the search's table and the mate solver's.
#pragma once
#include <cstddef>

namespace kirin {

// The largest Hash option, in MB. WebAssembly's memory is 32-bit and a browser gives a worker
// far less than that, so there a table stops at 256 MB (the search's and the mate solver's
// together stay under the module's 1 GB memory limit).
#ifdef __EMSCRIPTEN__
inline constexpr int MAX_HASH_MB = 256;
#else
inline constexpr int MAX_HASH_MB = 4096;
#endif

inline size_t table_slots(size_t megabytes, size_t slot_bytes) {
  size_t slots = 1;
  const size_t want = (megabytes ? megabytes : 1) * 1024 * 1024 / slot_bytes;
  while (slots * 2 <= want) slots *= 2;
  return slots;
}

}  // namespace kirin
