// A board diagram for terminals: coordinates on the edges, both hands, pieces as SFEN/FEN
// letters or kanji, the last move marked.
#pragma once
#include <string>

#include "core/move.h"
#include "rules/position.h"

namespace kirin {

struct DiagramStyle {
  bool kanji = false;        // letters: SFEN/FEN tokens, upper case for the first side
  bool flipped = false;      // seen from the second side
  Move last = Move::none();  // squares of this move are bracketed
};

std::string draw_diagram(const Position& pos, const DiagramStyle& style = {});

// "P2 G" or "-": a side's pieces in hand, in the variant's hand order.
std::string hand_text(const Position& pos, Color c, bool kanji = false);

}  // namespace kirin
