// Board geometry, colours and the piece byte shared by all three games.
#pragma once
#include <cstdint>

namespace kirin {

// Side 0 is the side at the bottom of the standard diagram, which moves first in the standard
// start position: Black (sente) in the shogi games, Red in xiangqi. Side 1 is White / Black.
enum Color : uint8_t { FIRST = 0, SECOND = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Every board lives in one 16x16 mailbox with a two-square wall, wide enough for the
// distance-2 jumps of Lions and Swallows: no compile-time board size, one layout for all games.
using Square = uint8_t;
constexpr int STRIDE = 16;
constexpr int BORDER = 2;
constexpr int MAILBOX = 256;
constexpr int MAX_FILES = 12;
constexpr int MAX_RANKS = 12;
constexpr Square NO_SQUARE = 0;  // a wall square: never a real square

// x counts files from the first side's left, y counts ranks from the first side's edge.
constexpr Square make_square(int x, int y) { return Square((y + BORDER) * STRIDE + x + BORDER); }
constexpr int file_x(Square s) { return (s & 15) - BORDER; }
constexpr int rank_y(Square s) { return (s >> 4) - BORDER; }
constexpr int delta(int dx, int dy) { return dx + dy * STRIDE; }

// Chebyshev distance between two squares.
constexpr int distance(Square a, Square b) {
  int dx = file_x(a) - file_x(b), dy = rank_y(a) - rank_y(b);
  dx = dx < 0 ? -dx : dx;
  dy = dy < 0 ? -dy : dy;
  return dx > dy ? dx : dy;
}

// A board cell. Low six bits: the piece kind (an index into the variant's catalogue).
// Bit 6: owned by FIRST, bit 7: owned by SECOND. A wall has both colour bits, so one mask
// test answers "may I move there" (no own bit) and one compare answers "is it an enemy".
using Piece = uint8_t;
using Kind = uint8_t;
constexpr Piece EMPTY = 0;
constexpr Piece WALL = 0xFF;
constexpr int MAX_KINDS = 63;
constexpr Kind NO_KIND = 0xFF;
constexpr Piece color_bit(Color c) { return Piece(0x40 << c); }
constexpr Piece make_piece(Kind k, Color c) { return Piece(k | color_bit(c)); }
constexpr Kind kind_of(Piece p) { return Kind(p & 0x3F); }
constexpr Color color_of(Piece p) { return Color(p >> 7); }
constexpr bool is_piece(Piece p) { return p != EMPTY && p != WALL; }
constexpr bool is_enemy(Piece p, Color us) { return (p & 0xC0) == color_bit(~us); }
constexpr bool is_own(Piece p, Color us) { return (p & 0xC0) == color_bit(us); }
// Empty or enemy: a square a piece of `us` may step onto.
constexpr bool is_open(Piece p, Color us) { return !(p & color_bit(us)); }

}  // namespace kirin
