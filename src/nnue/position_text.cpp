#include "nnue/position_text.h"

#include <charconv>
#include <vector>

namespace kirin::nnue {
namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  while (true) {
    const size_t at = s.find(sep);
    parts.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return parts;
    s.remove_prefix(at + 1);
  }
}

bool number(std::string_view s, int lo, int hi, int& out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && out >= lo && out <= hi;
}

}  // namespace

std::string position_text(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out = std::to_string(int(pos.side_to_move())) + ";";
  bool first = true;
  for (int y = 0; y < v.ranks(); ++y)
    for (int x = 0; x < v.files(); ++x) {
      const Piece p = pos.at(make_square(x, y));
      if (p == EMPTY) continue;
      if (!first) out += ',';
      out += std::to_string(y * v.files() + x) + ":" + std::to_string(int(p));
      first = false;
    }
  out += ";";
  first = true;
  for (Color c : {FIRST, SECOND})
    for (Kind k = 0; k < v.kind_count(); ++k)
      if (pos.hand(c, k) > 0) {
        if (!first) out += ',';
        out += std::to_string(int(make_piece(k, c))) + ":" + std::to_string(pos.hand(c, k));
        first = false;
      }
  return out;
}

Result<Position> parse_position_text(const VariantPtr& v, std::string_view line) {
  const auto fields = split(line, ';');
  if (fields.size() != 3) return Error{"expected side;board;hands, got '" + std::string(line) + "'"};
  Position pos(v);
  int stm = 0;
  if (!number(fields[0], 0, 1, stm)) return Error{"side to move '" + std::string(fields[0]) + "' is not 0 or 1"};
  pos.set_side_to_move(Color(stm));
  const int squares = v->files() * v->ranks();
  auto piece_ok = [&](int p) { return (p & 0xC0) != 0 && (p & 0xC0) != 0xC0 && (p & 0x3F) < v->kind_count(); };
  for (int part = 1; part <= 2; ++part) {
    if (fields[part].empty()) continue;
    for (std::string_view item : split(fields[part], ',')) {
      const auto kv = split(item, ':');
      int a = 0, b = 0;
      if (kv.size() != 2 || !number(kv[0], 0, 255, a) || !number(kv[1], 0, 255, b))
        return Error{"bad entry '" + std::string(item) + "'"};
      if (part == 1) {
        if (a >= squares || !piece_ok(b)) return Error{"bad board entry '" + std::string(item) + "'"};
        pos.put(make_square(a % v->files(), a / v->files()), Piece(b));
      } else {
        if (!piece_ok(a) || !v->def().drops) return Error{"bad hand entry '" + std::string(item) + "'"};
        pos.set_hand(color_of(Piece(a)), kind_of(Piece(a)), b);
      }
    }
  }
  if (auto set = pos.finish_setup(Setup::PROBLEM); !set) return Error{set.error()};
  return pos;
}

}  // namespace kirin::nnue
