// A piece's moves as a grid around it, built from the variant's definition (the Betza atoms, the
// Lion powers, region limits): what the movement-diagram pages and the mnemonic pieces draw, and
// what the tests compare with the move generator.
#pragma once
#include <string>
#include <vector>

#include "rules/variant.h"

namespace kirin::draw {

// How a piece reaches a square of its diagram (the strongest way, when there are several).
enum class Reach : uint8_t {
  NONE,
  STEP,       // one square
  SLIDE,      // along a line, until blocked
  JUMP,       // straight there, whatever stands between
  LAME_LEAP,  // there, unless the leg square is occupied (xiangqi Horse, Elephant)
  LION_STEP,  // Lion power: a step that may be followed by a second one
  LION_JUMP,  // Lion power: a jump, or two steps
  STING,      // legacy Chu Seireigi: a step that, after a capture, may step once more
};

// A line the piece moves along; its squares in the grid are SLIDE cells (except for HOP).
struct Ray {
  enum Kind : uint8_t { SLIDE, MOVE_ONLY, HOP } kind;  // HOP: captures over one screen (Cannon)
  int dx, dy;  // unit step, from the mover's side: +dy forward, +dx the mover's right
  Region to = Region::ANYWHERE, from = Region::ANYWHERE;  // the limits of its move rule
};

struct Cell {
  Reach reach = Reach::NONE;
  bool conditional = false;    // only from some squares: see MoveDiagram::notes
  int leg_dx = 0, leg_dy = 0;  // LAME_LEAP: the square that blocks it
  // The limits of the move rule that reaches it (xiangqi's palace and river), for a board that
  // shows the moves from one square: the web's piece guide.
  Region to = Region::ANYWHERE, from = Region::ANYWHERE;
};

struct MoveDiagram {
  int radius = 3;  // the grid is (2 * radius + 1) squares wide, the piece in the middle
  std::vector<Cell> cells;
  std::vector<Ray> rays;
  std::vector<std::string> notes;  // region limits in words ("stays in the palace")
  bool royal = false;
  bool promoted = false;

  int width() const { return 2 * radius + 1; }
  // dx, dy from the piece, as in Ray.
  const Cell& at(int dx, int dy) const { return cells[(dy + radius) * width() + dx + radius]; }
  Cell& at(int dx, int dy) { return cells[(dy + radius) * width() + dx + radius]; }
  bool uses(Reach r) const;
  bool uses(Ray::Kind k) const;
};

// One legend line per kind of mark used by any of the diagrams (movement_drawing.cpp).
struct LegendEntry {
  std::string text;
  Reach reach = Reach::NONE;   // the mark to show, or
  Ray::Kind ray = Ray::SLIDE;  // a ray sample when reach is NONE
};
std::vector<LegendEntry> legend_for(const std::vector<MoveDiagram>& diagrams);

// The diagram of kind k of variant v. Radius 3 shows slides as lines; 2 fits a mnemonic.
MoveDiagram movement_diagram(const Variant& v, Kind k, int radius = 3);

}  // namespace kirin::draw
