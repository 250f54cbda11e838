#include "draw/print_set.h"

#include <cairo-pdf.h>

#include "draw/ink.h"
#include "draw/output.h"
#include "draw/sheet.h"

namespace kirin::draw {
namespace {

constexpr double PT_PER_MM = 72 / 25.4;

// The pages in print order: title page first, then board, hands, pieces, movement diagrams.
std::vector<Page> plan(const Sheet& s) {
  std::vector<Page> pages(1);
  for (auto group : {board_pages, hand_pages, piece_pages, diagram_pages})
    for (Page& p : group(s)) pages.push_back(std::move(p));
  return pages;
}

Sheet make_sheet(cairo_t* cr, const VariantPtr& v, const PrintOptions& o) {
  Sheet s{cr, v, *v, page_size(o.paper), PieceLook{}, game_title(v->game())};
  s.look.style = o.pieces;
  s.look.shape = PieceShape::TILE;
  s.look.palette = palette(o.black_and_white);
  return s;
}

}  // namespace

std::string game_title(GameId g) {
  switch (g) {
    case GameId::XIANGQI:
      return "Xiangqi";
    case GameId::CHUSHOGI:
      return "Chu Shogi";
    case GameId::CHUSEIREIGI:
      return "Chu Seireigi";
  }
  return "?";
}

void frame_page(Sheet& s, const Page& p, int number, int total) {
  cairo_t* cr = s.cr;
  set_colour(cr, s.look.palette.ink);
  text(cr, s.game_title + " - Kirin print-and-play", s.left(), s.margin + 2, 3.2, Font::SANS_BOLD, Align::LEFT);
  text(cr,
       std::string(s.look.palette.colour ? "colour" : "black and white") + ", " + piece_style_name(s.look.style) +
           " pieces",
       s.right(), s.margin + 2, 3, Font::SANS, Align::RIGHT);
  text(cr, p.caption, s.left(), s.page.height - s.margin + 2, 3.2, Font::SANS, Align::LEFT);
  text(cr, std::to_string(number) + " / " + std::to_string(total), s.right(), s.page.height - s.margin + 2, 3.2,
       Font::SANS, Align::RIGHT);
}

Result<std::vector<std::string>> print_set_contents(const PrintOptions& o) {
  auto v = make_variant(o.game, o.rule_options);
  if (!v) return Error{v.error()};
  const Sheet s = make_sheet(nullptr, *v, o);
  std::vector<Page> pages = plan(s);
  pages[0] = title_page(pages);
  std::vector<std::string> out;
  for (const Page& p : pages) out.push_back(p.caption);
  return out;
}

Result<std::string> render_print_set(const PrintOptions& o) {
  auto v = make_variant(o.game, o.rule_options);
  if (!v) return Error{v.error()};
  const PageSize size = page_size(o.paper);
  std::string pdf;
  cairo_surface_t* surface =
      cairo_pdf_surface_create_for_stream(append_to_string, &pdf, size.width * PT_PER_MM, size.height * PT_PER_MM);
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE,
                                 (game_title((*v)->game()) + " print-and-play set").c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Kirin");
  cairo_t* cr = cairo_create(surface);
  cairo_scale(cr, PT_PER_MM, PT_PER_MM);  // draw in millimetres
  Sheet s = make_sheet(cr, *v, o);
  std::vector<Page> pages = plan(s);
  pages[0] = title_page(pages);
  for (size_t i = 0; i < pages.size(); ++i) {
    cairo_save(cr);
    frame_page(s, pages[i], int(i) + 1, int(pages.size()));
    pages[i].draw(s);
    cairo_restore(cr);
    cairo_show_page(cr);
  }
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const cairo_status_t status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    return Error{std::string("drawing the PDF failed: ") + cairo_status_to_string(status)};
  return pdf;
}

}  // namespace kirin::draw
