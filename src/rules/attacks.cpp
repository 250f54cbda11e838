// Is a square attacked: reverse move tables for leapers, one scan per direction for sliders
// and hoppers. Lion powers add no attacked squares beyond their steps and jumps.
#include <utility>

#include "rules/position.h"

namespace kirin {

bool Position::attacked(Square t, Color by) const {
  const Variant& v = *v_;
  const Piece by_bit = color_bit(by);
  int n;
  const Variant::LeapAttacker* la = v.leap_attackers(by, t, n);
  for (int i = 0; i < n; ++i) {
    Piece p = board_[la[i].from];
    if ((p & 0xC0) == by_bit && (la[i].kinds >> kind_of(p) & 1) &&
        (la[i].leg == NO_SQUARE || board_[la[i].leg] == EMPTY))
      return true;
  }
  for (int i : v.ray_dirs(by)) {
    const int d = DIRS8[i];
    const int toward = (i + 4) & 7;  // the attacker's direction of movement
    int s = t + d;
    while (board_[s] == EMPTY) s += d;
    Piece p = board_[s];
    if (p == WALL) continue;
    if ((p & 0xC0) == by_bit && (v.slide_attackers(by, toward) >> kind_of(p) & 1)) return true;
    if (uint64_t hoppers = v.hop_attackers(by, toward)) {
      s += d;
      while (board_[s] == EMPTY) s += d;
      Piece q = board_[s];
      if ((q & 0xC0) == by_bit && (hoppers >> kind_of(q) & 1)) return true;
    }
  }
  return false;
}

bool Position::generals_face() const {
  Square a = royal_[FIRST], b = royal_[SECOND];
  if (a == NO_SQUARE || b == NO_SQUARE || file_x(a) != file_x(b)) return false;
  if (a > b) std::swap(a, b);
  for (int s = a + STRIDE; s != b; s += STRIDE)
    if (board_[s] != EMPTY) return false;
  return true;
}

bool Position::royal_attacked(Color c) const {
  const Variant& v = *v_;
  if (v.def().single_royal) {
    Square k = royal_[c];
    return k != NO_SQUARE && (attacked(k, ~c) || (v.def().flying_general && generals_face()));
  }
  for (Square s : list_[c])
    if (v.is_royal(kind_of(board_[s])) && attacked(s, ~c)) return true;
  return false;
}

}  // namespace kirin
