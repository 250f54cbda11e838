#include "draw/movement_image.h"

#include <cairo-svg.h>
#include <cairo.h>

#include "draw/movement_diagram.h"
#include "draw/movement_drawing.h"
#include "draw/output.h"
#include "draw/piece_face.h"

namespace kirin::draw {

Result<std::string> render_movement_svg(const Variant& v, Kind k, PieceStyle pieces, int size) {
  if (size < 64 || size > 1024) return Error{"size " + std::to_string(size) + " out of range (64 to 1024 pixels)"};
  if (k >= v.kind_count()) return Error{"no such piece"};
  std::string bytes;
  cairo_surface_t* surface = cairo_svg_surface_create_for_stream(append_to_string, &bytes, size, size);
  cairo_t* cr = cairo_create(surface);
  // The diagram pages' look (diagram_pages.cpp): radius 3, so that slides show as lines.
  const MoveDiagram d = movement_diagram(v, k, 3);
  PieceLook look;
  look.style = pieces;
  look.shape = PieceShape::TOKEN;
  look.palette = palette(false);
  const double margin = size * 0.02, inner = size - 2 * margin;
  draw_movement(cr, d, margin, margin, inner, look.palette, true);
  draw_piece(cr, v, k, FIRST, look, size / 2.0, size / 2.0, inner / d.width() * 0.95, false);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const cairo_status_t status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS) return Error{std::string("drawing failed: ") + cairo_status_to_string(status)};
  return bytes;
}

std::string movement_svg_key(const Variant& v, Kind k, PieceStyle pieces) {
  const PieceKind& pk = v.kind(k);
  std::string key = v.name() + "|" + piece_style_name(pieces) + "|" + pk.token + "|" + pk.name + "|" +
                    std::to_string(int(pk.lion)) + pk.lion_line + "|" + pk.sting + "|" + (pk.royal ? "royal" : "") +
                    (v.demoted(k) != k ? "promoted" : "");
  for (const MoveRule& m : pk.moves)
    key += "|" + m.betza + ":" + std::to_string(int(m.to)) + std::to_string(int(m.from));
  for (const std::string& line : piece_label(v, k, FIRST, pieces)) key += "|" + line;
  return key;
}

}  // namespace kirin::draw
