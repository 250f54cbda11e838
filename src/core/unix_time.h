// Wall-clock time as the server stores it: unix milliseconds, which mean the same after a
// restart and on every instance (a steady clock's would not).
#pragma once
#include <chrono>
#include <cstdint>

namespace kirin {

inline int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace kirin
