// Standard algebraic notation as XBoard/WinBoard writes it in a PGN: Che2, Cxe6, Hg2, Rh0h3,
// e4 (a Soldier or Pawn: no letter). Squares are XBoard's (src/notation/xboard_moves.h): files
// a.. from the first side's left, xiangqi ranks 0-9, the shogi games' ranks 1-12. Xiangqi letters
// R H/N E/B A K C P; in Chu Shogi Kirin's SFEN tokens (+ for a promoted piece), a trailing + the
// promotion, a Lion's double move as its two squares (Lxe5f6 or Le5xf6 style: both are read).
#pragma once
#include <string_view>

#include "core/move.h"
#include "core/result.h"
#include "rules/position.h"

namespace kirin {

// The legal move written as `text`, or why none or several fit.
Result<Move> parse_san(Position& pos, std::string_view text);
// Does the text have SAN's shape (an optional piece, squares, x or -)?
bool looks_like_san(const Variant& v, std::string_view text);

}  // namespace kirin
