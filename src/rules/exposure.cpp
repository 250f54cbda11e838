#include "rules/exposure.h"

namespace kirin {
namespace {

Exposure checked() {
  Exposure e;
  e.check = true;
  return e;
}

}  // namespace

// Each ray from the royal piece as Position::attacked walks it from the target: its first three
// pieces decide what a move can uncover. An enemy slider first or Cannon second is a check (so is
// the other General first on the file), and so is a leaper whose leg is free.
Exposure Exposure::of(const Position& pos) {
  Exposure e;
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move(), them = ~us;
  const Square k = pos.royal_square(us);
  if (k == NO_SQUARE) return e;
  const Piece enemy = color_bit(them);
  const Kind royal_kind = kind_of(pos.at(k));
  for (int i = 0; i < 8; ++i) {
    const int d = DIRS8[i];
    const int toward = (i + 4) & 7;  // the attacker's direction of movement
    const uint64_t sliders = v.slide_attackers(them, toward), hoppers = v.hop_attackers(them, toward);
    // The flying General: the other royal piece on the file is a slider too.
    const bool flying = v.def().flying_general && (i == 0 || i == 4);
    if (!sliders && !hoppers && !flying) continue;
    auto slides = [&](Piece p) {
      return (p & 0xC0) == enemy && ((sliders >> kind_of(p) & 1) || (flying && kind_of(p) == royal_kind));
    };
    auto hops = [&](Piece p) { return (p & 0xC0) == enemy && (hoppers >> kind_of(p) & 1); };
    int s = k + d;
    while (pos.at(Square(s)) == EMPTY) s += d;
    const Square first = Square(s);
    if (pos.at(first) == WALL) continue;
    if (slides(pos.at(first))) return checked();
    if (hops(pos.at(first)))  // a new piece anywhere between would be its screen
      for (int t = k + d; t != first; t += d) e.entering.set(size_t(t));
    for (s += d; pos.at(Square(s)) == EMPTY; s += d) {
    }
    const Square second = Square(s);
    if (pos.at(second) == WALL) continue;
    if (hops(pos.at(second))) return checked();
    if (slides(pos.at(second))) e.leaving.set(first);
    for (s += d; pos.at(Square(s)) == EMPTY; s += d) {
    }
    if (pos.at(Square(s)) != WALL && hops(pos.at(Square(s)))) {
      e.leaving.set(first);
      e.leaving.set(second);
    }
  }
  int n;
  const Variant::LeapAttacker* la = v.leap_attackers(them, k, n);
  for (int i = 0; i < n; ++i) {
    const Piece p = pos.at(la[i].from);
    if ((p & 0xC0) != enemy || !(la[i].kinds >> kind_of(p) & 1)) continue;
    if (la[i].leg == NO_SQUARE || pos.at(la[i].leg) == EMPTY) return checked();
    e.leaving.set(la[i].leg);
  }
  return e;
}

}  // namespace kirin
