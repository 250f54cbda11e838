#include "draw/board_drawing.h"

#include <string>

#include "draw/ink.h"

namespace kirin::draw {
namespace {

std::string file_label(const Variant& v, int x) {
  return v.is_shogi_family() ? std::to_string(v.files() - x) : std::string(1, char('a' + x));
}

std::string rank_label(const Variant& v, int y) {
  return v.is_shogi_family() ? std::string(1, char('a' + v.ranks() - 1 - y)) : std::to_string(y);
}

void draw_shogi_grid(cairo_t* cr, const BoardFrame& f, const Palette& pal) {
  const Variant& v = *f.variant;
  const double w = f.cols * f.cell, h = f.rows * f.cell;
  set_colour(cr, pal.board);
  cairo_rectangle(cr, f.x, f.y, w, h);
  cairo_fill(cr);
  set_colour(cr, pal.ink);
  for (int i = 0; i <= f.cols; ++i) line(cr, f.x + i * f.cell, f.y, f.x + i * f.cell, f.y + h, f.cell * 0.02);
  for (int i = 0; i <= f.rows; ++i) line(cr, f.x, f.y + i * f.cell, f.x + w, f.y + i * f.cell, f.cell * 0.02);
  // The heavy border only on the board's real edges: where parts of a split board meet, the
  // seam is an ordinary line.
  const double heavy = f.cell * 0.05;
  if (f.row0 == 0) line(cr, f.x, f.y, f.x + w, f.y, heavy);
  if (f.row0 + f.rows == v.ranks()) line(cr, f.x, f.y + h, f.x + w, f.y + h, heavy);
  if (f.col0 == 0) line(cr, f.x, f.y, f.x, f.y + h, heavy);
  if (f.col0 + f.cols == v.files()) line(cr, f.x + w, f.y, f.x + w, f.y + h, heavy);
  // The dots on the lines that bound the promotion zones (seed 000's quadrants show them).
  const int z = v.def().zone_depth;
  if (z <= 0) return;
  for (int gx : {z, v.files() - z})
    for (int gy : {z, v.ranks() - z})
      if (gx >= f.col0 && gx <= f.col0 + f.cols && gy >= f.row0 && gy <= f.row0 + f.rows) {
        circle(cr, f.x + (gx - f.col0) * f.cell, f.y + (gy - f.row0) * f.cell, f.cell * 0.07);
        cairo_fill(cr);
      }
}

// The xiangqi "position marks": small corners around the Cannons' and Soldiers' points.
void position_mark(cairo_t* cr, const BoardFrame& f, int col, int row) {
  const double cx = f.centre_x(col), cy = f.centre_y(row), g = f.cell * 0.08, l = f.cell * 0.18;
  for (int sx : {-1, 1}) {
    if ((col == 0 && sx < 0) || (col == f.variant->files() - 1 && sx > 0)) continue;
    for (int sy : {-1, 1}) {
      cairo_move_to(cr, cx + sx * (g + l), cy + sy * g);
      cairo_line_to(cr, cx + sx * g, cy + sy * g);
      cairo_line_to(cr, cx + sx * g, cy + sy * (g + l));
    }
  }
  cairo_set_line_width(cr, f.cell * 0.02);
  cairo_stroke(cr);
}

void draw_xiangqi_grid(cairo_t* cr, const BoardFrame& f, const Palette& pal, bool river_kanji) {
  const int W = f.variant->files(), H = f.variant->ranks();
  const double left = f.centre_x(0), right = f.centre_x(W - 1), top = f.centre_y(0), bottom = f.centre_y(H - 1);
  set_colour(cr, pal.board);
  cairo_rectangle(cr, left - f.cell * 0.5, top - f.cell * 0.5, right - left + f.cell, bottom - top + f.cell);
  cairo_fill(cr);
  set_colour(cr, pal.ink);
  for (int r = 0; r < H; ++r) line(cr, left, f.centre_y(r), right, f.centre_y(r), f.cell * 0.025);
  const int river = H / 2;  // rows 0..river-1 are the top half
  for (int c = 0; c < W; ++c) {
    if (c == 0 || c == W - 1) {
      line(cr, f.centre_x(c), top, f.centre_x(c), bottom, f.cell * 0.025);
    } else {
      line(cr, f.centre_x(c), top, f.centre_x(c), f.centre_y(river - 1), f.cell * 0.025);
      line(cr, f.centre_x(c), f.centre_y(river), f.centre_x(c), bottom, f.cell * 0.025);
    }
  }
  cairo_rectangle(cr, left - f.cell * 0.12, top - f.cell * 0.12, right - left + f.cell * 0.24,
                  bottom - top + f.cell * 0.24);
  cairo_set_line_width(cr, f.cell * 0.05);
  cairo_stroke(cr);
  for (int base : {0, H - 3}) {  // the palaces: diagonals through the middle three files
    const int c0 = (W - 3) / 2;
    line(cr, f.centre_x(c0), f.centre_y(base), f.centre_x(c0 + 2), f.centre_y(base + 2), f.cell * 0.025);
    line(cr, f.centre_x(c0 + 2), f.centre_y(base), f.centre_x(c0), f.centre_y(base + 2), f.cell * 0.025);
  }
  for (int row : {2, H - 3})
    for (int col : {1, W - 2}) position_mark(cr, f, col, row);
  for (int row : {3, H - 4})
    for (int col = 0; col < W; col += 2) position_mark(cr, f, col, row);
  const double ry = (f.centre_y(river - 1) + f.centre_y(river)) / 2;
  if (river_kanji) {
    text(cr, "楚 河", left + (right - left) * 0.25, ry, f.cell * 0.5, Font::KANJI);
    text(cr, "漢 界", left + (right - left) * 0.75, ry, f.cell * 0.5, Font::KANJI);
  } else {
    text(cr, "R I V E R", (left + right) / 2, ry, f.cell * 0.4, Font::SANS);
  }
}

}  // namespace

BoardFrame BoardFrame::whole(const Variant& v, bool flipped, double x, double y, double cell) {
  BoardFrame f;
  f.variant = &v;
  f.flipped = flipped;
  f.x = x, f.y = y, f.cell = cell;
  f.cols = v.files(), f.rows = v.ranks();
  return f;
}

int BoardFrame::column(Square s) const { return flipped ? variant->files() - 1 - file_x(s) : file_x(s); }
int BoardFrame::row(Square s) const { return flipped ? rank_y(s) : variant->ranks() - 1 - rank_y(s); }

Square BoardFrame::square(int c, int r) const {
  return flipped ? make_square(variant->files() - 1 - c, r) : make_square(c, variant->ranks() - 1 - r);
}

bool BoardFrame::shows(Square s) const {
  const int c = column(s), r = row(s);
  return c >= col0 && c < col0 + cols && r >= row0 && r < row0 + rows;
}

void draw_board(cairo_t* cr, const BoardFrame& f, const Palette& pal, unsigned edges, bool river_kanji) {
  const Variant& v = *f.variant;
  cairo_save(cr);
  if (v.is_shogi_family())
    draw_shogi_grid(cr, f, pal);
  else
    draw_xiangqi_grid(cr, f, pal, river_kanji);
  set_colour(cr, pal.ink);
  const double size = f.cell * 0.25, gap = f.cell * 0.25;
  const double top = f.y - gap, bottom = f.y + f.rows * f.cell + gap;
  const double left = f.x - gap, right = f.x + f.cols * f.cell + gap;
  for (int c = f.col0; c < f.col0 + f.cols; ++c) {
    const std::string label = file_label(v, file_x(f.square(c, 0)));
    if (edges & TOP) text(cr, label, f.centre_x(c), top, size, Font::SANS);
    if (edges & BOTTOM) text(cr, label, f.centre_x(c), bottom, size, Font::SANS);
  }
  for (int r = f.row0; r < f.row0 + f.rows; ++r) {
    const std::string label = rank_label(v, rank_y(f.square(0, r)));
    if (edges & LEFT) text(cr, label, left, f.centre_y(r), size, Font::SANS);
    if (edges & RIGHT) text(cr, label, right, f.centre_y(r), size, Font::SANS);
  }
  cairo_restore(cr);
}

}  // namespace kirin::draw
