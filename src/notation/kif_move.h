// One KIF move as lishogi writes Chu Shogi: "7八歩兵 （←7九）", "仝獅子 （←6六）", promotion
// "6十一金将成 （←5十二）", a Lion double move as two lines "一歩目 7九獅子 （←7十）" and
// "二歩目 6八獅子 （←7九）" with "（居食い）" for igui and "(じっと)" for a pass; drops (Chu
// Seireigi) "5五歩兵打". Squares: file number, then the rank as a kanji number (a = 一).
#pragma once
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/result.h"
#include "rules/position.h"

namespace kirin {

std::string kif_square(const Variant& v, Square s);
// The move's line (two lines, joined by '\n', for a double move). `last_to` is the square the
// previous move went to (written as 仝 when this move goes there too), NO_SQUARE if none.
std::string move_to_kif(const Position& pos, Move m, Square last_to);

// A parsed KIF line: which step of a double move it is (0: a whole move), and its squares.
struct KifStep {
  int lion_step = 0;
  bool drop = false;
  Kind kind = NO_KIND;  // dropped kind
  Square from = NO_SQUARE, to = NO_SQUARE;
  bool promote = false;
  int name_at = 0;  // byte offset of the piece name, for errors
};
// Reads the move part of a line (after the move number). Errors say what is wrong and where, as
// a byte offset into `text` (`at`).
Result<KifStep> parse_kif_step(const Position& pos, std::string_view text, Square last_to, size_t& at);

}  // namespace kirin
