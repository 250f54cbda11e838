// Static evaluation for all three games from one framework: material (with promotion potential
// and pieces in hand), piece-square terms, mobility, King safety, Lion and drop threats.
// What each term is worth comes from the game's EvalWeights table; where a game has a fitted
// piece-square table (search/fitted_psq.h), it gives material and squares, blended by phase.
#pragma once
#include <array>
#include <cstdlib>
#include <vector>

#include "core/score.h"
#include "nnue/network.h"
#include "rules/position.h"
#include "search/eval_weights.h"

namespace kirin {

class Evaluator {
 public:
  Evaluator(const VariantPtr& v, const EvalWeights& w);
  // From the side to move's point of view.
  Value evaluate(const Position& pos) const;
  // Material plus piece-square value of a piece standing on s (for move ordering).
  int piece_value(Kind k) const { return value_[k]; }
  const EvalWeights& weights() const { return w_; }
  // Whether a lead in material of net_handoff or more puts this position in these terms' hands.
  bool takes_over_from_net(const Position& pos) const {
    return w_.net_handoff && std::abs(material_balance(pos)) >= w_.net_handoff;
  }
  // What the net's value misses, from the side to move's point of view: enemy Lions near a King.
  int net_extra(const Position& pos) const {
    return w_.lion_near_king ? lion_danger(pos, ~pos.side_to_move()) - lion_danger(pos, pos.side_to_move()) : 0;
  }
  // Piece values on the board and in hand, the side to move's minus the other's.
  int material_balance(const Position& pos) const;
  // A net for this game replaces evaluate() in the search (search/search.h keeps its
  // accumulators); piece values for move ordering still come from here.
  void set_net(nnue::NetworkPtr net) { net_ = std::move(net); }
  const nnue::Network* net() const { return net_.get(); }

 private:
  // Adds c's fitted endgame corrections to `endgame_shift` and its phase material to `phase`.
  int side_score(const Position& pos, Color c, int& endgame_shift, int& phase) const;
  // Squares the piece can move to; `zone_hits` counts those it attacks next to (or on) `enemy_king`.
  int mobility(const Position& pos, Square s, Kind k, Color c, Square enemy_king, int& zone_hits) const;
  int king_safety(const Position& pos, Color c, Square king) const;
  // What the enemy Lions near c's King threaten it with (lion_near_king).
  int lion_danger(const Position& pos, Color c) const;

  VariantPtr v_;
  EvalWeights w_;
  std::vector<int> value_;                                        // material per kind
  std::vector<int> hand_value_;                                   // per kind, in hand
  std::vector<std::array<std::array<int16_t, MAILBOX>, 2>> psq_;  // [kind][colour][square]
  // With a fitted table: endgame minus opening value, per square; and the phase at the start.
  std::vector<std::array<std::array<int16_t, MAILBOX>, 2>> endgame_shift_;
  int full_phase_ = 0;
  nnue::NetworkPtr net_;
};

}  // namespace kirin
