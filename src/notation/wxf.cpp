#include "notation/wxf.h"

#include <cctype>
#include <cstdlib>
#include <vector>

#include "notation/move_text.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

char letter(const Variant& v, Kind k) {
  const char t = v.kind(k).token[0];
  return t == 'B' ? 'E' : t == 'N' ? 'H' : t;
}

// Files from the mover's right, 1-9; forward = towards the enemy.
int wxf_file(Color c, Square s, int files) { return c == FIRST ? files - file_x(s) : file_x(s) + 1; }
int forward(Color c, Square s) { return c == FIRST ? rank_y(s) : 9 - rank_y(s); }

std::string normalize(std::string_view t) {
  std::string s;
  for (char c : t) {
    char u = char(std::toupper(static_cast<unsigned char>(c)));
    if (u == '.') u = '=';
    if (u == 'B') u = 'E';
    if (u == 'N') u = 'H';
    if (u == 'G') u = 'K';
    if (u != ' ') s += u;
  }
  return s;
}

}  // namespace

std::string move_to_wxf(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece p = pos.at(from);
  const char l = letter(v, kind_of(p));
  std::string s(1, l);
  // Like pieces on the same file, ordered from the front.
  std::vector<Square> same;
  for (Square q : pos.pieces(us))
    if (pos.at(q) == p && file_x(q) == file_x(from)) same.push_back(q);
  if (same.size() >= 2 && l != 'A' && l != 'E') {
    int ahead = 0;
    for (Square q : same) ahead += forward(us, q) > forward(us, from);
    if (ahead == 0) s += '+';
    else if (ahead == int(same.size()) - 1) s += '-';
    else s += char('0' + wxf_file(us, from, v.files()));
  } else {
    s += char('0' + wxf_file(us, from, v.files()));
  }
  const int dy = forward(us, to) - forward(us, from);
  s += dy > 0 ? '+' : dy < 0 ? '-' : '=';
  const bool diagonal = l == 'A' || l == 'E' || l == 'H';
  if (dy == 0 || diagonal) s += char('0' + wxf_file(us, to, v.files()));
  else s += char('0' + (dy < 0 ? -dy : dy));
  return s;
}

bool looks_like_wxf(std::string_view t) {
  if (t.size() != 4) return false;
  const char a = char(std::toupper(static_cast<unsigned char>(t[0])));
  return std::string_view("KAEHRCPBNG").find(a) != std::string_view::npos && std::string_view("+-=.").find(t[2]) != std::string_view::npos;
}

Result<Move> parse_wxf(Position& pos, std::string_view text) {
  const std::string want = normalize(text);
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal)
    if (move_to_wxf(pos, m) == want) return m;
  if (!looks_like_wxf(text)) return Error{"bad move text '" + std::string(text) + "': expected WXF like C2=5 or H8+7, or ICCS like h2e2"};
  // Not legal: work out the squares the text names and ask the move parser why.
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const char l = want[0], op = want[2];
  const int n = want[3] - '0';
  for (Square from : pos.pieces(us)) {
    if (letter(v, kind_of(pos.at(from))) != l) continue;
    const std::string mine = move_to_wxf(pos, Move::normal(from, from));
    if (mine[1] != want[1]) continue;  // another file, or not the front/rear piece
    const int sign = (op == '-' ? -1 : 1) * (us == FIRST ? 1 : -1);
    const int to_x = us == FIRST ? v.files() - n : n - 1;
    int x = file_x(from), y = rank_y(from);
    if (op == '=') {
      x = to_x;
    } else if (l == 'A' || l == 'E' || l == 'H') {
      const int dx = std::abs(to_x - x);
      y += sign * (l == 'A' ? 1 : l == 'E' ? 2 : dx == 1 ? 2 : 1);
      x = to_x;
    } else {
      y += sign * n;
    }
    if (x < 0 || x >= v.files() || y < 0 || y >= v.ranks()) continue;
    auto r = parse_move(pos, v.square_name(from) + v.square_name(make_square(x, y)));
    if (!r) return Error{"illegal move '" + std::string(text) + "'" + r.error().substr(r.error().find("':") + 1)};
  }
  return Error{"illegal move '" + std::string(text) + "': no " + v.color_name(us) + " piece can make this move"};
}

}  // namespace kirin
