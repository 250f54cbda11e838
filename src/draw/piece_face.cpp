#include "draw/piece_face.h"

#include <algorithm>
#include <cmath>

#include "draw/ink.h"
#include "draw/movement_diagram.h"
#include "draw/movement_drawing.h"
#include "notation/kanji.h"

namespace kirin::draw {
namespace {

// Seed 004's westernized xiangqi pieces: a letter and the Western name.
struct Western {
  const char* token;
  const char* letter;
  const char* name;
};
constexpr Western XIANGQI_WESTERN[] = {
    {"K", "K", "King"}, {"A", "G", "Guard"},  {"B", "M", "Minister"}, {"N", "N", "Knight"},
    {"R", "R", "Rook"}, {"C", "C", "Cannon"}, {"P", "P", "Pawn"},
};

// "Great Leopard-mover" -> "Great Leopard": a promoted piece is named after how it moves.
std::string plain_name(const std::string& name) {
  const std::string suffix = "-mover";
  return name.ends_with(suffix) ? name.substr(0, name.size() - suffix.size()) : name;
}

// Words packed into lines of at most `width` characters.
std::vector<std::string> wrap(const std::string& s, size_t width) {
  std::vector<std::string> lines;
  std::string word, cur;
  auto flush_word = [&] {
    if (word.empty()) return;
    if (!cur.empty() && cur.size() + 1 + word.size() > width) lines.push_back(cur), cur.clear();
    cur += (cur.empty() ? "" : " ") + word;
    word.clear();
  };
  for (char c : s) {
    if (c == ' ')
      flush_word();
    else
      word += c;
  }
  flush_word();
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

// UTF-8 characters of a string, one per entry.
std::vector<std::string> characters(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = s[i];
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    out.push_back(s.substr(i, len));
    i += len;
  }
  return out;
}

bool is_promoted(const Variant& v, Kind k) { return v.demoted(k) != k; }

// The label, fitted into a box w x h centred on (cx, cy).
void draw_label(cairo_t* cr, const std::vector<std::string>& lines, PieceStyle style, double cx, double cy, double w,
                double h, bool outline) {
  if (lines.empty()) return;
  const Font f = style == PieceStyle::KANJI ? Font::KANJI : Font::SANS_BOLD;
  const double n = double(lines.size());
  // Kanji fill their square; words stay small enough that "King" and "Drunk Elephant" look alike.
  const double cap = style == PieceStyle::KANJI ? 0.75 : style == PieceStyle::LETTERS ? 0.55 : 0.3;
  double size = std::min(h / n * (style == PieceStyle::KANJI ? 0.95 : 0.7), h * cap);
  double widest = 0;
  for (const auto& l : lines) widest = std::max(widest, text_width(cr, l, size, f));
  if (widest > w) size *= w / widest;
  const double pitch = std::min(h / n, size * 1.15);
  for (size_t i = 0; i < lines.size(); ++i) {
    const double y = cy + (double(i) - (n - 1) / 2) * pitch;
    if (outline)
      outlined_text(cr, lines[i], cx, y, size, f, size * 0.06);
    else
      text(cr, lines[i], cx, y, size, f);
  }
}

void draw_xiangqi_disc(cairo_t* cr, const Variant& v, Kind k, Color side, const PieceLook& look, double cx, double cy,
                       double size) {
  const Palette& pal = look.palette;
  const double r = size * 0.46;
  set_colour(cr, pal.piece);
  circle(cr, cx, cy, r);
  cairo_fill_preserve(cr);
  set_colour(cr, pal.ink);
  cairo_set_line_width(cr, size * 0.03);
  cairo_stroke(cr);
  // Red and Black differ by colour, and in black and white by an outlined glyph and a second ring.
  const bool red = side == FIRST;
  const Rgb ink = red && pal.colour ? pal.promoted : pal.ink;
  set_colour(cr, ink);
  circle(cr, cx, cy, r * 0.82);
  cairo_set_line_width(cr, size * 0.02);
  cairo_stroke(cr);
  if (red && !pal.colour) {
    circle(cr, cx, cy, r * 0.74);
    cairo_stroke(cr);
  }
  if (look.style == PieceStyle::MNEMONIC) {
    const MoveDiagram d = movement_diagram(v, k, 2);
    const double m = r * 1.2;
    Palette p = pal;
    p.ink = ink;
    draw_movement(cr, d, cx - m / 2, cy - m / 2, m, p, false);
    return;
  }
  const auto lines = piece_label(v, k, side, look.style);
  if (look.style == PieceStyle::WESTERNIZED && lines.size() == 2) {  // seed 004: a big letter, the name below
    draw_label(cr, {lines[0]}, PieceStyle::LETTERS, cx, cy - r * 0.15, r, r * 1.1, false);
    draw_label(cr, {lines[1]}, PieceStyle::LETTERS, cx, cy + r * 0.5, r * 1.3, r * 0.45, false);
    return;
  }
  const bool outline = red && !pal.colour && look.style == PieceStyle::KANJI;
  draw_label(cr, lines, look.style, cx, cy, r * 1.3, r * (lines.size() > 1 ? 1.3 : 1.1), outline);
}

// Seed 000's promoted marks: "+" on either side of the arrow.
void draw_arrow(cairo_t* cr, double x, double y, double s, bool promoted) {
  line(cr, x, y + s * 0.5, x, y - s * 0.2, s * 0.12);
  arrow_head(cr, x, y - s * 0.5, 0, -1, s * 0.4);
  if (promoted) {
    for (double side : {-1.0, 1.0}) {
      const double px = x + side * s * 0.5;
      line(cr, px - s * 0.2, y, px + s * 0.2, y, s * 0.09);
      line(cr, px, y - s * 0.2, px, y + s * 0.2, s * 0.09);
    }
  }
}

void draw_tile(cairo_t* cr, const Variant& v, Kind k, Color side, const PieceLook& look, double cx, double cy,
               double size) {
  const Palette& pal = look.palette;
  const double x0 = cx - size / 2, y0 = cy - size / 2;
  set_colour(cr, pal.piece);
  cairo_rectangle(cr, x0, y0, size, size);
  cairo_fill(cr);
  const bool promoted = is_promoted(v, k);
  const Rgb ink = promoted ? pal.promoted : pal.ink;
  set_colour(cr, ink);
  draw_arrow(cr, x0 + size * 0.15, y0 + size * 0.15, size * 0.2, promoted);
  const MoveDiagram mnemonic = movement_diagram(v, k, 2);
  Palette p = pal;
  p.ink = ink;
  if (look.style == PieceStyle::MNEMONIC) {
    draw_movement(cr, mnemonic, cx - size * 0.34, y0 + size * 0.3, size * 0.64, p, false);
    set_colour(cr, ink);
    text(cr, v.kind(k).token, x0 + size * 0.92, y0 + size * 0.13, size * 0.14, Font::SANS_BOLD, Align::RIGHT);
    return;
  }
  draw_movement(cr, mnemonic, x0 + size * 0.68, y0 + size * 0.04, size * 0.28, p, false);
  set_colour(cr, ink);
  draw_label(cr, piece_label(v, k, side, look.style), look.style, cx, y0 + size * 0.64, size * 0.88, size * 0.6, false);
}

void draw_token(cairo_t* cr, const Variant& v, Kind k, Color side, const PieceLook& look, double cx, double cy,
                double size) {
  const Palette& pal = look.palette;
  // A shogi piece: a pentagon pointing at the opponent.
  const double h = size * 0.46, top = h * 0.92, shoulder = h * 0.55;
  cairo_move_to(cr, cx, cy - top);
  cairo_line_to(cr, cx + shoulder * 1.2, cy - top + h * 0.32);
  cairo_line_to(cr, cx + h * 0.82, cy + h * 0.92);
  cairo_line_to(cr, cx - h * 0.82, cy + h * 0.92);
  cairo_line_to(cr, cx - shoulder * 1.2, cy - top + h * 0.32);
  cairo_close_path(cr);
  set_colour(cr, pal.piece);
  cairo_fill_preserve(cr);
  set_colour(cr, pal.ink);
  cairo_set_line_width(cr, size * 0.03);
  cairo_stroke(cr);
  const bool promoted = is_promoted(v, k);
  const Rgb ink = promoted ? pal.promoted : pal.ink;
  set_colour(cr, ink);
  if (look.style == PieceStyle::MNEMONIC) {
    Palette p = pal;
    p.ink = ink;
    draw_movement(cr, movement_diagram(v, k, 2), cx - h * 0.75, cy - h * 0.55, h * 1.5, p, false);
    return;
  }
  draw_label(cr, piece_label(v, k, side, look.style), look.style, cx, cy + h * 0.12, h * 1.45, h * 1.5, false);
}

}  // namespace

std::vector<std::string> piece_label(const Variant& v, Kind k, Color side, PieceStyle style) {
  const PieceKind& pk = v.kind(k);
  switch (style) {
    case PieceStyle::MNEMONIC:
      return {};
    case PieceStyle::LETTERS:
      return {pk.token};
    case PieceStyle::KANJI: {
      const std::string board = kanji_name(v, k, side).board;
      auto chars = characters(board);
      if (chars.size() <= 1) return {board};
      return chars;  // two characters stand one above the other, as on real pieces
    }
    case PieceStyle::WESTERNIZED:
      if (v.game() == GameId::XIANGQI) {
        for (const Western& w : XIANGQI_WESTERN)
          if (pk.token == w.token) return {w.letter, w.name};
      }
      return wrap(plain_name(pk.name), 8);
  }
  return {pk.token};
}

void draw_piece(cairo_t* cr, const Variant& v, Kind k, Color side, const PieceLook& look, double cx, double cy,
                double size, bool turned) {
  cairo_save(cr);
  cairo_translate(cr, cx, cy);
  if (turned) cairo_rotate(cr, M_PI);
  if (v.game() == GameId::XIANGQI)
    draw_xiangqi_disc(cr, v, k, side, look, 0, 0, size);
  else if (look.shape == PieceShape::TILE)
    draw_tile(cr, v, k, side, look, 0, 0, size);
  else
    draw_token(cr, v, k, side, look, 0, 0, size);
  cairo_restore(cr);
}

}  // namespace kirin::draw
