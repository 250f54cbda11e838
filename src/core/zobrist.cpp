#include "core/zobrist.h"

#include <memory>

namespace kirin {
namespace {

// xorshift64*: small, fast and good enough for hashing keys.
struct Prng {
  uint64_t s;
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
};

std::unique_ptr<Zobrist> build() {
  auto z = std::make_unique<Zobrist>();
  Prng rng{1070372};
  for (auto& k : z->piece)
    for (auto& c : k)
      for (auto& v : c) v = rng.next();
  for (auto& c : z->hand)
    for (auto& k : c) {
      k[0] = 0;  // an empty hand adds nothing, so hands do not disturb the keys of games without drops
      for (int n = 1; n < Zobrist::MAX_HAND; ++n) k[n] = rng.next();
    }
  z->counter_strike[NO_SQUARE] = 0;
  for (int s = 1; s < MAILBOX; ++s) z->counter_strike[s] = rng.next();
  z->side = rng.next();
  return z;
}

}  // namespace

const Zobrist& zobrist() {
  static const std::unique_ptr<Zobrist> table = build();
  return *table;
}

}  // namespace kirin
