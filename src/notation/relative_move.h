// Relative xiangqi moves, the common ground of WXF (C2=5) and Chinese notation (炮二平五): a
// piece named by its kind and the file it stands on, counted from its own side's right (1-9),
// or, when like pieces stand on one file, by its place among them (front, rear, middle, the
// n-th from the front); then forward (+), backward (-) or sideways (=), and the new file
// (sideways moves, and the diagonal movers Advisor, Elephant and Horse) or the ranks moved.
// A text is read into a MoveSpec (what it names) and matched against the legal moves.
#pragma once
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "rules/position.h"

namespace kirin {

// What a legal move is, in relative terms.
struct MoveFacts {
  char piece = 0;             // K A E H R C P
  int file = 0;               // 1-9 from the mover's right
  int index = 0;              // among the like pieces on that file, 0 = the foremost
  int count = 1;              // how many like pieces stand on that file
  bool other_tandem = false;  // another file also holds two or more of them (Soldiers)
  char dir = '=';             // '+', '-', '='
  int n = 0;                  // the new file, or the ranks moved
};
MoveFacts move_facts(const Position& pos, Move m);
// The file of square s, 1-9 from colour c's right.
int relative_file(const Variant& v, Color c, Square s);

enum class Order : uint8_t {
  ANY,        // not named
  FRONT,      // the foremost (前, WXF "++" and "3+")
  REAR,       // the rearmost (后)
  MIDDLE,     // the middle one of three or five (中)
  NTH,        // the nth from the front (一二三四五)
  WXF_PLUS,   // WXF "P+": the front one of two or three, the second of four or five
  WXF_MINUS,  // WXF "P-": the rear one of two or three, the second rearmost of four or five
};

struct MoveSpec {
  char piece = 0;  // K A E H R C P; 0 = any
  int file = 0;    // 0 = any
  Order order = Order::ANY;
  int nth = 0;  // for Order::NTH, from 1
  char dir = 0;
  int n = 0;
};

// The legal moves that fit the spec. A piece named only by its file when like pieces share that
// file is, if that leaves one move, the one a writer would name so: the middle one of three or
// five (WXF P3=4), or one alone on its file.
std::vector<Move> moves_fitting(Position& pos, const MoveSpec& spec);

}  // namespace kirin
