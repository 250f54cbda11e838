// Positions for the differential tests: random games from fixed setups with a fixed seed, so
// every machine compares the same positions. The games prefer captures, which brings pieces
// (and Lions) into contact within a few dozen plies.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "notation/move_text.h"
#include "rules/movegen.h"
#include "rules/position.h"

namespace kirin::testing_support {

// splitmix64: the same numbers on every platform, unlike the standard distributions.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return int(next() % uint64_t(n)); }

 private:
  uint64_t s_;
};

inline bool has_royal(const Position& pos, Color c) {
  for (Square s : pos.pieces(c))
    if (pos.variant().is_royal(kind_of(pos.at(s)))) return true;
  return false;
}

inline bool captures(const Position& pos, Move m) {
  if (m.is_drop()) return false;
  const Color us = pos.side_to_move();
  return is_enemy(pos.at(m.to()), us) || (m.has_mid() && is_enemy(pos.at(m.mid()), us));
}

// Plays up to `plies` random moves from `pos`, calling visit(pos, line) on every position
// reached (not the setup itself); `line` is the moves so far, space-separated. A game ends early
// when the side to move has no move or a move took the last royal piece of a side (that
// position, which no SFEN reader accepts, is not visited).
inline void random_playout(Position pos, Rng& rng, int plies,
                           const std::function<void(Position&, const std::string&)>& visit) {
  std::string line;
  for (int ply = 0; ply < plies; ++ply) {
    MoveList legal, taking;
    generate_legal(pos, legal);
    if (legal.size() == 0) return;
    for (Move m : legal)
      if (captures(pos, m)) taking.push(m);
    const MoveList& from = taking.size() && rng.below(2) ? taking : legal;
    Move m = from.moves[rng.below(from.size())];
    line += (line.empty() ? "" : " ") + move_to_text(pos, m);
    pos.do_move(m);
    if (!has_royal(pos, FIRST) || !has_royal(pos, SECOND)) return;
    visit(pos, line);
  }
}

}  // namespace kirin::testing_support
