#include "draw/ink.h"

#include <cmath>
#include <string>

namespace kirin::draw {
namespace {

void use_font(cairo_t* cr, double size, Font f) {
  // Noto CJK covers Latin, kana and the CJK ideographs, so one family serves every label and
  // the toy API's one-font-per-string limit never shows a missing glyph.
  const char* family = f == Font::KANJI ? "Noto Serif CJK JP" : "Noto Sans CJK JP";
  cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL,
                         f == Font::SANS ? CAIRO_FONT_WEIGHT_NORMAL : CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size(cr, size);
}

void place(cairo_t* cr, std::string_view s, double x, double y, double size, Font f, Align a) {
  use_font(cr, size, f);
  const std::string str(s);
  cairo_text_extents_t e;
  cairo_text_extents(cr, str.c_str(), &e);
  // Latin text is centred on its capital height, so "b" and "a" stand on one line; CJK
  // characters fill their em square and are centred on their ink.
  const bool cjk = static_cast<unsigned char>(str[0]) >= 0xE0;
  const double baseline = cjk ? y - e.y_bearing - e.height / 2 : y + size * 0.36;
  const double left = a == Align::LEFT ? x : a == Align::CENTRE ? x - e.x_bearing - e.width / 2 : x - e.x_advance;
  cairo_move_to(cr, left, baseline);
}

}  // namespace

void set_colour(cairo_t* cr, Rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

void text(cairo_t* cr, std::string_view s, double x, double y, double size, Font f, Align a) {
  if (s.empty()) return;
  place(cr, s, x, y, size, f, a);
  cairo_show_text(cr, std::string(s).c_str());
}

double text_width(cairo_t* cr, std::string_view s, double size, Font f) {
  use_font(cr, size, f);
  cairo_text_extents_t e;
  cairo_text_extents(cr, std::string(s).c_str(), &e);
  return e.x_advance;
}

void outlined_text(cairo_t* cr, std::string_view s, double x, double y, double size, Font f, double width) {
  if (s.empty()) return;
  place(cr, s, x, y, size, f, Align::CENTRE);
  cairo_text_path(cr, std::string(s).c_str());
  cairo_set_line_width(cr, width);
  cairo_stroke(cr);
}

double paragraph(cairo_t* cr, std::string_view s, double x, double y, double width, double size, Font f) {
  std::string cur, word;
  double yy = y;
  auto emit = [&] {
    text(cr, cur, x, yy, size, f, Align::LEFT);
    yy += size * 1.35;
    cur.clear();
  };
  auto add_word = [&] {
    if (word.empty()) return;
    const std::string joined = cur.empty() ? word : cur + " " + word;
    if (!cur.empty() && text_width(cr, joined, size, f) > width) {
      emit();
      cur = word;
    } else {
      cur = joined;
    }
    word.clear();
  };
  for (char c : s) {
    if (c == ' ')
      add_word();
    else
      word += c;
  }
  add_word();
  if (!cur.empty()) emit();
  return yy - y;
}

void line(cairo_t* cr, double x0, double y0, double x1, double y1, double width) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_set_line_width(cr, width);
  cairo_stroke(cr);
}

void dashed_line(cairo_t* cr, double x0, double y0, double x1, double y1, double width, double dash) {
  const double pattern[] = {dash, dash * 0.7};
  cairo_set_dash(cr, pattern, 2, 0);
  line(cr, x0, y0, x1, y1, width);
  cairo_set_dash(cr, nullptr, 0, 0);
}

void circle(cairo_t* cr, double cx, double cy, double r) {
  cairo_new_sub_path(cr);
  cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
}

void arrow_head(cairo_t* cr, double x, double y, double dx, double dy, double size) {
  const double len = std::hypot(dx, dy);
  if (len == 0) return;
  dx /= len, dy /= len;
  cairo_move_to(cr, x, y);
  cairo_line_to(cr, x - dx * size - dy * size * 0.5, y - dy * size + dx * size * 0.5);
  cairo_line_to(cr, x - dx * size + dy * size * 0.5, y - dy * size - dx * size * 0.5);
  cairo_close_path(cr);
  cairo_fill(cr);
}

void star(cairo_t* cr, double cx, double cy, double r) {
  cairo_new_sub_path(cr);
  for (int i = 0; i < 10; ++i) {
    const double a = -M_PI / 2 + i * M_PI / 5, rr = i % 2 ? r * 0.45 : r;
    cairo_line_to(cr, cx + rr * std::cos(a), cy + rr * std::sin(a));
  }
  cairo_close_path(cr);
}

void cross_mark(cairo_t* cr, double x, double y, double size, double width) {
  line(cr, x - size, y, x + size, y, width);
  line(cr, x, y - size, x, y + size, width);
}

}  // namespace kirin::draw
