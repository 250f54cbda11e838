// A position as a picture: board, pieces, both hands (Chu Seireigi), the last move and check
// marked, squares highlighted. Used by `kirin diagram` and by the print set's setup diagram.
#pragma once
#include <cairo.h>

#include <vector>

#include "core/move.h"
#include "draw/piece_face.h"
#include "rules/position.h"

namespace kirin::draw {

struct PositionLook {
  PieceLook pieces;
  bool flipped = false;
  Move last = Move::none();
  std::vector<Square> highlights;
};

// Height the drawing takes when it is `width` wide.
double position_height(const Variant& v, double width);
// Draws it with its top-left corner at (x, y).
void draw_position(cairo_t* cr, const Position& pos, const PositionLook& look, double x, double y, double width);

}  // namespace kirin::draw
