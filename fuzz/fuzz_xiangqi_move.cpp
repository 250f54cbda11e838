// libFuzzer target for the xiangqi move readers (notation/xiangqi_moves.h: Chinese, WXF in all
// its forms, ICCS, XBoard SAN). Input: one byte choosing a position, then move text. A bad move
// is a one-line error that leaves the position as it was; a good one is legal, and the Chinese
// and WXF texts Kirin writes for it read back as the same move.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "notation/chinese.h"
#include "notation/fen.h"
#include "notation/wxf.h"
#include "notation/xiangqi_moves.h"
#include "rules/movegen.h"

using namespace kirin;

namespace {

// The start for each side, and positions with like pieces in tandem (two files, five Soldiers).
const char* const kPositions[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "r4k3/r8/2P1P4/2P1P4/4P4/6p2/6p2/1C4p2/1C7/3K5 w - - 0 1",
    "r4k3/r8/2P1P4/2P1P4/4P4/6p2/6p2/1C4p2/1C7/3K5 b - - 0 1",
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
};

Position& position_for(unsigned char selector) {
  static std::vector<Position> positions = [] {
    std::vector<Position> out;
    for (const char* fen : kPositions) out.push_back(*parse_fen(fuzz::variant_for(0), fen));
    return out;
  }();
  return positions[selector % positions.size()];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  Position& pos = position_for(data[0]);
  const std::string text = fuzz::text_after_selector(data, size), fen = to_fen(pos);
  auto m = parse_xiangqi_move(pos, text);
  fuzz::require(to_fen(pos) == fen, "reading a move leaves the position unchanged");
  for (std::string_view part : split_glued_moves(text))
    fuzz::require(part.data() >= text.data() && part.data() + part.size() <= text.data() + text.size(),
                  "glued parts lie inside the word");
  if (!m) {
    // One line, unless it quotes a text that holds a line break.
    fuzz::require(
        !m.error().empty() && (m.error().find('\n') == std::string::npos || text.find('\n') != std::string::npos),
        "an error is one line");
    return 0;
  }
  MoveList legal;
  generate_legal(pos, legal);
  fuzz::require(legal.contains(*m), "a read move is legal");
  for (const std::string& again :
       {move_to_chinese(pos, *m), move_to_chinese(pos, *m, ChineseScript::TRADITIONAL), move_to_wxf(pos, *m)}) {
    auto back = parse_xiangqi_move(pos, again);
    fuzz::require(back.ok() && *back == *m, "Chinese and WXF round trip");
  }
  return 0;
}
