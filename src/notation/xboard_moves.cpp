#include "notation/xboard_moves.h"

#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "notation/move_text.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

int rank_base(const Variant& v) { return v.ranks() == 10 ? 0 : 1; }

// Reads one square at `text[i]`, advancing i; false if there is none.
bool read_square(const Variant& v, std::string_view text, size_t& i, Square& s) {
  if (i >= text.size() || text[i] < 'a' || text[i] >= 'a' + v.files()) return false;
  const int x = text[i++] - 'a';
  size_t start = i;
  int n = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - start < 2)
    n = n * 10 + (text[i++] - '0');
  if (i == start) return false;
  const int y = n - rank_base(v);
  if (y < 0 || y >= v.ranks()) return false;
  s = make_square(x, y);
  return true;
}

}  // namespace

std::string fen_from_xboard(GameId g, std::string_view text) {
  std::vector<std::string> fields;
  std::istringstream words{std::string(text)};
  for (std::string w; words >> w;) fields.push_back(w);
  if (fields.empty()) return "";
  std::string board = fields[0], side = fields.size() > 1 ? fields[1] : "w";
  if (g == GameId::XIANGQI) {
    for (char& c : board) {
      const char upper = char(std::toupper(static_cast<unsigned char>(c)));
      const bool lower = c != upper;
      if (upper == 'H') c = lower ? 'n' : 'N';
      if (upper == 'E') c = lower ? 'b' : 'B';
    }
    return board + " " + side;
  }
  std::string hand;
  if (size_t open = board.find('['); open != std::string::npos) {
    const size_t close = board.find(']', open);
    const std::string held = board.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
    board.erase(open);
    // One letter per piece: count them, in order of first appearance.
    std::string order;
    int count[128] = {};
    for (char c : held) {
      if (c == '-') continue;
      const unsigned char u = static_cast<unsigned char>(c);
      if (u >= 128)
        hand += c;  // the SFEN parser will name it
      else if (count[u]++ == 0)
        order += c;
    }
    for (char c : order) {
      if (count[int(c)] > 1) hand += std::to_string(count[int(c)]);
      hand += c;
    }
  }
  if (side == "w")
    side = "b";
  else if (side == "b")
    side = "w";
  return board + " " + side + " " + (hand.empty() ? "-" : hand) + " 1";
}

std::string xboard_variant_name(GameId g) {
  switch (g) {
    case GameId::XIANGQI:
      return "xiangqi";
    case GameId::CHUSHOGI:
      return "chu";
    case GameId::CHUSEIREIGI:
      return "chuseireigi";
  }
  return "";
}

std::string xboard_square(const Variant& v, Square s) {
  std::string text(1, char('a' + file_x(s)));
  text += std::to_string(rank_y(s) + rank_base(v));  // appended: GCC 12 misreads a + here (-Wrestrict)
  return text;
}

std::string move_to_xboard(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  if (m.is_drop()) return v.kind(m.drop_kind()).token + "@" + xboard_square(v, m.to());
  std::string text;
  // A pass (a Lion stepping out and back through an empty square) is "from from", as HaChu writes it.
  if (m.stays() && m.has_mid() && pos.at(m.mid()) == EMPTY)
    return xboard_square(v, m.from()) + xboard_square(v, m.from());
  if (m.has_mid())
    text = xboard_square(v, m.from()) + xboard_square(v, m.mid()) + "," + xboard_square(v, m.mid()) +
           xboard_square(v, m.to());
  else
    text = xboard_square(v, m.from()) + xboard_square(v, m.to());
  if (m.is_promotion()) text += "+";
  return text;
}

// Translated to the engine's own move text, so one parser decides legality and gives reasons.
Result<Move> parse_xboard_move(Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  auto bad = [&] { return Error{"not an XBoard move: '" + std::string(text) + "'"}; };
  if (text == "@@@@") {  // XBoard's null move: in Chu Shogi, any piece's pass is the same move
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal)
      if (m.stays() && m.has_mid() && pos.at(m.mid()) == EMPTY) return m;
    // The rules file (section 7) forbids answering a pass with a pass; say so, it is the usual case.
    if (pos.last_was_pass()) return Error{"illegal move '@@@@': a pass cannot answer a pass"};
    return Error{"illegal move '@@@@': no piece can pass"};
  }
  size_t at = text.find('@');
  if (at != std::string_view::npos) {
    size_t i = at + 1;
    Square to;
    if (!read_square(v, text, i, to) || i != text.size()) return bad();
    return parse_move(pos, std::string(text.substr(0, at)) + "*" + v.square_name(to));
  }
  size_t i = 0;
  Square from, to, mid = NO_SQUARE;
  if (!read_square(v, text, i, from) || !read_square(v, text, i, to)) return bad();
  if (i < text.size() && text[i] == ',') {
    ++i;
    Square again, to2;
    if (!read_square(v, text, i, again) || again != to || !read_square(v, text, i, to2)) return bad();
    mid = to;
    to = to2;
  }
  if (from == to && mid == NO_SQUARE) {
    if (i != text.size()) return bad();
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal)
      if (m.from() == from && m.stays() && m.has_mid() && pos.at(m.mid()) == EMPTY) return m;
    return Error{"illegal move '" + std::string(text) + "': no pass from " + v.square_name(from)};
  }
  bool promote = false;
  if (i < text.size() && text[i] == '+') promote = true, ++i;
  // XBoard may name the promotion piece instead of '+'.
  else if (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) && i + 1 == text.size())
    promote = true, ++i;
  if (i != text.size()) return bad();
  std::string native = v.square_name(from) + (mid != NO_SQUARE ? v.square_name(mid) : "") + v.square_name(to);
  if (promote) native += "+";
  return parse_move(pos, native);
}

}  // namespace kirin
