// Piece-square values fitted by regression to a stronger engine's scores (scripts/tune/README.md):
// material included, in centipawns, from the owner's side of the board.
#pragma once
#include <cstdint>
#include <span>

#include "rules/variant.h"

namespace kirin {

// Two values per square, blended by the game phase: `opening` with all the pieces that count for
// the phase on the board, `endgame` with none of them left.
struct FittedPsq {
  const char* token;       // the kind's FEN token
  int16_t opening[10][5];  // [ranks from the owner's edge][files from the nearer edge]
  int16_t endgame[10][5];
};

struct FittedTable {
  std::span<const FittedPsq> kinds;  // empty where none has been fitted (the shogi games so far)
  // The phase: the material of the pieces worth at least PHASE_PIECE (rules catalogue values)
  // on the board, out of `full_phase`, the amount at the start.
  int full_phase = 0;
};
constexpr int PHASE_PIECE = 400;

const FittedTable& fitted_psq(GameId g);

}  // namespace kirin
