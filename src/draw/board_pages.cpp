// The board pages: a board that fits is one page; a 12x12 board at a playable size is split in
// quadrants, as seed 000 prints it, with glue tabs on the inner edges of the upper and left
// parts. The grid lines run on over each tab, so the part glued over it lines up with them.
#include <algorithm>
#include <cmath>

#include "draw/board_drawing.h"
#include "draw/ink.h"
#include "draw/sheet.h"

namespace kirin::draw {
namespace {

constexpr double SHOGI_SQUARE = 27;  // mm: wide enough for the 23 mm tiles of the piece sheets
constexpr double COORDS = 14;        // mm of margin for the coordinates (a quarter square high)
constexpr double TAB = 12;           // mm: glue tab depth

// A tab beyond the grid edge from (x0,y0) to (x1,y1), on the side (nx, ny) points to.
void glue_tab(cairo_t* cr, const Palette& pal, double x0, double y0, double x1, double y1, double nx, double ny,
              const std::string& label) {
  const double dx = x1 - x0, dy = y1 - y0, len = std::hypot(dx, dy), ux = dx / len, uy = dy / len;
  const double bevel = TAB * 0.6;
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x0 + nx * TAB + ux * bevel, y0 + ny * TAB + uy * bevel);
  cairo_line_to(cr, x1 + nx * TAB - ux * bevel, y1 + ny * TAB - uy * bevel);
  cairo_line_to(cr, x1, y1);
  cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
  cairo_fill_preserve(cr);
  set_colour(cr, pal.ink);
  cairo_set_line_width(cr, 0.25);
  cairo_stroke(cr);
  cairo_save(cr);
  cairo_translate(cr, (x0 + x1) / 2 + nx * TAB * 0.62, (y0 + y1) / 2 + ny * TAB * 0.62);
  if (std::abs(dy) > std::abs(dx)) cairo_rotate(cr, M_PI / 2);
  set_colour(cr, pal.faint);
  text(cr, label, 0, 0, 3, Font::SANS);
  cairo_restore(cr);
}

Page quadrant_page(int qc, int qr, int parts_x, int parts_y) {
  static const char* names[2][2] = {{"Upper Left", "Upper Right"}, {"Lower Left", "Lower Right"}};
  Page p;
  p.caption = std::string("Board - ") + names[qr][qc] + " Quadrant";
  p.draw = [=](Sheet& s) {
    const Variant& v = s.variant;
    const int hc = (v.files() + parts_x - 1) / parts_x, hr = (v.ranks() + parts_y - 1) / parts_y;
    const double cell = SHOGI_SQUARE;
    const bool tab_right = qc + 1 < parts_x, tab_below = qr + 1 < parts_y;
    const double w = COORDS + hc * cell + (tab_right ? TAB : 0), h = COORDS + hr * cell + (tab_below ? TAB : 0);
    const double x0 = s.left() + (s.width() - w) / 2, y0 = s.top() + (s.height() - h) / 2;
    BoardFrame f = BoardFrame::whole(v, false, x0 + (qc == 0 ? COORDS : 0), y0 + (qr == 0 ? COORDS : 0), cell);
    f.col0 = qc * hc, f.row0 = qr * hr, f.cols = std::min(hc, v.files() - f.col0),
    f.rows = std::min(hr, v.ranks() - f.row0);
    const double gx0 = f.x, gy0 = f.y, gx1 = f.x + f.cols * cell, gy1 = f.y + f.rows * cell;
    cairo_t* cr = s.cr;
    if (tab_right) glue_tab(cr, s.look.palette, gx1, gy0, gx1, gy1, 1, 0, "GLUE - the right part goes over this tab");
    if (tab_below) glue_tab(cr, s.look.palette, gx0, gy1, gx1, gy1, 0, 1, "GLUE - the lower part goes over this tab");
    // Grid lines run on over the tabs: the part glued on top must meet them.
    set_colour(cr, s.look.palette.faint);
    if (tab_right)
      for (int i = 0; i <= f.rows; ++i) line(cr, gx1, gy0 + i * cell, gx1 + TAB * 0.8, gy0 + i * cell, 0.3);
    if (tab_below)
      for (int i = 0; i <= f.cols; ++i) line(cr, gx0 + i * cell, gy1, gx0 + i * cell, gy1 + TAB * 0.8, 0.3);
    const unsigned edges = (qr == 0 ? unsigned(TOP) : 0u) | (qr + 1 == parts_y ? unsigned(BOTTOM) : 0u) |
                           (qc == 0 ? unsigned(LEFT) : 0u) | (qc + 1 == parts_x ? unsigned(RIGHT) : 0u);
    draw_board(cr, f, s.look.palette, edges, false);
    // The cut line: the coordinate margin on outer edges, the board's own edge on inner ones.
    const double cx0 = qc == 0 ? gx0 - COORDS : gx0, cx1 = qc + 1 == parts_x ? gx1 + COORDS : gx1;
    const double cy0 = qr == 0 ? gy0 - COORDS : gy0, cy1 = qr + 1 == parts_y ? gy1 + COORDS : gy1;
    set_colour(cr, s.look.palette.ink);
    // Solid, as every cut line of the set: dashed lines are folds (seed 000's convention).
    cairo_rectangle(cr, cx0, cy0, cx1 - cx0, cy1 - cy0);
    cairo_set_line_width(cr, 0.2);
    cairo_stroke(cr);
    // Alignment crosses where the seams meet the board's outer edge, on both parts.
    for (double x : {gx0, gx1})
      for (double y : {gy0, gy1}) {
        const bool seam_x = (x == gx1 && tab_right) || (x == gx0 && qc > 0);
        const bool seam_y = (y == gy1 && tab_below) || (y == gy0 && qr > 0);
        if (seam_x || seam_y) cross_mark(cr, x, y, 2.5, 0.25);
      }
    text(cr, "Cut along the thin outer line; glue the parts so that their grid lines and letters and numbers meet.",
         s.left() + s.width() / 2, s.bottom() - 3, 3, Font::SANS);
  };
  return p;
}

Page whole_board_page(double cell) {
  Page p;
  p.caption = "Board";
  p.draw = [=](Sheet& s) {
    const Variant& v = s.variant;
    const double w = v.files() * cell, h = v.ranks() * cell;
    BoardFrame f = BoardFrame::whole(v, false, s.left() + (s.width() - w) / 2, s.top() + (s.height() - h) / 2, cell);
    draw_board(s.cr, f, s.look.palette, ALL_EDGES, s.look.style == PieceStyle::KANJI);
    set_colour(s.cr, s.look.palette.ink);
    cairo_rectangle(s.cr, f.x - cell * 0.6, f.y - cell * 0.6, w + cell * 1.2, h + cell * 1.2);
    cairo_set_line_width(s.cr, 0.2);
    cairo_stroke(s.cr);
  };
  return p;
}

}  // namespace

std::vector<Page> board_pages(const Sheet& s) {
  const Variant& v = s.variant;
  if (!v.is_shogi_family()) {
    // Xiangqi: the points as far apart as one page allows (seed 002 is one A4 sheet).
    const double cell = std::min(s.width() / (v.files() + 1.5), s.height() / (v.ranks() + 1.5));
    return {whole_board_page(std::min(cell, 24.0))};
  }
  if (v.files() * SHOGI_SQUARE + 2 * COORDS <= s.width() && v.ranks() * SHOGI_SQUARE + 2 * COORDS <= s.height())
    return {whole_board_page(SHOGI_SQUARE)};
  std::vector<Page> out;
  for (int qr = 0; qr < 2; ++qr)
    for (int qc = 0; qc < 2; ++qc) out.push_back(quadrant_page(qc, qr, 2, 2));
  return out;
}

}  // namespace kirin::draw
