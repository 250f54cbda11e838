// Piece sheets and hands. Shogi-family pieces are fold-over strips (seed 000): the lower half is
// the piece's face, the upper half its promoted side turned half a turn, so that folded along the
// dashed line and turned over sideways, as a piece is when it promotes, the back reads the right
// way up and points forward too. Xiangqi pieces are discs, one per side's piece (seed 002).
#include <algorithm>
#include <cmath>

#include "draw/ink.h"
#include "draw/sheet.h"
#include "notation/fen.h"

namespace kirin::draw {
namespace {

constexpr double TILE = 23;  // mm, a piece's face
constexpr double DISC = 17;  // mm, a xiangqi piece

struct PieceToPrint {
  Kind kind;
  Color side;
};

// Every piece of the start position, both sides, in catalogue order.
std::vector<PieceToPrint> start_pieces(const VariantPtr& vp) {
  const Variant& v = *vp;
  std::vector<PieceToPrint> out;
  auto pos = parse_fen(vp, vp->start_fen());
  if (!pos) return out;
  for (Color c : {FIRST, SECOND})
    for (int k = 0; k < v.kind_count(); ++k)
      for (Square s : pos->pieces(c))
        if (kind_of(pos->at(s)) == k) out.push_back({Kind(k), v.is_shogi_family() ? FIRST : c});
  if (v.is_shogi_family())  // both sides' tiles are alike: keep them together by kind
    std::stable_sort(out.begin(), out.end(),
                     [](const PieceToPrint& a, const PieceToPrint& b) { return a.kind < b.kind; });
  return out;
}

void tile_sheet(Sheet& s, const std::vector<PieceToPrint>& pieces) {
  const Variant& v = s.variant;
  cairo_t* cr = s.cr;
  const int cols = int(s.width() / TILE);
  const double x0 = s.left() + (s.width() - cols * TILE) / 2, y0 = s.top();
  for (size_t i = 0; i < pieces.size(); ++i) {
    const double x = x0 + (i % cols) * TILE, y = y0 + (i / cols) * 2 * TILE;
    const Kind k = pieces[i].kind;
    const Kind back = v.promoted(k);
    if (back != NO_KIND) {
      draw_piece(cr, v, back, FIRST, s.look, x + TILE / 2, y + TILE / 2, TILE, true);
    } else {  // a piece that never promotes has a blank back, as in shogi
      set_colour(cr, s.look.palette.piece);
      cairo_rectangle(cr, x, y, TILE, TILE);
      cairo_fill(cr);
    }
    draw_piece(cr, v, k, FIRST, s.look, x + TILE / 2, y + TILE * 1.5, TILE, false);
    set_colour(cr, s.look.palette.ink);
    cairo_rectangle(cr, x, y, TILE, 2 * TILE);  // cut
    cairo_set_line_width(cr, 0.3);
    cairo_stroke(cr);
    set_colour(cr, s.look.palette.faint);
    dashed_line(cr, x, y + TILE, x + TILE, y + TILE, 0.25, 1.2);  // fold
  }
  set_colour(cr, s.look.palette.ink);
  text(cr, "Cut on the solid lines. Fold on the dashed line, faces outward, and glue the halves together.",
       s.left() + s.width() / 2, s.bottom() - 3, 3, Font::SANS);
}

void disc_sheet(Sheet& s, const std::vector<PieceToPrint>& pieces) {
  const double pitch = DISC + 3;
  const int cols = int(s.width() / pitch);
  const double x0 = s.left() + (s.width() - cols * pitch) / 2 + pitch / 2;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const double cx = x0 + (i % cols) * pitch, cy = s.top() + pitch / 2 + (i / cols) * pitch;
    draw_piece(s.cr, s.variant, pieces[i].kind, pieces[i].side, s.look, cx, cy, DISC / 0.92, false);
  }
  set_colour(s.cr, s.look.palette.ink);
  text(s.cr, "Glue the sheet on card, then cut each piece out along its outer circle.", s.left() + s.width() / 2,
       s.bottom() - 3, 3, Font::SANS);
}

}  // namespace

std::vector<Page> piece_pages(const Sheet& s) {
  const Variant& v = s.variant;
  const auto all = start_pieces(s.variant_ptr);
  size_t per_page;
  if (v.is_shogi_family()) {
    per_page = size_t(int(s.width() / TILE) * int((s.height() - 8) / (2 * TILE)));
  } else {
    const double pitch = DISC + 3;
    per_page = size_t(int(s.width() / pitch) * int((s.height() - 8) / pitch));
  }
  const size_t n = (all.size() + per_page - 1) / per_page;
  std::vector<Page> out;
  for (size_t p = 0; p < n; ++p) {
    std::vector<PieceToPrint> part(all.begin() + p * per_page, all.begin() + std::min(all.size(), (p + 1) * per_page));
    Page page;
    page.caption = "Pieces (" + std::to_string(p + 1) + "/" + std::to_string(n) + ")";
    const bool tiles = v.is_shogi_family();
    page.draw = [part, tiles](Sheet& sh) { tiles ? tile_sheet(sh, part) : disc_sheet(sh, part); };
    out.push_back(std::move(page));
  }
  return out;
}

std::vector<Page> hand_pages(const Sheet& s) {
  if (!s.variant.def().drops) return {};
  Page p;
  p.caption = "Hands";
  p.draw = [](Sheet& sh) {
    const Variant& v = sh.variant;
    cairo_t* cr = sh.cr;
    const std::string order = v.def().hand_order;
    const double cell = TILE + 3;
    const int cols = std::min(int(order.size()), int(sh.width() / cell));
    const int rows = (int(order.size()) + cols - 1) / cols;
    const double w = cols * cell, h = rows * cell + 8, x0 = sh.left() + (sh.width() - w) / 2;
    for (int side = 0; side < 2; ++side) {
      const double y0 = sh.top() + side * (h + 14);
      set_colour(cr, sh.look.palette.ink);
      text(cr, v.color_name(Color(side)) + "'s hand (on the player's right)", x0, y0 + 3, 4, Font::SANS_BOLD,
           Align::LEFT);
      for (size_t i = 0; i < order.size(); ++i) {
        const Kind k = v.kind_by_token(std::string(1, order[i]));
        if (k == NO_KIND) continue;
        const double x = x0 + (i % cols) * cell, y = y0 + 8 + (i / cols) * cell;
        set_colour(cr, sh.look.palette.board);
        cairo_rectangle(cr, x, y, cell, cell);
        cairo_fill_preserve(cr);
        set_colour(cr, sh.look.palette.ink);
        cairo_set_line_width(cr, 0.25);
        cairo_stroke(cr);
        set_colour(cr, sh.look.palette.faint);
        text(cr, v.kind(k).name, x + cell / 2, y + cell - 2.5, 2.3, Font::SANS);
      }
      set_colour(cr, sh.look.palette.ink);
      cairo_rectangle(cr, x0 - 3, y0 - 2, w + 6, h + 4);  // cut
      cairo_set_line_width(cr, 0.2);
      cairo_stroke(cr);
    }
  };
  return {p};
}

}  // namespace kirin::draw
