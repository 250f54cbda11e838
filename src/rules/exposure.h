// What may expose the side to move's royal piece, in a position where it is not in check: the
// squares a move must leave or enter to uncover an attack on it. Perft and the search test a
// node's moves one after another; most of them touch none of these squares and are legal without
// being played (Position::legal's slow path plays each move on the board and looks for attacks).
#pragma once
#include <bitset>

#include "rules/position.h"

namespace kirin {

struct Exposure {
  // A piece leaving one of these (or captured on it by a Lion's first step) may uncover an
  // attack: the only piece between the royal and a slider or the flying General (a pin), either
  // of the two between it and a Cannon, a lame leaper's leg.
  std::bitset<MAILBOX> leaving;
  // A piece entering one of these may screen a Cannon that faces the royal with nothing between.
  std::bitset<MAILBOX> entering;
  // The royal piece is attacked: the same rays and legs say so, and then the sets above are not
  // filled (a move in check is played out).
  bool check = false;

  // For the side to move's single royal piece.
  static Exposure of(const Position& pos);
};

// A node's Exposure, found when the first of its moves needs it (Position::legal's third form).
struct LazyExposure {
  bool known = false;
  Exposure exposure;
};

}  // namespace kirin
