#include "notation/lishogi_moves.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "notation/kanji.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

// Chu Shogi's pieces as lishogi names them (shogiops notation/util.ts): its Western letters for
// the unpromoted kinds (a promoted one is '+' and its unpromoted letters), and the kanji of its
// Japanese notation for every kind. Pieces that share a kanji (金 for Gold and the promoted Pawn,
// 獅 for both Lions, ...) are told apart as pieces of one name.
struct ChuName {
  const char* token;
  const char* western;  // unpromoted kinds only
  const char* kanji;
};
constexpr ChuName CHU[] = {
    {"K", "K", "玉"}, {"E", "DE", "象"}, {"+E", "", "太"}, {"G", "G", "金"},  {"+G", "", "金飛車"}, {"S", "S", "銀"},
    {"+S", "", "竪"}, {"C", "C", "銅"},  {"+C", "", "横"}, {"F", "FL", "豹"}, {"+F", "", "小角"},   {"T", "BT", "虎"},
    {"+T", "", "鹿"}, {"O", "Kr", "麒"}, {"+O", "", "獅"}, {"X", "Ph", "鳳"}, {"+X", "", "奔"},     {"L", "L", "香"},
    {"+L", "", "駒"}, {"A", "RC", "反"}, {"+A", "", "鯨"}, {"M", "SM", "横"}, {"+M", "", "猪"},     {"V", "VM", "竪"},
    {"+V", "", "牛"}, {"B", "B", "角"},  {"+B", "", "馬"}, {"R", "R", "飛"},  {"+R", "", "龍"},     {"H", "H", "馬"},
    {"+H", "", "鷹"}, {"D", "D", "龍"},  {"+D", "", "鷲"}, {"Q", "FK", "奔"}, {"N", "Ln", "獅"},    {"P", "P", "歩"},
    {"+P", "", "金"}, {"I", "GB", "仲"}, {"+I", "", "象"},
};

const ChuName* chu_name(const std::string& token) {
  for (const ChuName& n : CHU)
    if (token == n.token) return &n;
  return nullptr;
}

std::string western_name(const Variant& v, Kind k) {
  const std::string& token = v.kind(k).token;
  const bool promoted = token.size() > 1 && token[0] == '+';
  const std::string base = promoted ? token.substr(1) : token;
  const ChuName* n = v.game() == GameId::CHUSHOGI ? chu_name(base) : nullptr;
  return (promoted ? "+" : "") + (n ? std::string(n->western) : base);
}

std::string kanji_of(const Variant& v, Kind k) {
  if (v.game() == GameId::CHUSHOGI)
    if (const ChuName* n = chu_name(v.kind(k).token)) return n->kanji;
  return kanji_name(v, k).board;
}

// Squares as lishogi counts them: file 0 on the first player's right, rank 0 at the far side.
int file_of(const Variant& v, Square s) { return v.files() - 1 - file_x(s); }
int rank_of(const Variant& v, Square s) { return v.ranks() - 1 - rank_y(s); }

char number_char(int n) { return n >= 10 ? char('a' + n - 10) : char('0' + n); }

// "77", "c1": file then rank, 1-based, 10-12 as a-c.
std::string number_square(const Variant& v, Square s) {
  return {number_char(file_of(v, s) + 1), number_char(rank_of(v, s) + 1)};
}

// "７八", "１２十一".
std::string japanese_square(const Variant& v, Square s) {
  std::string out;
  for (char c : std::to_string(file_of(v, s) + 1)) {
    const unsigned wide = 0xFF10 + unsigned(c - '0');  // full-width digits, three bytes in UTF-8
    out += char(0xE0 | (wide >> 12));
    out += char(0x80 | ((wide >> 6) & 0x3F));
    out += char(0x80 | (wide & 0x3F));
  }
  return out + kanji_number(rank_of(v, s) + 1);
}

// The squares of the other pieces of the mover's colour for which `alike` holds that could go to
// `to` too (as lishogi asks: by the moves the pieces make, whatever they leave their King to).
template <class Alike>
std::vector<Square> aiming_at(const Position& pos, const MoveList& list, Square to, Square except, Alike alike) {
  std::vector<Square> out;
  for (Move m : list) {
    if (m.is_drop() || m.to() != to || m.from() == except) continue;
    if (!alike(kind_of(pos.at(m.from())))) continue;
    if (std::find(out.begin(), out.end(), m.from()) == out.end()) out.push_back(m.from());
  }
  return out;
}

// Whether the mover could have promoted with this move (its promoting twin is a move too).
bool could_promote(const MoveList& list, Move m) {
  if (m.is_promotion() || m.is_drop() || m.has_mid()) return false;
  return list.contains(Move::normal(m.from(), m.to(), true));
}

// The moves the pieces of the side to move can make (as lishogi asks which could go where).
MoveList pseudo_legal(const Position& pos) {
  MoveList list;
  generate<GenType::ALL>(pos, list);
  return list;
}

