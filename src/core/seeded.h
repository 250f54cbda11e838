// Reproducible randomness for self-play: SplitMix64 (Steele, Lea, Flood), and streams keyed by a
// run's seed and a game's number, so any game of a run can be replayed on its own.
#pragma once
#include <cstdint>

namespace kirin {

// Advances `state` and returns the next 64 random bits.
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The start state of the stream for (seed, game, attempt): the same triple, the same numbers.
constexpr uint64_t game_stream(uint64_t seed, uint64_t game, uint64_t attempt = 0) {
  uint64_t s = seed;
  uint64_t a = splitmix64(s) ^ (game * 0x100000001B3ull + attempt);
  return splitmix64(a);
}

}  // namespace kirin
