#include "notation/game_courier.h"

#include <cctype>

namespace kirin {
namespace {

std::string token_for(const Variant& v, Kind k, Color c) {
  std::string t = v.kind(k).token;
  if (c == SECOND)
    for (char& ch : t) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return t;
}

std::string upper(std::string_view s) {
  std::string t(s);
  for (char& c : t) c = char(std::toupper(static_cast<unsigned char>(c)));
  return t;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// "7i-7h" -> two squares.
bool parse_step(const Variant& v, std::string_view t, Square& a, Square& b) {
  int n = v.parse_square(t, a);
  if (!n || n >= int(t.size()) || t[n] != '-') return false;
  return v.parse_square(t.substr(n + 1), b) == int(t.size()) - n - 1;
}

}  // namespace

std::string move_to_game_courier(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  if (m.is_drop()) return token_for(v, m.drop_kind(), us) + "*" + v.square_name(m.to());
  const Kind k = kind_of(pos.at(m.from()));
  const std::string t = token_for(v, k, us);
  if (m.has_mid())
    return t + " " + v.square_name(m.from()) + "-" + v.square_name(m.mid()) + "; " + t + " " + v.square_name(m.mid()) +
           "-" + v.square_name(m.to());
  std::string s = t + " " + v.square_name(m.from()) + "-" + v.square_name(m.to());
  if (m.is_promotion()) s += "; " + token_for(v, v.promoted(k), us) + "-" + v.square_name(m.to());
  return s;
}

Result<std::string> game_courier_to_usi(const Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  std::string_view first = trim(text.substr(0, text.find(';')));
  std::string_view second = text.find(';') == std::string_view::npos ? "" : trim(text.substr(text.find(';') + 1));
  const auto bad = [&](std::string_view part, const std::string& why) {
    std::string e(1, '\'');
    e.append(part).append("': ").append(why);
    return Error{e};
  };
  // Drop: "P*5e" (also Game Courier's placing form "P-5e").
  size_t star = first.find_first_of("*-");
  if (first.find(' ') == std::string_view::npos && star != std::string_view::npos) {
    const std::string piece = upper(first.substr(0, star));
    const Kind k = v.kind_by_token(piece);
    Square s;
    if (k == NO_KIND) return bad(first, "no piece '" + std::string(first.substr(0, star)) + "'");
    if (v.parse_square(first.substr(star + 1), s) != int(first.size() - star - 1))
      return bad(first, "expected a drop like P*5e");
    if (!second.empty()) return bad(second, "a drop has no second clause");
    return piece + "*" + v.square_name(s);
  }
  const size_t sp = first.find(' ');
  if (sp == std::string_view::npos) return bad(first, "expected a move like P 7i-7h");
  const std::string piece = upper(first.substr(0, sp));
  Square from, to;
  if (!parse_step(v, trim(first.substr(sp + 1)), from, to)) return bad(first, "expected a move like P 7i-7h");
  const Kind k = v.kind_by_token(piece);
  if (k == NO_KIND) return bad(first, "no piece '" + std::string(first.substr(0, sp)) + "'");
  if (!is_piece(pos.at(from)) || kind_of(pos.at(from)) != k)
    return bad(first, "no " + v.kind(k).name + " on " + v.square_name(from));
  std::string usi = v.square_name(from) + v.square_name(to);
  if (second.empty()) return usi;
  // Second clause: a promotion "+P-7a", or the second step of a Lion move "N 7f-7e".
  const size_t sp2 = second.find(' ');
  if (sp2 == std::string_view::npos) {
    const size_t dash = second.find('-');
    Square s;
    if (dash == std::string_view::npos || v.parse_square(second.substr(dash + 1), s) != int(second.size() - dash - 1) ||
        s != to)
      return bad(second, "expected a promotion like +P-" + v.square_name(to));
    if (v.kind_by_token(upper(second.substr(0, dash))) != v.promoted(k))
      return bad(second, "a " + v.kind(k).name + " does not promote to '" + std::string(second.substr(0, dash)) + "'");
    return usi + "+";
  }
  Square mid = to, end;
  if (upper(second.substr(0, sp2)) != piece || !parse_step(v, trim(second.substr(sp2 + 1)), mid, end) || mid != to)
    return bad(second, "expected the second step of the move, like " + piece + " " + v.square_name(to) + "-..");
  return v.square_name(from) + v.square_name(to) + v.square_name(end);
}

}  // namespace kirin