bool is_first(Piece p) { return color_of(p) == FIRST; }

// lishogi's words for which of several pieces of one name moves (shogiops japanese.ts).
std::string vertical_word(bool first, bool up, bool down) {
  if (up == down) return "寄";
  return (first && up) || (!first && down) ? "上" : "引";
}
std::string side_word(bool first, bool right, bool left) {
  if (left == right) return "中";
  return (first && right) || (!first && left) ? "右" : "左";
}

std::string which_one(const Variant& v, Piece piece, const std::string& kanji, Square from, Square to,
                      const std::vector<Square>& others) {
  const int my_rank = rank_of(v, from), my_file = file_of(v, from);
  const int to_rank = rank_of(v, to), to_file = file_of(v, to);
  const bool up = my_rank > to_rank, down = my_rank < to_rank, first = is_first(piece);
  const std::string& token = v.kind(kind_of(piece)).token;
  // A Gold-like or Silver piece going straight forward, beside another of its name: 直.
  const bool gold_like = token == "G" || token == "S" || token == "+P";
  if (my_file == to_file && first == up && gold_like &&
      std::any_of(others.begin(), others.end(), [&](Square s) { return rank_of(v, s) == my_rank; }))
    return "直";
  // A Lion (or Falcon) on the destination's file next to another: 跳 for two squares, else 直.
  if ((kanji == "獅" || kanji == "鷹") && to_file == my_file &&
      std::any_of(others.begin(), others.end(), [&](Square s) { return distance(s, from) == 1; }))
    return distance(from, to) == 2 ? "跳" : "直";
  // The only one coming from its side vertically (from above, from below or level).
  if (!std::any_of(others.begin(), others.end(), [&](Square s) {
        const int r = rank_of(v, s);
        return (r < to_rank) == down && (r > to_rank) == up;
      }))
    return vertical_word(first, up, down);
  int rightest = v.files(), leftest = -1;
  for (Square s : others) rightest = std::min(rightest, file_of(v, s)), leftest = std::max(leftest, file_of(v, s));
  if (rightest > my_file || leftest < my_file || (others.size() == 2 && rightest < my_file && leftest > my_file))
    return side_word(first, rightest > my_file, leftest < my_file);
  return side_word(first, rightest >= my_file, leftest <= my_file) + vertical_word(first, up, down);
}

}  // namespace

std::string move_to_western(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  if (m.is_drop()) return western_name(v, m.drop_kind()) + "*" + number_square(v, m.to());
  const Piece piece = pos.at(m.from());
  const Kind kind = kind_of(piece);
  const MoveList list = pseudo_legal(pos);
  const std::vector<Square> others = aiming_at(pos, list, m.to(), m.from(), [&](Kind k) { return k == kind; });
  const std::string name = western_name(v, kind) + (others.empty() ? "" : number_square(v, m.from()));
  const std::string to = (is_piece(pos.at(m.to())) && m.to() != m.from() ? "x" : "-") + number_square(v, m.to());
  if (m.has_mid()) {
    const bool mid_capture = is_piece(pos.at(m.mid()));
    if (m.stays()) return mid_capture ? name + "x!" + number_square(v, m.mid()) : "--";
    return name + (mid_capture ? "x" : "-") + number_square(v, m.mid()) + to;
  }
  return name + to + (m.is_promotion() ? "+" : could_promote(list, m) ? "=" : "");
}

std::string move_to_japanese(const Position& pos, Move m, Square last_to) {
  const Variant& v = pos.variant();
  const MoveList list = pseudo_legal(pos);
  if (m.is_drop()) {
    const std::string kanji = kanji_of(v, m.drop_kind());
    const bool aimed =
        !aiming_at(pos, list, m.to(), NO_SQUARE, [&](Kind k) { return kanji_of(v, k) == kanji; }).empty();
    return japanese_square(v, m.to()) + kanji + (aimed ? "打" : "");
  }
  const Piece piece = pos.at(m.from());
  const std::string kanji = kanji_of(v, kind_of(piece));
  const std::vector<Square> others =
      aiming_at(pos, list, m.to(), m.from(), [&](Kind k) { return kanji_of(v, k) == kanji; });
  const std::string which = others.empty() ? "" : which_one(v, piece, kanji, m.from(), m.to(), others);
  if (m.has_mid()) {
    if (m.stays()) return is_piece(pos.at(m.mid())) ? japanese_square(v, m.mid()) + "居喰い" : "じっと";
    return japanese_square(v, m.mid()) + "・" + japanese_square(v, m.to()) + kanji + which;
  }
  const std::string to = m.to() == last_to ? "同　" : japanese_square(v, m.to());
  return to + kanji + which + (m.is_promotion() ? "成" : could_promote(list, m) ? "不成" : "");
}

}  // namespace kirin
