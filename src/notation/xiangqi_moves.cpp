#include "notation/xiangqi_moves.h"

#include <cctype>
#include <string>

#include "notation/chinese.h"
#include "notation/move_text.h"
#include "notation/san.h"
#include "notation/wide_text.h"
#include "notation/wxf.h"

namespace kirin {
namespace {

// ICCS with its optional dash and either case, as the engines' text "h2e2"; "" if not ICCS.
std::string iccs_text(std::string_view w) {
  std::string s;
  for (char c : w)
    if (c != '-') s += char(std::tolower(static_cast<unsigned char>(c)));
  const bool shape = s.size() == 4 && s[0] >= 'a' && s[0] <= 'i' && std::isdigit(static_cast<unsigned char>(s[1])) &&
                     s[2] >= 'a' && s[2] <= 'i' && std::isdigit(static_cast<unsigned char>(s[3]));
  return shape ? s : "";
}

}  // namespace

Result<Move> parse_xiangqi_move(Position& pos, std::string_view text) {
  if (looks_like_chinese(text)) return parse_chinese(pos, text);
  const std::string plain = ascii_from_fullwidth(text);
  if (looks_like_wxf(plain)) return parse_wxf(pos, plain);
  const bool san = !has_non_ascii(plain) && looks_like_san(pos.variant(), plain);
  if (std::string iccs = iccs_text(plain); !iccs.empty()) {
    // "H8c7" is XBoard's SAN (the Horse from rank 8), not ICCS: the SAN reading wins if it fits.
    auto m = parse_move(pos, iccs);
    if (m || !san) return m;
    auto s = parse_san(pos, plain);
    return s ? s : m;
  }
  if (san) return parse_san(pos, plain);
  return Error{"bad move text '" + std::string(text) + "': expected a move like h2e2, C2=5, 炮二平五 or Che2"};
}

std::vector<std::string_view> split_glued_moves(std::string_view word) {
  if (looks_like_chinese(word)) return split_chinese_moves(word);
  // WXF moves are four characters each (full-width ones three bytes a character).
  const std::string plain = ascii_from_fullwidth(word);
  if (plain.size() <= 4 || plain.size() % 4 || plain.size() != word.size()) return {word};
  std::vector<std::string_view> out;
  for (size_t i = 0; i < word.size(); i += 4) {
    if (!looks_like_wxf(word.substr(i, 4))) return {word};
    out.push_back(word.substr(i, 4));
  }
  return out;
}

}  // namespace kirin
