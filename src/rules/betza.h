// A small XBetza reader: piece moves are written as data, the way the rules files give them.
#pragma once
#include <string_view>
#include <vector>

#include "core/result.h"

namespace kirin {

// Which moves an atom may make: both kinds, only non-captures (m) or only captures (c).
enum class Mode : uint8_t { BOTH, QUIET, CAPTURE };

// One move vector from the mover's point of view (+dy = forward, +dx = the mover's right).
struct Atom {
  int8_t dx = 0, dy = 0;
  bool slide = false;  // repeat over empty squares (R, B, Q) instead of a single leap
  bool hop = false;    // p: must jump exactly one piece first (the xiangqi cannon's capture)
  bool lame = false;   // n: blocked if the first step ("horse leg", "elephant eye") is occupied
  int8_t leg_dx = 0, leg_dy = 0;
  Mode mode = Mode::BOTH;
};

// Supported: atoms W F D A N K R B Q; modifiers f b s v l r (direction), m c (mode), p (hop),
// n (lame). For the oblique N, a two-letter direction such as ff or bs names one direction.
Result<std::vector<Atom>> parse_betza(std::string_view text);

}  // namespace kirin
