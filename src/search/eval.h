// Static evaluation for all three games from one framework: material (with promotion potential
// and pieces in hand), piece-square terms, mobility, King safety, Lion and drop threats.
// What each term is worth comes from the game's EvalWeights table.
#pragma once
#include <array>
#include <vector>

#include "rules/position.h"
#include "search/eval_weights.h"
#include "search/score.h"

namespace kirin {

class Evaluator {
 public:
  Evaluator(const VariantPtr& v, const EvalWeights& w);
  // From the side to move's point of view.
  Value evaluate(const Position& pos) const;
  // Material plus piece-square value of a piece standing on s (for move ordering).
  int piece_value(Kind k) const { return value_[k]; }
  const EvalWeights& weights() const { return w_; }

 private:
  int side_score(const Position& pos, Color c) const;
  // Squares the piece can move to; `zone_hits` counts those it attacks next to (or on) `enemy_king`.
  int mobility(const Position& pos, Square s, Kind k, Color c, Square enemy_king, int& zone_hits) const;
  int king_safety(const Position& pos, Color c, Square king) const;

  VariantPtr v_;
  EvalWeights w_;
  std::vector<int> value_;       // material per kind
  std::vector<int> hand_value_;  // per kind, in hand
  std::vector<std::array<std::array<int16_t, MAILBOX>, 2>> psq_;  // [kind][colour][square]
};

}  // namespace kirin
