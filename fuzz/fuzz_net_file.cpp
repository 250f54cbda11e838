// libFuzzer target for the net file reader (nnue/network.h). Whatever the bytes, each game's
// reader accepts a net or refuses it with a one-line error; a net it accepts writes itself out
// as bytes that read back to the same net, with a transformer shift of at most MAX_FT_SHIFT.
#include <cstdint>
#include <string>

#include "fuzz_common.h"
#include "nnue/network.h"
#include "rules/variant.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // Made once: building a variant costs far more than reading a header.
  static const VariantPtr variants[] = {make_variant(GameId::XIANGQI), make_variant(GameId::CHUSHOGI),
                                        make_variant(GameId::CHUSEIREIGI)};
  for (const VariantPtr& v : variants) {
    auto net = nnue::Network::parse(bytes, *v);
    if (!net.ok()) {
      fuzz::require(!net.error().empty() && net.error().find('\n') == std::string::npos, "an error is one line");
      continue;
    }
    fuzz::require((*net)->ft_shift() <= nnue::MAX_FT_SHIFT, "the shift is in range");
    const std::string again = (*net)->to_bytes();
    auto back = nnue::Network::parse(again, *v);
    fuzz::require(back.ok(), "a net's own bytes read back");
    fuzz::require((*back)->to_bytes() == again, "and write out the same");
  }
  return 0;
}
