#include "draw/position_drawing.h"

#include <algorithm>
#include <string>

#include "draw/board_drawing.h"
#include "draw/ink.h"

namespace kirin::draw {
namespace {

constexpr double MARGIN = 0.7;  // coordinates, in squares, around the board
constexpr double HAND = 1.1;    // height of a hand row, in squares

double cell_for(const Variant& v, double width) { return width / (v.files() + 2 * MARGIN); }

void draw_hand(cairo_t* cr, const Position& pos, Color side, const PositionLook& look, double x, double y, double width,
               double cell) {
  const Variant& v = pos.variant();
  std::vector<Kind> kinds;
  for (char t : v.def().hand_order) {
    const Kind k = v.kind_by_token(std::string(1, t));
    if (k != NO_KIND && pos.hand(side, k)) kinds.push_back(k);
  }
  set_colour(cr, look.pieces.palette.ink);
  const std::string label = v.color_name(side) + (kinds.empty() ? " in hand: none" : " in hand:");
  text(cr, label, x, y + cell * HAND / 2, cell * 0.32, Font::SANS_BOLD, Align::LEFT);
  const double start = x + text_width(cr, label, cell * 0.32, Font::SANS_BOLD) + cell * 0.3;
  const double slot = std::min(cell * 1.15, (x + width - start) / std::max<size_t>(kinds.size(), 1));
  for (size_t i = 0; i < kinds.size(); ++i) {
    const double cx = start + (i + 0.4) * slot, cy = y + cell * HAND / 2;
    // The hand's pieces point the way their owner's pieces on the board do.
    const bool turned = v.is_shogi_family() && side != (look.flipped ? SECOND : FIRST);
    draw_piece(cr, v, kinds[i], side, look.pieces, cx, cy, std::min(cell, slot) * 0.85, turned);
    if (int n = pos.hand(side, kinds[i]); n > 1) {
      set_colour(cr, look.pieces.palette.ink);
      text(cr, std::to_string(n), cx + slot * 0.45, cy + cell * 0.3, cell * 0.3, Font::SANS_BOLD);
    }
  }
}

// Marks behind a square's piece: a filled square (or, on xiangqi points, a disc).
void shade(cairo_t* cr, const BoardFrame& f, Square s, Rgb colour) {
  const double cx = f.centre_x(f.column(s)), cy = f.centre_y(f.row(s));
  cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, 0.6);  // the grid lines show through
  if (f.variant->is_shogi_family())
    cairo_rectangle(cr, cx - f.cell / 2, cy - f.cell / 2, f.cell, f.cell);
  else
    circle(cr, cx, cy, f.cell * 0.5);
  cairo_fill(cr);
}

void ring(cairo_t* cr, const BoardFrame& f, Square s, Rgb colour, double width) {
  const double cx = f.centre_x(f.column(s)), cy = f.centre_y(f.row(s));
  set_colour(cr, colour);
  if (f.variant->is_shogi_family())
    cairo_rectangle(cr, cx - f.cell * 0.45, cy - f.cell * 0.45, f.cell * 0.9, f.cell * 0.9);
  else
    circle(cr, cx, cy, f.cell * 0.48);
  cairo_set_line_width(cr, width);
  cairo_stroke(cr);
}

}  // namespace

double position_height(const Variant& v, double width) {
  const double cell = cell_for(v, width);
  return cell * (v.ranks() + 2 * MARGIN + (v.def().drops ? 2 * HAND : 0));
}

void draw_position(cairo_t* cr, const Position& pos, const PositionLook& look, double x, double y, double width) {
  const Variant& v = pos.variant();
  const Palette& pal = look.pieces.palette;
  const double cell = cell_for(v, width);
  cairo_save(cr);
  double board_top = y;
  const Color top_side = look.flipped ? FIRST : SECOND;
  if (v.def().drops) {
    draw_hand(cr, pos, top_side, look, x, y, width, cell);
    board_top += cell * HAND;
  }
  BoardFrame f = BoardFrame::whole(v, look.flipped, x + cell * MARGIN, board_top + cell * MARGIN, cell);
  draw_board(cr, f, pal, ALL_EDGES, look.pieces.style == PieceStyle::KANJI);
  if (!look.last.is_none()) {
    const Move m = look.last;
    std::vector<Square> touched{m.to()};
    if (!m.is_drop()) touched.push_back(m.from());
    if (m.has_mid()) touched.push_back(m.mid());
    for (Square s : touched) shade(cr, f, s, pal.highlight);
  }
  for (int r = 0; r < v.ranks(); ++r)
    for (int c = 0; c < v.files(); ++c) {
      const Square s = f.square(c, r);
      const Piece p = pos.at(s);
      if (!is_piece(p)) continue;
      const bool turned = v.is_shogi_family() && color_of(p) != (look.flipped ? SECOND : FIRST);
      draw_piece(cr, v, kind_of(p), color_of(p), look.pieces, f.centre_x(c), f.centre_y(r), cell * 0.9, turned);
    }
  for (Square s : look.highlights) ring(cr, f, s, pal.mark, cell * 0.08);
  if (pos.in_check()) {
    const Color us = pos.side_to_move();
    for (Square s : pos.pieces(us))
      if (v.is_royal(kind_of(pos.at(s)))) ring(cr, f, s, pal.check, cell * 0.1);
  }
  if (v.def().drops) draw_hand(cr, pos, ~top_side, look, x, board_top + cell * (v.ranks() + 2 * MARGIN), width, cell);
  cairo_restore(cr);
}

}  // namespace kirin::draw
