#include "notation/san.h"

#include <cctype>
#include <string>
#include <vector>

#include "notation/move_text.h"
#include "notation/xboard_moves.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

struct San {
  std::string piece;                 // "" (a Soldier/Pawn), "C", "+P"
  std::string from_file, from_rank;  // disambiguation, "" if not given
  std::vector<std::string> squares;  // one, or a Lion's two (mid, then destination)
  int promote = -1;                  // -1 not said, 0 "=", 1 "+"
};

bool is_file(const Variant& v, char c) { return c >= 'a' && c < 'a' + v.files(); }

// Splits the text; false if it is not SAN-shaped.
bool split(const Variant& v, std::string_view t, San& s) {
  while (!t.empty() && (t.back() == '#' || t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
  const bool shogi = v.is_shogi_family();
  if (!t.empty() && t.back() == '+') {
    t.remove_suffix(1);
    if (shogi) s.promote = 1;  // in xiangqi a trailing + is check
  } else if (shogi && !t.empty() && t.back() == '=') {
    t.remove_suffix(1);
    s.promote = 0;
  }
  size_t i = 0;
  if (i < t.size() && t[i] == '+') s.piece += t[i++];
  if (i < t.size() && std::isupper(static_cast<unsigned char>(t[i]))) s.piece += t[i++];
  if (s.piece == "+") return false;
  // Then squares and lone file/rank characters; a square is a file letter followed by digits.
  std::vector<std::string> parts;
  while (i < t.size()) {
    if (t[i] == 'x' || t[i] == '-') {
      ++i;
      continue;
    }
    std::string part;
    if (is_file(v, t[i])) part += t[i++];
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) part += t[i++];
    if (part.empty()) return false;
    parts.push_back(part);
  }
  // Full squares at the end are the move; what stands before them disambiguates.
  while (!parts.empty() && parts.back().size() >= 2 && is_file(v, parts.back()[0])) {
    s.squares.insert(s.squares.begin(), parts.back());
    parts.pop_back();
  }
  if (s.squares.empty() || s.squares.size() > 3 || parts.size() > 1) return false;
  if (s.squares.size() == 3 || (s.squares.size() == 2 && !parts.empty())) return false;
  if (!parts.empty()) {
    const std::string& d = parts[0];
    if (is_file(v, d[0]))
      s.from_file = d.substr(0, 1), s.from_rank = d.substr(1);
    else
      s.from_rank = d;
  }
  return true;
}

std::string letter(const Variant& v, Kind k) {
  std::string t = v.kind(k).token;
  if (!v.is_shogi_family()) {
    if (t == "N") t = "H";
    if (t == "B") t = "E";
  }
  return t;
}

bool piece_fits(const Variant& v, const std::string& given, Kind k) {
  const std::string mine = letter(v, k);
  if (given.empty()) return mine == "P";
  if (given == mine) return true;
  if (!v.is_shogi_family()) return (given == "N" && mine == "H") || (given == "B" && mine == "E");
  return false;
}

}  // namespace

bool looks_like_san(const Variant& v, std::string_view text) {
  San s;
  return split(v, text, s);
}

Result<Move> parse_san(Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  San s;
  if (!split(v, text, s)) return Error{"bad move text '" + std::string(text) + "': expected SAN like Che2 or Hxg7"};
  MoveList legal;
  generate_legal(pos, legal);
  std::vector<Move> fit;
  for (Move m : legal) {
    if (m.is_drop() || !piece_fits(v, s.piece, kind_of(pos.at(m.from())))) continue;
    const std::string from = xboard_square(v, m.from()), to = xboard_square(v, m.to());
    if (s.squares.size() == 2) {  // a Lion's mid square and destination, or from and to
      const std::vector<std::string> path = {m.has_mid() ? xboard_square(v, m.mid()) : from, to};
      if (path != s.squares) continue;
    } else if (s.squares[0] != to) {
      continue;
    } else if (m.has_mid() && !(m.stays() && !is_piece(pos.at(m.mid())))) {
      continue;  // one square names no double move, but a Lion's pass (XBoard: Nxf3 for the Lion on f3)
    }
    if (!s.from_file.empty() && from.substr(0, 1) != s.from_file) continue;
    if (!s.from_rank.empty() && from.substr(1) != s.from_rank) continue;
    if (s.promote == 1 && !m.is_promotion()) continue;
    if (s.promote != 1 && m.is_promotion()) continue;
    fit.push_back(m);
  }
  if (fit.size() == 1) return fit[0];
  if (fit.empty())
    return Error{"illegal move '" + std::string(text) + "': no " + v.color_name(pos.side_to_move()) +
                 " piece can make this move"};
  std::string list;
  for (Move m : fit) list += (list.empty() ? "" : ", ") + move_to_text(pos, m);
  return Error{"ambiguous move '" + std::string(text) + "': it fits " + list};
}

}  // namespace kirin
