// A board, or a part of one: shogi squares with the zone dots, or xiangqi points with the river
// and palaces, coordinates on the edges as the seeds print them (files 12..1 across the top,
// ranks a..l downwards; xiangqi's ICCS files a..i and ranks 0..9).
#pragma once
#include <cairo.h>

#include "draw/style.h"
#include "rules/variant.h"

namespace kirin::draw {

// Where the board is on the page. Columns and rows count on the drawn board from its top-left;
// a frame may show only some of them (a quadrant of a 12x12 board split over pages).
struct BoardFrame {
  const Variant* variant = nullptr;
  bool flipped = false;  // the second side at the bottom
  double x = 0, y = 0;   // top-left corner of the first shown column and row
  double cell = 10;      // square size, or distance between xiangqi points
  int col0 = 0, row0 = 0, cols = 0, rows = 0;

  static BoardFrame whole(const Variant& v, bool flipped, double x, double y, double cell);
  int column(Square s) const;
  int row(Square s) const;
  Square square(int column, int row) const;
  bool shows(Square s) const;
  double centre_x(int column) const { return x + (column - col0 + 0.5) * cell; }
  double centre_y(int row) const { return y + (row - row0 + 0.5) * cell; }
};

enum Edge : unsigned { TOP = 1, BOTTOM = 2, LEFT = 4, RIGHT = 8, ALL_EDGES = 15 };

// Draws the grid and, on the edges named, the coordinates. `river_kanji`: 楚河 漢界 rather than
// "River" on a xiangqi board.
void draw_board(cairo_t* cr, const BoardFrame& f, const Palette& pal, unsigned coordinate_edges, bool river_kanji);

}  // namespace kirin::draw
