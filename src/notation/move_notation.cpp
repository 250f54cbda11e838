#include "notation/move_notation.h"

#include <array>

#include "notation/chinese.h"
#include "notation/lishogi_moves.h"
#include "notation/move_text.h"
#include "notation/wxf.h"

namespace kirin {
namespace {

struct Named {
  Notation notation;
  std::string_view name;
  bool xiangqi;  // else the shogi games'
};
constexpr std::array<Named, 7> NOTATIONS = {{
    {Notation::WXF, "wxf", true},
    {Notation::CHINESE, "chinese", true},
    {Notation::CHINESE_TRADITIONAL, "chinese-traditional", true},
    {Notation::ICCS, "iccs", true},
    {Notation::WESTERN, "western", false},
    {Notation::JAPANESE, "japanese", false},
    {Notation::USI, "usi", false},
}};

}  // namespace

std::string_view notation_name(Notation n) {
  for (const Named& e : NOTATIONS)
    if (e.notation == n) return e.name;
  return "";
}

Result<Notation> parse_notation(std::string_view name, const Variant& v) {
  return parse_notation(name, !v.is_shogi_family(), v.name());
}

Result<Notation> parse_notation(std::string_view name, bool xiangqi, std::string_view games) {
  std::string its;
  for (const Named& e : NOTATIONS)
    if (e.xiangqi == xiangqi) its += (its.empty() ? "" : ", ") + std::string(e.name);
  for (const Named& e : NOTATIONS) {
    if (e.name != name) continue;
    if (e.xiangqi != xiangqi) break;
    return e.notation;
  }
  std::string shown(name.substr(0, 32));
  for (char& c : shown)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return Error{"unknown notation '" + shown + "' for " + std::string(games) + ": it is written in " + its};
}

Result<std::optional<Notation>> chosen_notation(std::string_view name, const Variant& v) {
  if (name.empty()) return std::optional<Notation>{};
  auto n = parse_notation(name, v);
  if (!n) return Error{n.error()};
  return std::optional<Notation>{*n};
}

std::string write_move(const Position& pos, Move m, Notation n, Square last_to) {
  switch (n) {
    case Notation::WXF:
      return move_to_wxf(pos, m);
    case Notation::CHINESE:
      return move_to_chinese(pos, m, ChineseScript::SIMPLIFIED);
    case Notation::CHINESE_TRADITIONAL:
      return move_to_chinese(pos, m, ChineseScript::TRADITIONAL);
    case Notation::WESTERN:
      return move_to_western(pos, m);
    case Notation::JAPANESE:
      return move_to_japanese(pos, m, last_to);
    case Notation::ICCS:
    case Notation::USI:
      break;
  }
  return move_to_text(pos, m);
}

}  // namespace kirin
