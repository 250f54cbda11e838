// Every square a piece on the board reaches, for the evaluation's mobility and attack maps.
// Unlike move generation it reports squares held by its own side too (they are defended), and
// says for each square whether the piece could move there and whether it attacks it.
#pragma once
#include "rules/position.h"

namespace kirin {

// Calls f(target, moves, attacks) for each square the piece of kind k and colour c on s reaches.
// `moves`: it may step onto the square if empty; `attacks`: it would capture a piece there.
// Lion double steps and shadowed leaps (Chu Shogi's Lion Hawk) are left out: an approximation the
// evaluation can afford, not a rule.
template <class F>
void for_each_reach(const Variant& v, const Position& pos, Square s, int kc, F&& f) {
  int n;
  const Square* leaps = v.leaps(kc, s, n);
  for (int i = 0; i < n; ++i)
    if (pos.at(leaps[i]) != WALL) f(leaps[i], true, true);
  const auto* lame = v.lame_leaps(kc, s, n);
  for (int i = 0; i < n; ++i)
    if (pos.at(lame[i].second) == EMPTY && pos.at(lame[i].first) != WALL) f(lame[i].first, true, true);
  for (const SlideDir& sd : v.slides(kc)) {
    const bool moves = sd.mode != Mode::CAPTURE, attacks = sd.mode != Mode::QUIET;
    int t = s + sd.delta;
    for (; pos.at(t) == EMPTY; t += sd.delta) f(Square(t), moves, attacks);
    if (attacks && pos.at(t) != WALL) f(Square(t), false, true);
  }
  // A hopper (the Cannon) attacks only the first piece beyond its screen.
  for (int d : v.hops(kc)) {
    const Square t = pos.hop_target(s, d);
    if (pos.at(t) != WALL) f(t, false, true);
  }
}

}  // namespace kirin
