// A move as one 32-bit value: from, to, an optional middle square, flags.
#pragma once
#include <cstdint>

#include "core/types.h"

namespace kirin {

// Board move: from -> to. A Lion double move or a Falcon/Eagle hit-and-run also names the
// square of its first step (mid). Igui returns to `from` after capturing on `mid`; a pass
// returns to `from` through an empty `mid`. A drop stores the dropped kind in the `from` byte.
class Move {
 public:
  enum Flag : uint8_t { PROMOTE = 1, DROP = 2 };

  constexpr Move() = default;
  static constexpr Move normal(Square from, Square to, bool promote = false) {
    return Move(from | to << 8 | (promote ? PROMOTE : 0) << 24);
  }
  static constexpr Move double_step(Square from, Square mid, Square to) { return Move(from | to << 8 | mid << 16); }
  static constexpr Move drop(Kind k, Square to) { return Move(k | to << 8 | DROP << 24); }
  static constexpr Move none() { return Move(); }

  constexpr Square from() const { return Square(v_); }
  constexpr Square to() const { return Square(v_ >> 8); }
  constexpr Square mid() const { return Square(v_ >> 16); }
  constexpr Kind drop_kind() const { return Kind(v_); }
  constexpr bool is_drop() const { return v_ >> 24 & DROP; }
  constexpr bool is_promotion() const { return v_ >> 24 & PROMOTE; }
  constexpr bool has_mid() const { return mid() != NO_SQUARE; }
  // Returns to its own square: igui or pass (which of the two depends on what stands on mid).
  constexpr bool stays() const { return !is_drop() && from() == to(); }
  constexpr bool is_none() const { return v_ == 0; }
  constexpr uint32_t raw() const { return v_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr explicit Move(uint32_t v) : v_(v) {}
  uint32_t v_ = 0;
};

// A fixed-capacity list: no allocation while generating. Chu Seireigi with full hands can
// have a few thousand drops, hence the size.
struct MoveList {
  static constexpr int CAPACITY = 4096;
  // In a union so that a new list does not zero its 16 KB (Move() is none()): only the first
  // `count` entries are ever read. That memset was a tenth of the mate solver's time.
  union {
    Move moves[CAPACITY];
  };
  int count = 0;
  MoveList() {}
  void push(Move m) { moves[count++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + count; }
  Move* begin() { return moves; }
  Move* end() { return moves + count; }
  int size() const { return count; }
  bool contains(Move m) const {
    for (int i = 0; i < count; ++i)
      if (moves[i] == m) return true;
    return false;
  }
};

}  // namespace kirin
