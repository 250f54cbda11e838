// libFuzzer target for the FEN/SFEN reader. Input: one byte choosing the game, then the text.
// Whatever the text, parse_fen returns a position or an error; a position it accepts writes
// back to a FEN that reads to the same position, and every legal move can be played and undone.
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "notation/fen.h"
#include "rules/movegen.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const VariantPtr& v = fuzz::variant_for(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto pos = parse_fen(v, text);
  if (!pos) {
    fuzz::require(!pos.error().empty(), "an error has a message");
    fuzz::require(pos.error().find('\n') == std::string::npos, "an error is one line");
    return 0;
  }
  const std::string fen = to_fen(*pos);
  auto again = parse_fen(v, fen);
  fuzz::require(again.ok(), "to_fen of an accepted position is accepted");
  fuzz::require(to_fen(*again) == fen, "FEN round trip");
  fuzz::require(again->key() == pos->key(), "key round trip");
  MoveList list;
  generate_legal(*pos, list);
  for (Move m : list) {
    pos->do_move(m);
    pos->undo_move();
  }
  fuzz::require(to_fen(*pos) == fen && pos->key() == again->key(), "do/undo restores the position");
  return 0;
}
