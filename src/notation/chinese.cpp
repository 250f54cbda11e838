#include "notation/chinese.h"

#include <array>

#include "notation/wide_text.h"
#include "notation/wxf.h"

namespace kirin {
namespace {

struct PieceNames {
  char letter;
  std::string_view red, black, red_traditional, black_traditional;
};
// The names Kirin writes; the reader knows the other spellings too (piece_of).
constexpr std::array<PieceNames, 7> PIECES = {{
    {'K', "帅", "将", "帥", "將"},
    {'A', "仕", "士", "仕", "士"},
    {'E', "相", "象", "相", "象"},
    {'H', "马", "马", "傌", "馬"},
    {'R', "车", "车", "俥", "車"},
    {'C', "炮", "炮", "炮", "砲"},
    {'P', "兵", "卒", "兵", "卒"},
}};

constexpr std::array<std::string_view, 10> NUMERALS = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::array<std::string_view, 10> WIDE_DIGITS = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

char piece_of(std::string_view ch) {
  static constexpr std::pair<std::string_view, char> NAMES[] = {
      {"帅", 'K'}, {"帥", 'K'}, {"将", 'K'}, {"將", 'K'}, {"仕", 'A'}, {"士", 'A'}, {"相", 'E'},
      {"象", 'E'}, {"马", 'H'}, {"馬", 'H'}, {"傌", 'H'}, {"车", 'R'}, {"車", 'R'}, {"俥", 'R'},
      {"伡", 'R'}, {"炮", 'C'}, {"砲", 'C'}, {"包", 'C'}, {"兵", 'P'}, {"卒", 'P'}};
  for (auto [name, l] : NAMES)
    if (ch == name) return l;
  return 0;
}

// 1-9 for a Chinese numeral or a digit (full-width digits are ASCII by now), else 0.
int number_of(std::string_view ch) {
  if (ch.size() == 1 && ch[0] >= '1' && ch[0] <= '9') return ch[0] - '0';
  for (int i = 1; i <= 9; ++i)
    if (ch == NUMERALS[i]) return i;
  return 0;
}

char direction_of(std::string_view ch) {
  if (ch == "进" || ch == "進" || ch == "上") return '+';  // 上/下: older books, for the diagonal movers
  if (ch == "退" || ch == "下") return '-';
  if (ch == "平") return '=';
  return 0;
}

Order place_of(std::string_view ch) {
  if (ch == "前") return Order::FRONT;
  if (ch == "后" || ch == "後") return Order::REAR;
  if (ch == "中") return Order::MIDDLE;
  return Order::ANY;
}

}  // namespace

std::string move_to_chinese(const Position& pos, Move m, ChineseScript script) {
  const MoveFacts f = move_facts(pos, m);
  const bool red = pos.side_to_move() == FIRST, trad = script == ChineseScript::TRADITIONAL;
  std::string_view name;
  for (const PieceNames& p : PIECES)
    if (p.letter == f.piece) name = red ? (trad ? p.red_traditional : p.red) : (trad ? p.black_traditional : p.black);
  auto number = [&](int n) { return std::string(red ? NUMERALS[n] : WIDE_DIGITS[n]); };
  std::string s;
  if (f.count >= 2 && f.piece != 'A' && f.piece != 'E') {
    std::string place;
    if (f.count <= 3)
      place = f.index == 0 ? "前" : f.index == f.count - 1 ? (trad ? "後" : "后") : "中";
    else
      place = NUMERALS[f.index + 1];
    // Soldiers in tandem on two files: the file names the column (前三平四, WXF's 3+.4); with
    // four or five the count comes first (二兵三平四).
    if (f.other_tandem)
      s = f.count <= 3 ? place + number(f.file) : place + std::string(name) + number(f.file);
    else
      s = place + std::string(name);
  } else {
    s = std::string(name) + number(f.file);
  }
  s += f.dir == '+' ? (trad ? "進" : "进") : f.dir == '-' ? "退" : "平";
  return s + number(f.n);
}

Result<MoveSpec> read_chinese(std::string_view text) {
  const std::string plain = ascii_from_fullwidth(text);
  std::vector<std::string_view> ch;
  for (std::string_view c : utf8_chars(plain))
    if (c != " ") ch.push_back(c);
  const auto bad =
      Error{"bad move text '" + std::string(text) + "': expected a Chinese move like 炮二平五 or 马８进７"};
  if (ch.size() < 4 || ch.size() > 5) return bad;
  MoveSpec s;
  s.dir = direction_of(ch[ch.size() - 2]);
  s.n = number_of(ch.back());
  if (!s.dir || !s.n) return bad;
  // The words before the direction: the piece, its file, its place among like pieces.
  const std::vector<std::string_view> head(ch.begin(), ch.end() - 2);
  int piece_at = -1;
  for (int i = 0; i < int(head.size()); ++i)
    if (piece_of(head[i])) piece_at = i;
  if (piece_at >= 0) s.piece = piece_of(head[piece_at]);
  for (int i = 0; i < int(head.size()); ++i) {
    if (i == piece_at) continue;
    if (Order o = place_of(head[i]); o != Order::ANY && s.order == Order::ANY) {
      s.order = o;
    } else if (int n = number_of(head[i]); n && i < piece_at && s.order == Order::ANY && n <= 5) {
      s.order = Order::NTH, s.nth = n;  // 一兵: counted from the front
    } else if (n && !s.file) {
      s.file = n;
    } else {
      return bad;
    }
  }
  if (!s.piece && !(s.file && s.order != Order::ANY)) return bad;
  if (!s.piece) s.piece = 'P';  // 前三平四: Soldiers in tandem on two files, named by the file
  return s;
}

Result<Move> parse_chinese(Position& pos, std::string_view text) {
  auto spec = read_chinese(text);
  if (!spec) return Error{spec.error()};
  return single_fitting(pos, *spec, text);
}

bool looks_like_chinese(std::string_view text) {
  for (std::string_view c : utf8_chars(text))
    if (direction_of(c)) return true;
  return false;
}

std::vector<std::string_view> split_chinese_moves(std::string_view text) {
  std::vector<std::string_view> out;
  const std::vector<std::string_view> ch = utf8_chars(text);
  size_t start = 0;
  for (size_t i = 0; i + 1 < ch.size(); ++i)
    if (direction_of(ch[i])) {
      const size_t end = size_t(ch[i + 1].data() + ch[i + 1].size() - text.data());
      out.push_back(text.substr(start, end - start));
      start = end;
      ++i;
    }
  if (start < text.size()) out.push_back(text.substr(start));  // a result glued on, or garbage to refuse
  return out;
}

}  // namespace kirin
