// The set's first page: the start position to set up from, the contents, which pages may go
// double-sided, how to assemble the set, and a bar to check the printer did not scale the pages.
#include "draw/ink.h"
#include "draw/position_drawing.h"
#include "draw/sheet.h"
#include "notation/fen.h"

namespace kirin::draw {
namespace {

// "3-6" or "3" from page numbers (1-based) of the pages matching `pred`.
template <class Pred>
std::string page_range(const std::vector<Page>& pages, Pred pred) {
  int first = 0, last = 0;
  for (size_t i = 0; i < pages.size(); ++i)
    if (pred(pages[i])) {
      if (!first) first = int(i) + 1;
      last = int(i) + 1;
    }
  if (!first) return "";
  return first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
}

std::string printing_note(const std::vector<Page>& pages, bool shogi) {
  const std::string both = page_range(pages, [](const Page& p) { return p.double_sided_ok; });
  const std::string single = page_range(pages, [](const Page& p) { return !p.double_sided_ok; });
  auto pages_word = [](const std::string& range) -> std::string {
    return range.find('-') == std::string::npos ? "Page " : "Pages ";
  };
  std::string note = "Print at actual size (100%, not \"fit to page\"): the bar below must measure 100 mm. " +
                     pages_word(single) + single + " must be printed single-sided";
  note += shogi ? ": each piece folds over, so its promoted side lines up with its face without double-sided printing."
                : ": the board and the pieces are glued on card.";
  if (both.find('-') != std::string::npos)
    note += " " + pages_word(both) + both + " (the movement diagrams) may be printed double-sided.";
  return note;
}

std::vector<std::string> assembly(const Variant& v) {
  if (!v.is_shogi_family())
    return {"Glue the board and piece pages onto thin card; let the glue dry.",
            "Cut the board out along its outer line.",
            "Cut out each piece along its outer circle. Red's pieces have red (or, in black and white, outlined) "
            "characters and a double ring.",
            "Set up as shown: Red at the bottom moves first."};
  std::vector<std::string> steps = {
      "Board: cut the four quadrants out along their thin outer lines. Glue the right parts over the tabs of the left "
      "parts, then the lower half over the tabs of the upper half, so that the grid lines run on and the letters "
      "and numbers line up. Glue the board on card if you have some.",
      "Pieces: cut each strip out along the solid lines, fold it on the dashed line with the pictures outward, "
      "and glue the halves together. Card between the halves makes the pieces easier to handle.",
      "A piece points at the opponent: the fold and the arrow in its upper-left corner face the other side. "
      "Promoting is turning the piece over sideways; the promoted side has a + on each side of its arrow and a "
      "dot in the middle of its movement picture (the King's has a cross).",
  };
  if (v.def().drops)
    steps.push_back("Hands: cut out the two hand trays; each player keeps captured pieces on the tray at their right.");
  steps.push_back("Set up as shown: Black (at the bottom) moves first.");
  return steps;
}

}  // namespace

Page title_page(const std::vector<Page>& pages) {
  Page p;
  p.caption = "Setup, contents, printing and assembly";
  p.draw = [&pages](Sheet& s) {
    cairo_t* cr = s.cr;
    const Palette& pal = s.look.palette;
    set_colour(cr, pal.ink);
    double y = s.top() + 4;
    text(cr, s.game_title + ": a print-and-play set", s.left(), y, 8, Font::SANS_BOLD, Align::LEFT);
    y += 9;
    auto pos = parse_fen(s.variant_ptr, s.variant.start_fen());
    const double board_w = s.width() * 0.5;
    if (pos) {
      PositionLook look;
      look.pieces = s.look;
      look.pieces.shape = PieceShape::TOKEN;
      draw_position(cr, *pos, look, s.left(), y, board_w);
    }
    // Contents, beside the setup diagram.
    set_colour(cr, pal.ink);
    const double cx = s.left() + board_w + 8;
    double cy = y + 3;
    text(cr, "Contents", cx, cy, 4.5, Font::SANS_BOLD, Align::LEFT);
    cy += 6;
    for (size_t i = 0; i < pages.size(); ++i) {
      text(cr, std::to_string(i + 1) + "  " + pages[i].caption, cx, cy, 3, Font::SANS, Align::LEFT);
      cy += 4.2;
    }
    y += std::max(position_height(s.variant, board_w), cy - y) + 6;
    text(cr, "Printing", s.left(), y, 4.5, Font::SANS_BOLD, Align::LEFT);
    y += 6;
    y += paragraph(cr, printing_note(pages, s.variant.is_shogi_family()), s.left(), y, s.width(), 3.2);
    // The scale check: 100 mm with centimetre ticks.
    y += 2;
    line(cr, s.left(), y, s.left() + 100, y, 0.4);
    for (int i = 0; i <= 10; ++i) line(cr, s.left() + i * 10, y - (i % 5 ? 1.5 : 2.5), s.left() + i * 10, y, 0.3);
    text(cr, "100 mm", s.left() + 104, y - 1, 3, Font::SANS, Align::LEFT);
    y += 7;
    text(cr, "Assembly", s.left(), y, 4.5, Font::SANS_BOLD, Align::LEFT);
    y += 6;
    int n = 1;
    for (const auto& step : assembly(s.variant)) {
      text(cr, std::to_string(n++) + ".", s.left(), y, 3.2, Font::SANS_BOLD, Align::LEFT);
      y += paragraph(cr, step, s.left() + 6, y, s.width() - 6, 3.2) + 1;
    }
  };
  return p;
}

}  // namespace kirin::draw
