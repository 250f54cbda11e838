// Japanese and Chinese piece names: for KIF records (Chu Shogi, as lishogi writes them) and for
// the kanji board diagrams.
#pragma once
#include <string>
#include <string_view>

#include "rules/variant.h"

namespace kirin {

struct KanjiName {
  std::string board;  // on a diagram: one or two characters, e.g. "獅", "成獅"
  std::string full;   // in a KIF move: "獅子", "歩兵"
};

// The names of a kind, by the variant's token ("N", "+O"). Xiangqi names depend on the colour
// (帥/將); the shogi games ignore it. Chu Seireigi pieces that do not occur in Chu Shogi have
// names chosen by Kirin (their Japanese names are not standardised); see kanji.cpp.
KanjiName kanji_name(const Variant& v, Kind k, Color c = FIRST);
// The kind whose full or board name is `name`, or NO_KIND.
Kind kind_by_kanji(const Variant& v, std::string_view name);

// 1 -> "一", 12 -> "十二".
std::string kanji_number(int n);
// Reads a kanji number (1..99) at the start of `text`; returns the bytes used, 0 if none.
int parse_kanji_number(std::string_view text, int& n);

// Display width in terminal columns of a UTF-8 string: CJK characters take two.
int display_width(std::string_view text);

}  // namespace kirin
