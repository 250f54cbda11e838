// libFuzzer target for the record readers and the encoding detector (game/record.h,
// game/record_encoding.h). Input: one byte choosing the game, then a record file's bytes. A bad
// file is a one-line error; a good one is a game whose USI record (and for xiangqi its Chinese
// and DhtmlXQ records) reads back with the same moves.
#include <cstdint>
#include <string>

#include "fuzz_common.h"
#include "game/record.h"
#include "game/record_encoding.h"

using namespace kirin;

namespace {

void same_moves(const Game& g, RecordFormat f) {
  auto back = read_record(g.variant_ptr(), write_record(g, f), f);
  fuzz::require(back.ok() && back->moves() == g.moves(), "a written record reads back with the same moves");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const VariantPtr& v = fuzz::variant_for(data[0]);
  auto text = decode_record_bytes(fuzz::text_after_selector(data, size));
  if (!text) {
    fuzz::require(text.error().find('\n') == std::string::npos, "an encoding error is one line");
    return 0;
  }
  auto g = read_record(v, *text);
  if (!g) {
    fuzz::require(!g.error().empty(), "an error has a message");
    return 0;
  }
  same_moves(*g, RecordFormat::USI);
  if (v->game() == GameId::XIANGQI) {
    same_moves(*g, RecordFormat::CHINESE);
    same_moves(*g, RecordFormat::DHTMLXQ);
  }
  return 0;
}
