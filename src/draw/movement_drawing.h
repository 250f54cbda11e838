// Drawing a MoveDiagram: with its grid on the movement-diagram pages, without one as the small
// mnemonic on a piece; and the legend that explains the marks.
#pragma once
#include <cairo.h>

#include <string>
#include <vector>

#include "draw/movement_diagram.h"
#include "draw/style.h"

namespace kirin::draw {

// The diagram fills the square of side `size` whose top-left corner is (x, y); forward is up.
// With `grid`, the squares are drawn and the piece's own square is left for a face to go in;
// without, the piece's square carries seed 000's marks (a cross for the King, a dot when promoted).
void draw_movement(cairo_t* cr, const MoveDiagram& d, double x, double y, double size, const Palette& pal, bool grid);

// Draws the entries in rows from (x, y), `row` apart; returns the height used.
double draw_legend(cairo_t* cr, const std::vector<LegendEntry>& entries, double x, double y, double row,
                   const Palette& pal);

}  // namespace kirin::draw
