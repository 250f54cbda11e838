#include "notation/diagram.h"

#include <cctype>

#include "notation/kanji.h"

namespace kirin {
namespace {

std::string pad(std::string s, int width) {
  int w = display_width(s);
  return std::string(width > w ? width - w : 0, ' ') + s;
}

// Squares the last move touched: from, the middle square of a Lion move, to.
bool marked(const Move& m, Square s) {
  if (m.is_none()) return false;
  return s == m.to() || (!m.is_drop() && (s == m.from() || (m.has_mid() && s == m.mid())));
}

std::string cell(const Position& pos, Square s, const DiagramStyle& st) {
  const Variant& v = pos.variant();
  const Piece p = pos.at(s);
  std::string body;
  if (p == EMPTY) {
    body = st.kanji ? "・" : ".";
  } else if (st.kanji) {
    body = kanji_name(v, kind_of(p), color_of(p)).board;
    if (color_of(p) == SECOND && v.is_shogi_family()) body = "v" + body;
  } else {
    body = v.kind(kind_of(p)).token;
    if (color_of(p) == SECOND)
      for (char& c : body) c = char(std::tolower(static_cast<unsigned char>(c)));
  }
  // Letters: "[+P]" marks the last move; kanji cells are wider ("v成獅"), so a '*' marks it.
  const bool mark = marked(st.last, s);
  if (st.kanji) return pad(mark ? "*" + body : body, 6);
  std::string c(1, mark ? '[' : ' ');
  c += pad(body, 2);
  c += mark ? ']' : ' ';
  return c;
}

}  // namespace

std::string hand_text(const Position& pos, Color c, bool kanji) {
  const Variant& v = pos.variant();
  std::string out;
  for (char t : v.def().hand_order) {
    const Kind k = v.kind_by_token(std::string(1, t));
    if (k == NO_KIND || !pos.hand(c, k)) continue;
    if (!out.empty()) out += ' ';
    out += kanji ? kanji_name(v, k).board : v.kind(k).token;
    if (pos.hand(c, k) > 1) out += kanji ? kanji_number(pos.hand(c, k)) : std::to_string(pos.hand(c, k));
  }
  return out.empty() ? "-" : out;
}

std::string draw_diagram(const Position& pos, const DiagramStyle& st) {
  const Variant& v = pos.variant();
  const int W = v.files(), H = v.ranks();
  const bool shogi = v.is_shogi_family();
  const int cw = st.kanji ? 6 : 4;  // columns per cell
  // Screen rows from the top; screen columns from the left. Unflipped, the first side is at
  // the bottom: the top row is the last rank (y = H-1), the left column file x = 0.
  auto sq = [&](int row, int col) {
    int x = st.flipped ? W - 1 - col : col, y = st.flipped ? row : H - 1 - row;
    return make_square(x, y);
  };
  std::string files = "   ";
  for (int col = 0; col < W; ++col) {
    Square s = sq(0, col);
    std::string name = shogi ? std::to_string(W - file_x(s)) : std::string(1, char('a' + file_x(s)));
    files += st.kanji ? pad(name, cw - 1) + " " : pad(name, 3) + " ";
  }
  std::string out;
  auto hand_line = [&](Color c) {
    if (v.def().drops) out += v.color_name(c) + " in hand: " + hand_text(pos, c, st.kanji) + "\n";
  };
  hand_line(st.flipped ? FIRST : SECOND);
  if (shogi) out += files + "\n";
  for (int row = 0; row < H; ++row) {
    Square first = sq(row, 0);
    std::string rank = shogi ? std::string(1, char('a' + H - 1 - rank_y(first))) : std::to_string(rank_y(first));
    out += shogi ? "   " : " " + rank + " ";
    for (int col = 0; col < W; ++col) out += cell(pos, sq(row, col), st);
    if (shogi) out += " " + rank;
    out += "\n";
    if (!shogi && row == H / 2 - 1)
      out += "   " + std::string(W * cw, '~').replace(W * cw / 2 - 3, 7, " river ") + "\n";
  }
  if (!shogi) out += files + "\n";
  hand_line(st.flipped ? SECOND : FIRST);
  out += v.color_name(pos.side_to_move()) + " to move";
  if (pos.in_check()) out += " (check)";
  return out + "\n";
}

}  // namespace kirin
