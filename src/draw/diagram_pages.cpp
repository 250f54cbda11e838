// Movement-diagram pages: one diagram per piece and promoted piece, in catalogue order (each
// piece followed by its promotion), built from the variant's definition, with a legend of the
// marks used.
#include <algorithm>

#include "draw/ink.h"
#include "draw/movement_diagram.h"
#include "draw/movement_drawing.h"
#include "draw/sheet.h"
#include "notation/kanji.h"

namespace kirin::draw {
namespace {

constexpr int COLS = 3, ROWS = 4;

std::string heading(const Variant& v, Kind k, PieceStyle style) {
  const PieceKind& pk = v.kind(k);
  std::string h = pk.name;
  const Kind base = v.demoted(k);
  if (base != k) {
    const std::string mover = "-mover";
    h = pk.name.ends_with(mover)
            ? "Promoted " + v.kind(base).name + " (moves as " + pk.name.substr(0, pk.name.size() - mover.size()) + ")"
            : pk.name + " (promoted " + v.kind(base).name + ")";
  }
  if (style == PieceStyle::KANJI) h += "  " + kanji_name(v, k).full;
  return h;
}

void diagram_page(Sheet& s, const std::vector<Kind>& kinds, const std::vector<LegendEntry>& legend) {
  const Variant& v = s.variant;
  cairo_t* cr = s.cr;
  const Palette& pal = s.look.palette;
  const double legend_h = legend.size() * 5.0 + 4;
  const double cw = s.width() / COLS, rh = (s.height() - legend_h) / ROWS;
  const double size = std::min(cw - 10, rh - 17);
  for (size_t i = 0; i < kinds.size(); ++i) {
    const Kind k = kinds[i];
    const double x = s.left() + (i % COLS) * cw, y = s.top() + (i / COLS) * rh;
    const MoveDiagram d = movement_diagram(v, k, 3);
    set_colour(cr, pal.ink);
    const double th = paragraph(cr, heading(v, k, s.look.style), x + 2, y + 2, cw - 4, 2.8, Font::SANS_BOLD);
    const double dx = x + (cw - size) / 2, dy = y + th + 1.5;
    draw_movement(cr, d, dx, dy, size, pal, true);
    PieceLook token = s.look;
    token.shape = PieceShape::TOKEN;
    draw_piece(cr, v, k, FIRST, token, dx + size / 2, dy + size / 2, size / d.width() * 0.95, false);
    set_colour(cr, pal.ink);
    double ny = dy + size + 3;
    for (const auto& note : d.notes) {
      text(cr, note, x + cw / 2, ny, 2.5, Font::SANS);
      ny += 3.2;
    }
  }
  draw_legend(cr, legend, s.left() + 2, s.bottom() - legend_h + 2, 5, pal);
}

}  // namespace

std::vector<Page> diagram_pages(const Sheet& s) {
  const Variant& v = s.variant;
  std::vector<Kind> kinds;
  std::vector<MoveDiagram> all;
  for (int k = 0; k < v.kind_count(); ++k) {
    kinds.push_back(Kind(k));
    all.push_back(movement_diagram(v, Kind(k), 3));
  }
  const auto legend = legend_for(all);
  const size_t per = COLS * ROWS, n = (kinds.size() + per - 1) / per;
  std::vector<Page> out;
  for (size_t p = 0; p < n; ++p) {
    std::vector<Kind> part(kinds.begin() + p * per, kinds.begin() + std::min(kinds.size(), (p + 1) * per));
    Page page;
    page.caption = "Movement diagrams (" + std::to_string(p + 1) + "/" + std::to_string(n) + ")";
    page.double_sided_ok = true;
    page.draw = [part, legend](Sheet& sh) { diagram_page(sh, part, legend); };
    out.push_back(std::move(page));
  }
  return out;
}

}  // namespace kirin::draw
