#include "draw/diagram_image.h"

#include <cairo-svg.h>
#include <cairo.h>

#include "draw/output.h"
#include "draw/position_drawing.h"
#include "notation/fen.h"
#include "notation/move_text.h"

namespace kirin::draw {
namespace {

struct Setup {
  Position pos;
  PositionLook look;
};

Result<Setup> set_up(const DiagramOptions& o) {
  auto variant = make_variant(o.game, o.rule_options);
  if (!variant) return Error{variant.error()};
  const VariantPtr v = *variant;
  auto pos = parse_fen(v, o.fen.empty() ? v->start_fen() : o.fen);
  if (!pos) return Error{"bad FEN: " + pos.error()};
  PositionLook look;
  for (size_t i = 0; i < o.moves.size(); ++i) {
    auto m = parse_move(*pos, o.moves[i]);
    if (!m) return Error{"move " + std::to_string(i + 1) + " (" + o.moves[i] + "): " + m.error()};
    pos->do_move(*m);
    look.last = *m;
  }
  for (const auto& name : o.highlight) {
    Square s;
    if (v->parse_square(name, s) != int(name.size()) || name.empty())
      return Error{"bad square '" + name + "' to highlight"};
    look.highlights.push_back(s);
  }
  look.flipped = o.flip;
  look.pieces.style = o.pieces;
  look.pieces.shape = PieceShape::TOKEN;
  look.pieces.palette = palette(o.black_and_white);
  return Setup{std::move(*pos), std::move(look)};
}

}  // namespace

Result<ImageFormat> parse_image_format(std::string_view name) {
  if (name == "svg") return ImageFormat::SVG;
  if (name == "png") return ImageFormat::PNG;
  return Error{"unknown image format '" + std::string(name) + "' (expected svg or png)"};
}

Result<std::string> render_diagram(const DiagramOptions& o) {
  if (o.size < 64 || o.size > 4096)
    return Error{"size " + std::to_string(o.size) + " out of range (64 to 4096 pixels)"};
  auto setup = set_up(o);
  if (!setup) return Error{setup.error()};
  const Variant& v = setup->pos.variant();
  const double margin = o.size * 0.02, width = o.size - 2 * margin;
  const double height = position_height(v, width) + 2 * margin;
  std::string bytes;
  cairo_surface_t* surface = o.format == ImageFormat::SVG
                                 ? cairo_svg_surface_create_for_stream(append_to_string, &bytes, o.size, height)
                                 : cairo_image_surface_create(CAIRO_FORMAT_RGB24, o.size, int(height + 0.5));
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  draw_position(cr, setup->pos, setup->look, margin, margin, width);
  cairo_destroy(cr);
  if (o.format == ImageFormat::PNG) cairo_surface_write_to_png_stream(surface, append_to_string, &bytes);
  cairo_surface_finish(surface);
  const cairo_status_t status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS) return Error{std::string("drawing failed: ") + cairo_status_to_string(status)};
  return bytes;
}

}  // namespace kirin::draw
