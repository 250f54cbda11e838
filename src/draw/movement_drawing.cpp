#include "draw/movement_drawing.h"

#include <algorithm>
#include <cmath>

#include "draw/ink.h"

namespace kirin::draw {
namespace {

// One cell's mark, centred on (cx, cy), for cells `c` wide.
void draw_mark(cairo_t* cr, Reach r, double cx, double cy, double c) {
  switch (r) {
    case Reach::NONE:
    case Reach::SLIDE:  // drawn as its ray
      break;
    case Reach::STEP:
      circle(cr, cx, cy, c * 0.26);
      cairo_fill(cr);
      break;
    case Reach::JUMP:
      circle(cr, cx, cy, c * 0.26);
      cairo_set_line_width(cr, c * 0.09);
      cairo_stroke(cr);
      break;
    case Reach::LAME_LEAP:  // a triangle: "gets there unless blocked on the way"
      cairo_move_to(cr, cx, cy - c * 0.3);
      cairo_line_to(cr, cx + c * 0.28, cy + c * 0.22);
      cairo_line_to(cr, cx - c * 0.28, cy + c * 0.22);
      cairo_close_path(cr);
      cairo_fill(cr);
      break;
    case Reach::LION_STEP:
      star(cr, cx, cy, c * 0.4);
      cairo_fill(cr);
      break;
    case Reach::LION_JUMP:
      star(cr, cx, cy, c * 0.4);
      cairo_set_line_width(cr, c * 0.07);
      cairo_stroke(cr);
      break;
    case Reach::STING:
      cairo_move_to(cr, cx, cy - c * 0.34);
      cairo_line_to(cr, cx + c * 0.34, cy);
      cairo_line_to(cr, cx, cy + c * 0.34);
      cairo_line_to(cr, cx - c * 0.34, cy);
      cairo_close_path(cr);
      cairo_fill(cr);
      break;
  }
}

// A ray from the edge of the piece's square to `reach_cells` squares out, with an arrow head.
void draw_ray(cairo_t* cr, Ray ray, double cx, double cy, double c, double reach_cells) {
  const double len = std::hypot(ray.dx, ray.dy);
  const double ux = ray.dx / len, uy = -ray.dy / len;                      // screen y grows downwards
  const double step = std::max(std::abs(ray.dx), std::abs(ray.dy)) / len;  // cells per unit length
  const double start = 0.45 * c / step, end = reach_cells * c / step;
  double ox = 0, oy = 0;
  if (ray.kind == Ray::HOP) ox = -uy * c * 0.2, oy = ux * c * 0.2;  // beside the Cannon's own line
  const double x0 = cx + ux * start + ox, y0 = cy + uy * start + oy;
  const double x1 = cx + ux * end + ox, y1 = cy + uy * end + oy;
  if (ray.kind == Ray::HOP) {
    dashed_line(cr, x0, y0, x1, y1, c * 0.06, c * 0.18);
    circle(cr, (x0 + x1) / 2, (y0 + y1) / 2, c * 0.12);  // the screen it jumps
    cairo_fill(cr);
  } else {
    line(cr, x0, y0, x1 - ux * c * 0.2, y1 - uy * c * 0.2, ray.kind == Ray::MOVE_ONLY ? c * 0.06 : c * 0.11);
  }
  arrow_head(cr, x1, y1, ux, uy, c * 0.35);
}

std::string ray_text(Ray::Kind k) {
  switch (k) {
    case Ray::SLIDE:
      return "slides any number of empty squares; may capture where it stops";
    case Ray::MOVE_ONLY:
      return "slides any number of empty squares, without capturing";
    case Ray::HOP:
      return "captures by jumping exactly one piece (the screen) on this line";
  }
  return "";
}

std::string reach_text(Reach r) {
  switch (r) {
    case Reach::STEP:
      return "steps to this square";
    case Reach::JUMP:
      return "jumps straight here, over anything between";
    case Reach::LAME_LEAP:
      return "leaps here unless the first square on the way is occupied";
    case Reach::LION_STEP:
      return "Lion step: may capture and step again, return (igui) or pass";
    case Reach::LION_JUMP:
      return "Lion jump, or two Lion steps";
    case Reach::STING:
      return "stinging step: after a capture, may step once more to an empty square";
    default:
      return "";
  }
}

}  // namespace

void draw_movement(cairo_t* cr, const MoveDiagram& d, double x, double y, double size, const Palette& pal, bool grid) {
  const int w = d.width();
  const double c = size / w;
  const double cx = x + size / 2, cy = y + size / 2;
  cairo_save(cr);
  if (grid) {
    set_colour(cr, pal.board);
    cairo_rectangle(cr, x, y, size, size);
    cairo_fill(cr);
    set_colour(cr, pal.ink);
    for (int i = 0; i <= w; ++i) {
      line(cr, x + i * c, y, x + i * c, y + size, c * 0.03);
      line(cr, x, y + i * c, x + size, y + i * c, c * 0.03);
    }
  } else {
    set_colour(cr, pal.ink);
    cairo_rectangle(cr, cx - c * 0.42, cy - c * 0.42, c * 0.84, c * 0.84);
    cairo_set_line_width(cr, c * 0.08);
    cairo_stroke(cr);
    if (d.royal) {
      line(cr, cx - c * 0.3, cy - c * 0.3, cx + c * 0.3, cy + c * 0.3, c * 0.1);
      line(cr, cx - c * 0.3, cy + c * 0.3, cx + c * 0.3, cy - c * 0.3, c * 0.1);
    }
    if (d.promoted) {
      circle(cr, cx, cy, c * 0.17);
      cairo_fill(cr);
    }
  }
  set_colour(cr, pal.ink);
  for (const Ray& r : d.rays) draw_ray(cr, r, cx, cy, c, d.radius + 0.4);
  for (int dy = -d.radius; dy <= d.radius; ++dy)
    for (int dx = -d.radius; dx <= d.radius; ++dx) {
      const Cell& cell = d.at(dx, dy);
      if (cell.reach == Reach::NONE) continue;
      const double mx = cx + dx * c, my = cy - dy * c;
      set_colour(cr, cell.conditional ? pal.faint : pal.ink);
      if (cell.reach == Reach::LAME_LEAP) {  // the path, bent at the leg
        cairo_move_to(cr, cx, cy);
        cairo_line_to(cr, cx + cell.leg_dx * c, cy - cell.leg_dy * c);
        cairo_line_to(cr, mx, my);
        cairo_set_line_width(cr, c * 0.05);
        cairo_stroke(cr);
      }
      draw_mark(cr, cell.reach, mx, my, c);
    }
  cairo_restore(cr);
}

std::vector<LegendEntry> legend_for(const std::vector<MoveDiagram>& diagrams) {
  std::vector<LegendEntry> out;
  auto any = [&](auto pred) { return std::any_of(diagrams.begin(), diagrams.end(), pred); };
  for (Reach r : {Reach::STEP, Reach::JUMP, Reach::LAME_LEAP, Reach::LION_STEP, Reach::LION_JUMP, Reach::STING})
    if (any([&](const MoveDiagram& d) { return d.uses(r); })) out.push_back({reach_text(r), r});
  for (Ray::Kind k : {Ray::SLIDE, Ray::MOVE_ONLY, Ray::HOP})
    if (any([&](const MoveDiagram& d) { return d.uses(k); })) out.push_back({ray_text(k), Reach::NONE, k});
  return out;
}

double draw_legend(cairo_t* cr, const std::vector<LegendEntry>& entries, double x, double y, double row,
                   const Palette& pal) {
  cairo_save(cr);
  set_colour(cr, pal.ink);
  double yy = y;
  for (const LegendEntry& e : entries) {
    const double c = row * 0.9, mx = x + c * 0.9, my = yy + row / 2;
    if (e.reach != Reach::NONE) {
      draw_mark(cr, e.reach, mx, my, c);
    } else {
      draw_ray(cr, Ray{e.ray, 1, 0}, x - c * 0.2, my, c * 0.8, 1.6);
    }
    text(cr, e.text, x + c * 2.2, my, row * 0.55, Font::SANS, Align::LEFT);
    yy += row;
  }
  cairo_restore(cr);
  return yy - y;
}

}  // namespace kirin::draw
