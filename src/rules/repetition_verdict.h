// Who loses a repetition, as ../shared/rules say (xiangqi.md section 6, chu_seireigi.md 5.4),
// given the facts of its cycle. One table for the referee (game/game.cpp) and the search
// (search/repetition.cpp), which gather those facts in their own ways.
// Chu Shogi is not here: its fourth occurrence is a forbidden move, not an ending.
#pragma once
#include <array>

#include "rules/ending.h"
#include "rules/position.h"
#include "rules/variant.h"

namespace kirin {

// How many occurrences end the game (or forbid the move): 3 in xiangqi, 4 in the shogi games.
int repetition_count(GameId g);

struct RepetitionVerdict {
  bool draw = true;
  Color loser = FIRST;  // when !draw
  Ending ending = Ending::NONE;
  std::string_view reason() const { return words_of(ending); }
};

// `perpetual_check[c]`: colour c gave check with every one of its moves in the cycle. Perpetual
// check loses; mutual perpetual check draws. Otherwise, in xiangqi and with `pos` (standing after
// the cycle's last move, able to undo its `cycle_plies` plies), a perpetual chase loses. Anything
// else is a plain repetition: a draw.
RepetitionVerdict judge_cycle(GameId g, std::array<bool, 2> perpetual_check, const Position* pos, int cycle_plies);

}  // namespace kirin
