#include "notation/fen.h"

#include <cctype>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <vector>

namespace kirin {
namespace {

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string quote(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02x", static_cast<unsigned char>(c));
  return buf;
}

bool parse_int(std::string_view s, int lo, int hi, int& out) {
  if (s.empty() || s.size() > 6) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

std::optional<std::string> parse_board(Position& pos, std::string_view board) {
  const Variant& v = pos.variant();
  const int W = v.files(), H = v.ranks();
  int row = 0, x = 0;
  for (size_t i = 0; i < board.size(); ++i) {
    char c = board[i];
    const std::string where =
        " in row " + std::to_string(row + 1) + " from the top (character " + std::to_string(i + 1) + ")";
    if (c == '/') {
      if (x != W)
        return "row " + std::to_string(row + 1) + " from the top has " + std::to_string(x) + " files, the board has " +
               std::to_string(W);
      if (++row >= H) return "too many ranks: the board has " + std::to_string(H);
      x = 0;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = c - '0';
      if (i + 1 < board.size() && std::isdigit(static_cast<unsigned char>(board[i + 1])))
        n = n * 10 + (board[++i] - '0');
      if (n == 0) return "empty run of 0" + where;
      x += n;
      if (x > W)
        return "row " + std::to_string(row + 1) + " from the top has more than " + std::to_string(W) + " files";
      continue;
    }
    std::string token;
    if (c == '+') {
      if (!v.is_shogi_family()) return "unexpected '+'" + where;
      if (i + 1 >= board.size() || !std::isalpha(static_cast<unsigned char>(board[i + 1])))
        return "'+' not followed by a piece letter" + where;
      c = board[++i];
      token = "+";
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) return "unexpected " + quote(c) + where;
    token += char(std::toupper(static_cast<unsigned char>(c)));
    Kind k = v.kind_by_token(token);
    if (k == NO_KIND) return "unknown piece " + quote(c) + (token[0] == '+' ? " (promoted)" : "") + where;
    if (x >= W) return "row " + std::to_string(row + 1) + " from the top has more than " + std::to_string(W) + " files";
    Color col = std::isupper(static_cast<unsigned char>(c)) ? FIRST : SECOND;
    pos.put(make_square(x, H - 1 - row), make_piece(k, col));
    ++x;
  }
  if (x != W)
    return "row " + std::to_string(row + 1) + " from the top has " + std::to_string(x) + " files, the board has " +
           std::to_string(W);
  if (row != H - 1) return "the board has " + std::to_string(H) + " ranks, found " + std::to_string(row + 1);
  return std::nullopt;
}

std::optional<std::string> parse_hands(Position& pos, std::string_view field) {
  const Variant& v = pos.variant();
  if (field == "-") return std::nullopt;
  int count = 0;
  bool have_count = false;
  int totals[2][MAX_KINDS + 1] = {};
  for (size_t i = 0; i < field.size(); ++i) {
    char c = field[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      count = count * 10 + (c - '0');
      have_count = true;
      if (count >= Zobrist::MAX_HAND) return "hand count too large at character " + std::to_string(i + 1);
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(c)))
      return "unexpected " + quote(c) + " in hands at character " + std::to_string(i + 1);
    Kind k = v.kind_by_token(std::string(1, char(std::toupper(static_cast<unsigned char>(c)))));
    if (k == NO_KIND) return "unknown piece " + quote(c) + " in hands";
    if (v.is_royal(k)) return "a " + v.kind(k).name + " cannot be in hand";
    if (have_count && count == 0) return "hand count 0 for " + quote(c);
    Color col = std::isupper(static_cast<unsigned char>(c)) ? FIRST : SECOND;
    totals[col][k] += have_count ? count : 1;
    if (totals[col][k] >= Zobrist::MAX_HAND) return "too many " + quote(c) + " in hand";
    count = 0;
    have_count = false;
  }
  if (have_count) return "hand count without a piece";
  // Captures move pieces into a hand, so a kind's pieces in both hands and on the board
  // together must stay below the hand limit, or a later capture would overflow it.
  for (int k = 0; k < v.kind_count(); ++k) {
    int n = totals[FIRST][k] + totals[SECOND][k];
    if (!n) continue;
    for (int c = 0; c < 2; ++c)
      for (Square s : pos.pieces(Color(c))) n += v.demoted(kind_of(pos.at(s))) == k;
    if (n >= Zobrist::MAX_HAND)
      return "too many " + v.kind(Kind(k)).name + "s: " + std::to_string(n) +
             " in the hands and on the board, at most " + std::to_string(Zobrist::MAX_HAND - 1);
  }
  for (int c = 0; c < 2; ++c)
    for (int k = 0; k < v.kind_count(); ++k)
      if (totals[c][k]) pos.set_hand(Color(c), Kind(k), totals[c][k]);
  return std::nullopt;
}

}  // namespace

Result<Position> parse_fen(const VariantPtr& vp, std::string_view fen, Setup setup) {
  const Variant& v = *vp;
  auto f = split_fields(fen);
  const bool xq = !v.is_shogi_family();
  const char* what = xq ? "FEN" : "SFEN";
  if (f.empty()) return Error{std::string("empty ") + what};
  if (f.size() > (xq ? 6u : 4u))
    return Error{std::string(what) + " has " + std::to_string(f.size()) + " fields, expected at most " +
                 (xq ? "6" : "4")};
  Position pos(vp);
  if (auto e = parse_board(pos, f[0])) return Error{"board field: " + *e};

  Color stm = FIRST;
  if (f.size() > 1) {
    std::string_view s = f[1];
    if (xq && (s == "w" || s == "r"))
      stm = FIRST;
    else if (xq && s == "b")
      stm = SECOND;
    else if (!xq && s == "b")
      stm = FIRST;
    else if (!xq && s == "w")
      stm = SECOND;
    else
      return Error{"side field: expected " + std::string(xq ? "w (or r) or b" : "b or w") + ", got '" + std::string(s) +
                   "'"};
  }
  pos.set_side_to_move(stm);

  if (xq) {
    if (f.size() > 2 && f[2] != "-")
      return Error{"third field: xiangqi has no castling rights, expected '-', got '" + std::string(f[2]) + "'"};
    if (f.size() > 3 && f[3] != "-")
      return Error{"fourth field: xiangqi has no en passant, expected '-', got '" + std::string(f[3]) + "'"};
    int half = 0, full = 1;
    if (f.size() > 4 && !parse_int(f[4], 0, 100000, half))
      return Error{"halfmove clock: expected a number, got '" + std::string(f[4]) + "'"};
    if (f.size() > 5 && !parse_int(f[5], 1, 100000, full))
      return Error{"move number: expected a positive number, got '" + std::string(f[5]) + "'"};
    pos.set_quiet_plies(half);
    pos.set_move_number(full);
  } else {
    if (f.size() > 2) {
      if (v.def().lion_trading) {
        if (f[2] != "-") {
          Square s;
          if (v.parse_square(f[2], s) != int(f[2].size()))
            return Error{"third field: expected '-' or the counter-strike square, got '" + std::string(f[2]) + "'"};
          pos.set_counter_strike(s);
        }
      } else if (v.def().drops) {
        if (auto e = parse_hands(pos, f[2])) return Error{"hands field: " + *e};
      } else if (f[2] != "-") {
        return Error{"third field: expected '-', got '" + std::string(f[2]) + "'"};
      }
    }
    int n = 1;
    if (f.size() > 3 && !parse_int(f[3], 1, 100000, n))
      return Error{"move number: expected a positive number, got '" + std::string(f[3]) + "'"};
    pos.set_move_number(n);
  }
  if (auto set = pos.finish_setup(setup); !set) return Error{"invalid position: " + set.error()};
  return pos;
}

std::string to_fen(const Position& pos) {
  const Variant& v = pos.variant();
  const int W = v.files(), H = v.ranks();
  std::ostringstream o;
  for (int y = H - 1; y >= 0; --y) {
    int empty = 0;
    for (int x = 0; x < W; ++x) {
      Piece p = pos.at(make_square(x, y));
      if (p == EMPTY) {
        ++empty;
        continue;
      }
      if (empty) o << empty;
      empty = 0;
      std::string t = v.kind(kind_of(p)).token;
      if (color_of(p) == SECOND)
        for (char& c : t) c = char(std::tolower(static_cast<unsigned char>(c)));
      o << t;
    }
    if (empty) o << empty;
    if (y) o << '/';
  }
  if (!v.is_shogi_family()) {
    o << (pos.side_to_move() == FIRST ? " w" : " b") << " - - " << pos.quiet_plies() << ' ' << pos.move_number();
    return o.str();
  }
  o << (pos.side_to_move() == FIRST ? " b " : " w ");
  if (v.def().lion_trading) {
    o << (pos.counter_strike() == NO_SQUARE ? "-" : v.square_name(pos.counter_strike()));
  } else {
    std::string hands;
    for (int c = 0; c < 2; ++c)
      for (char letter : v.def().hand_order) {
        Kind k = v.kind_by_token(std::string(1, letter));
        if (k == NO_KIND) continue;
        int n = pos.hand(Color(c), k);
        if (!n) continue;
        if (n > 1) hands += std::to_string(n);
        hands += c == FIRST ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
      }
    o << (hands.empty() ? "-" : hands);
  }
  o << ' ' << pos.move_number();
  return o.str();
}

Position start_position(const VariantPtr& v) {
  auto p = parse_fen(v, v->start_fen());
  return std::move(*p);
}

}  // namespace kirin
