// Shared by the libFuzzer targets: the three games and a check that aborts, so that a broken
// invariant is reported as a crash with the input that caused it.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

#include "rules/variant.h"

namespace kirin::fuzz {

inline const VariantPtr& variant_for(unsigned char selector) {
  static const VariantPtr games[3] = {make_variant(GameId::XIANGQI), make_variant(GameId::CHUSHOGI),
                                      make_variant(GameId::CHUSEIREIGI)};
  return games[selector % 3];
}

// The targets' inputs: a first byte choosing the game or position, then text.
inline std::string text_after_selector(const unsigned char* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data + 1), size - 1);
}

inline void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

}  // namespace kirin::fuzz
