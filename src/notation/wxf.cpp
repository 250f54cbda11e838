#include "notation/wxf.h"

#include <cctype>
#include <cstdlib>

#include "notation/move_text.h"
#include "notation/wide_text.h"

namespace kirin {
namespace {

// Upper case, "." as "=", full-width forms as ASCII, blanks dropped.
std::string normalize(std::string_view t) {
  std::string s;
  for (char c : ascii_from_fullwidth(t)) {
    char u = char(std::toupper(static_cast<unsigned char>(c)));
    if (u == '.') u = '=';
    if (u != ' ') s += u;
  }
  return s;
}

char piece_letter(char c) {
  switch (c) {
    case 'B':
      return 'E';
    case 'N':
      return 'H';
    case 'G':
      return 'K';
    case 'S':
      return 'P';
    case 'K':
    case 'A':
    case 'E':
    case 'H':
    case 'R':
    case 'C':
    case 'P':
      return c;
    default:
      return 0;
  }
}

bool is_digit(char c) { return c >= '1' && c <= '9'; }
bool is_marker(char c) { return c == '+' || c == '-'; }

}  // namespace

std::string move_to_wxf(const Position& pos, Move m) {
  const MoveFacts f = move_facts(pos, m);
  const char file = char('0' + f.file);
  std::string s = {f.piece, file};
  if (f.count >= 2 && f.piece != 'A' && f.piece != 'E') {
    const bool front = f.index == 0, rear = f.index == f.count - 1;
    if (f.other_tandem)
      s = {file, front ? '+' : rear ? '-' : file};  // Soldiers on two files: 3+.4
    else if (f.count >= 4 && (front || rear))
      s = front ? "++" : "--";
    else if (f.count >= 4 && (f.index == 1 || f.index == f.count - 2))
      s = {f.piece, f.index == 1 ? '+' : '-'};
    else
      s = {f.piece, front ? '+' : rear ? '-' : file};
  }
  return s + f.dir + char('0' + f.n);
}

Result<MoveSpec> read_wxf(std::string_view text) {
  const std::string w = normalize(text);
  const auto bad =
      Error{"bad move text '" + std::string(text) + "': expected WXF like C2=5 or H8+7, or ICCS like h2e2"};
  if (w.size() != 4 || (w[2] != '+' && w[2] != '-' && w[2] != '=') || !is_digit(w[3])) return bad;
  MoveSpec s;
  s.dir = w[2];
  s.n = w[3] - '0';
  const char a = w[0], b = w[1];
  if (piece_letter(a) && is_digit(b)) {  // C2=5
    s.piece = piece_letter(a), s.file = b - '0';
  } else if (piece_letter(a) && is_marker(b)) {  // C+=5
    s.piece = piece_letter(a), s.order = b == '+' ? Order::WXF_PLUS : Order::WXF_MINUS;
  } else if (is_marker(a) && piece_letter(b)) {  // +C=5, the WXF site's own records
    s.piece = piece_letter(b), s.order = a == '+' ? Order::WXF_PLUS : Order::WXF_MINUS;
  } else if (is_marker(a) && a == b) {  // ++.4, --.4: the foremost or rearmost of four or five Soldiers
    s.piece = 'P', s.order = a == '+' ? Order::FRONT : Order::REAR;
  } else if (is_digit(a) && (is_marker(b) || b == a)) {  // 3+.4, 33.4, 3-.4: Soldiers in tandem on two files
    s.piece = 'P', s.file = a - '0';
    s.order = b == '+' ? Order::FRONT : b == '-' ? Order::REAR : Order::MIDDLE;
  } else {
    return bad;
  }
  return s;
}

bool looks_like_wxf(std::string_view t) { return read_wxf(t).ok(); }

Result<Move> single_fitting(Position& pos, const MoveSpec& spec, std::string_view text) {
  const std::vector<Move> fit = moves_fitting(pos, spec);
  if (fit.size() == 1) return fit[0];
  if (fit.size() > 1) {
    std::string list;
    for (Move m : fit) list += (list.empty() ? "" : ", ") + move_to_text(pos, m);
    return Error{"ambiguous move '" + std::string(text) + "': it fits " + list};
  }
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  // Not legal: when the text names one piece by its file, work out the squares it names and ask
  // the move parser why.
  if (spec.file && spec.order == Order::ANY && spec.piece) {
    for (Square from : pos.pieces(us)) {
      const MoveFacts f = move_facts(pos, Move::normal(from, from));
      if (f.piece != spec.piece || f.file != spec.file) continue;
      const int sign = (spec.dir == '-' ? -1 : 1) * (us == FIRST ? 1 : -1);
      const int to_x = us == FIRST ? v.files() - spec.n : spec.n - 1;
      int x = file_x(from), y = rank_y(from);
      const char l = spec.piece;
      if (spec.dir == '=') {
        x = to_x;
      } else if (l == 'A' || l == 'E' || l == 'H') {
        const int dx = std::abs(to_x - x);
        y += sign * (l == 'A' ? 1 : l == 'E' ? 2 : dx == 1 ? 2 : 1);
        x = to_x;
      } else {
        y += sign * spec.n;
      }
      if (x < 0 || x >= v.files() || y < 0 || y >= v.ranks()) continue;
      auto r = parse_move(pos, v.square_name(from) + v.square_name(make_square(x, y)));
      if (!r) return Error{"illegal move '" + std::string(text) + "'" + r.error().substr(r.error().find("':") + 1)};
    }
  }
  return Error{"illegal move '" + std::string(text) + "': no " + v.color_name(us) + " piece can make this move"};
}

Result<Move> parse_wxf(Position& pos, std::string_view text) {
  auto spec = read_wxf(text);
  if (!spec) return Error{spec.error()};
  return single_fitting(pos, *spec, text);
}

}  // namespace kirin
