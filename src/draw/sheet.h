// One page of a print set while it is drawn: the cairo context in millimetres, the page size,
// the look of the pieces, and the header and footer every page carries.
#pragma once
#include <cairo.h>

#include <functional>
#include <string>
#include <vector>

#include "draw/piece_face.h"
#include "draw/style.h"
#include "rules/variant.h"

namespace kirin::draw {

struct Sheet {
  cairo_t* cr;
  VariantPtr variant_ptr;
  const Variant& variant;
  PageSize page;
  PieceLook look;          // TILE shape, the chosen style and palette
  std::string game_title;  // "Chu Seireigi"
  double margin = 12;

  // Usable area below the header and above the footer.
  double top() const { return margin + 10; }
  double bottom() const { return page.height - margin - 6; }
  double left() const { return margin; }
  double right() const { return page.width - margin; }
  double width() const { return right() - left(); }
  double height() const { return bottom() - top(); }
};

// A page of the set: its caption, whether it may be printed on both sides of a sheet, and how
// to draw its body.
struct Page {
  std::string caption;
  bool double_sided_ok = false;
  std::function<void(Sheet&)> draw;
};

std::string game_title(GameId g);
// Header (set title) and footer (caption, page number) of page `number` of `total`.
void frame_page(Sheet& s, const Page& p, int number, int total);

// The page groups, in the order the set prints them.
std::vector<Page> board_pages(const Sheet& s);
std::vector<Page> hand_pages(const Sheet& s);
std::vector<Page> piece_pages(const Sheet& s);
std::vector<Page> diagram_pages(const Sheet& s);
// The title page lists the other pages; `pages` is the whole set, title page first.
Page title_page(const std::vector<Page>& pages);

}  // namespace kirin::draw
