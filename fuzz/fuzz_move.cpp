// libFuzzer target for the move reader. Input: one byte choosing a position, then move text.
// A bad move is an error that leaves the position as it was; a good one is a legal move that
// writes back to text naming the same move.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"

using namespace kirin;

namespace {

// Start positions and a few with Lion double moves, passes, counter-strike and hands.
const char* const kPositions[] = {
    "4k7/12/4r2+h4/3pppp5/4npi5/4PNI5/3PPP6/4+D7/12/12/12/7K4 w - 1",
    "5k6/12/3+h2+d5/2p2n1p4/4o1x5/3P2N5/5O1T4/4+D1+H5/12/2R9/12/6K5 b 8e 1",
    "l4k5l/12/2r6b2/3pppppp3/4ig1n4/5p6/4N1I5/3P1PG5/3PPPPPP3/2B6R2/12/L5K4L b - 1",
    "4k7/12/12/12/5p6/12/12/12/12/12/12/7K4 b 2P3G 1",
};

Position& position_for(unsigned char selector) {
  static std::vector<Position> positions = [] {
    std::vector<Position> out;
    for (int g = 0; g < 3; ++g) out.push_back(start_position(fuzz::variant_for(g)));
    for (int i = 0; i < 3; ++i) out.push_back(*parse_fen(fuzz::variant_for(1), kPositions[i]));
    out.push_back(*parse_fen(fuzz::variant_for(2), kPositions[3]));
    return out;
  }();
  return positions[selector % positions.size()];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  Position& pos = position_for(data[0]);
  const std::string text = fuzz::text_after_selector(data, size);
  const std::string fen = to_fen(pos);
  const auto key = pos.key();
  auto m = parse_move(pos, text);
  fuzz::require(to_fen(pos) == fen && pos.key() == key, "parse_move leaves the position unchanged");
  if (!m) {
    fuzz::require(!m.error().empty(), "an error has a message");
    fuzz::require(m.error().find('\n') == std::string::npos, "an error is one line");
    return 0;
  }
  MoveList legal;
  generate_legal(pos, legal);
  // Kirin lists one canonical pass per position; any piece that can pass may name it.
  auto is_pass = [&](Move x) { return x.stays() && x.has_mid() && pos.at(x.mid()) == EMPTY; };
  bool listed = legal.contains(*m);
  for (Move x : legal) listed |= is_pass(x) && is_pass(*m);
  fuzz::require(listed, "a parsed move is legal");
  auto again = parse_move(pos, move_to_text(pos, *m));
  fuzz::require(again.ok() && *again == *m, "move text round trip");
  pos.do_move(*m);
  pos.undo_move();
  fuzz::require(to_fen(pos) == fen && pos.key() == key, "do/undo restores the position");
  return 0;
}
