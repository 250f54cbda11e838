// Shared by the libFuzzer targets: the three games and a check that aborts, so that a broken
// invariant is reported as a crash with the input that caused it.
#pragma once
#include <cstdio>
#include <cstdlib>

#include "rules/variant.h"

namespace kirin::fuzz {

inline const VariantPtr& variant_for(unsigned char selector) {
  static const VariantPtr games[3] = {make_variant(GameId::XIANGQI), make_variant(GameId::CHUSHOGI),
                                      make_variant(GameId::CHUSEIREIGI)};
  return games[selector % 3];
}

inline void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

}  // namespace kirin::fuzz
