// The evaluation's weights: one table per game, all in one place so self-play can tune them.
// Piece values themselves live in the rules catalogue (PieceKind::value); these scale them.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "rules/variant.h"

namespace kirin {

struct EvalWeights {
  int hand_percent = 0;        // a piece in hand, as % of its value on the board
  int promotion_percent = 0;   // % of the promotion gain credited to an unpromoted piece in the zone
  int promotion_approach = 0;  // % of that credit given one rank before the zone, fading further out
  int fitted_psq = 0;          // % of the fitted piece-square table (material included); 0 = built from the terms below
  int centre = 0;              // per step nearer the centre, for a piece worth 1000 (scales by value)
  int pawn_advance = 0;        // per rank advanced, for pieces worth at most a Pawn and a half
  int crossed_soldier = 0;     // xiangqi: a Soldier over the river
  int mobility = 0;            // per square a piece can move to, in 1/10 cp
  int king_shelter = 0;        // per own piece next to the King
  int king_attack = 0;         // per enemy piece within two squares of the King
  int king_zone = 0;           // per square next to the enemy King a piece reaches, scaled by attackers
  int palace_guard = 0;        // xiangqi: per Advisor and Elephant left
  int lion_threat = 0;         // per enemy piece within a Lion's double-step reach
  int lion_near_king = 0;      // per enemy Lion within 3 squares of the King (half at 4); also on a net
  int drop_threat = 0;         // per piece in hand, per empty square next to the enemy King
  int tempo = 0;               // the side to move
  // With a net: from this material lead on (cp, board and hand), these terms value the position
  // instead (0: never). Self-play adjudicates such positions, so a net has seen few of them.
  int net_handoff = 0;
};

// The table of a game.
const EvalWeights& default_weights(GameId g);

// For tuning from the command line or a protocol option: "mobility=12".
struct WeightField {
  const char* name;
  int EvalWeights::*field;
};
const std::vector<WeightField>& weight_fields();
// Applies "name=value"; an unknown name or a bad number is an error naming it.
Result<void> set_weight(EvalWeights& w, std::string_view name_value);

}  // namespace kirin
