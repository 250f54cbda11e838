// One piece, drawn in a style: as a printed tile (seed 000's fold-over pieces: a square face with
// the forward arrow in the upper-left corner and the movement mnemonic) or as a token on a
// diagram (a shogi pentagon, a xiangqi disc).
#pragma once
#include <cairo.h>

#include <string>
#include <vector>

#include "draw/style.h"
#include "rules/variant.h"

namespace kirin::draw {

enum class PieceShape { TILE, TOKEN };

struct PieceLook {
  PieceStyle style = PieceStyle::KANJI;
  PieceShape shape = PieceShape::TOKEN;
  Palette palette;
};

// The text a style writes on the piece, one entry per line ("" for the mnemonic style).
std::vector<std::string> piece_label(const Variant& v, Kind k, Color side, PieceStyle style);

// Draws the piece centred on (cx, cy) in a square of side `size`. `turned`: rotated half a turn
// (the second side's shogi pieces on a diagram, the back of a fold-over tile).
void draw_piece(cairo_t* cr, const Variant& v, Kind k, Color side, const PieceLook& look, double cx, double cy,
                double size, bool turned);

}  // namespace kirin::draw
