#include "search/eval.h"

#include <algorithm>
#include <cstdlib>

#include "search/fitted_psq.h"
#include "search/reach.h"

namespace kirin {
namespace {

// Doubled Chebyshev distance to the board's centre, so even-sized boards need no fractions.
int centre_distance2(const Variant& v, Square s) {
  int dx = std::abs(2 * file_x(s) - (v.files() - 1));
  int dy = std::abs(2 * rank_y(s) - (v.ranks() - 1));
  return dx > dy ? dx : dy;
}

// Ranks travelled from the own edge.
int advance(const Variant& v, Color c, Square s) { return c == FIRST ? rank_y(s) : v.ranks() - 1 - rank_y(s); }

}  // namespace

Evaluator::Evaluator(const VariantPtr& v, const EvalWeights& w) : v_(v), w_(w) {
  const Variant& var = *v;
  const int n = var.kind_count();
  value_.resize(n);
  hand_value_.resize(n);
  psq_.resize(n);
  const int max_centre = (var.files() > var.ranks() ? var.files() : var.ranks()) - 1;
  const FittedTable& fitted_table = kirin::fitted_psq(var.game());
  const std::span<const FittedPsq> fitted = w.fitted_psq ? fitted_table.kinds : std::span<const FittedPsq>();
  if (!fitted.empty()) {
    full_phase_ = fitted_table.full_phase;
    endgame_shift_.resize(n);
  }
  for (Kind k = 0; k < n; ++k) {
    const int value = var.kind(k).value;
    const FittedPsq* fit = nullptr;
    for (const FittedPsq& f : fitted)
      if (var.kind(k).token == f.token) fit = &f;
    value_[k] = value;
    hand_value_[k] = value * w.hand_percent / 100;
    const int gain = var.can_promote(k) ? var.kind(var.promoted(k)).value - value : 0;
    for (int c = 0; c < 2; ++c) {
      auto& table = psq_[k][c];
      table.fill(0);
      for (int s = 0; s < MAILBOX; ++s) {
        if (!var.on_board(Square(s))) continue;
        const Square sq = Square(s);
        if (fit) {
          const int file = std::min(file_x(sq), var.files() - 1 - file_x(sq));  // the table is symmetric
          const int adv = advance(var, Color(c), sq);
          table[s] = int16_t(fit->opening[adv][file] * w.fitted_psq / 100);
          endgame_shift_[k][c][s] = int16_t((fit->endgame[adv][file] - fit->opening[adv][file]) * w.fitted_psq / 100);
          continue;
        }
        int score = value;
        if (!var.is_royal(k)) score += w.centre * value / 1000 * (max_centre - centre_distance2(var, sq)) / 2;
        const int adv = advance(var, Color(c), sq);
        if (value <= 150) score += w.pawn_advance * adv;
        if (var.game() == GameId::XIANGQI && value <= 150 && (var.region(Color(c), sq) & IN_ENEMY_HALF)) {
          // A Soldier on the last rank can only move sideways: worth less than one nearer the palace.
          score += w.crossed_soldier - (adv == var.ranks() - 1 ? w.crossed_soldier / 2 : 0);
        }
        if (gain > 0 && w.promotion_percent) {
          const int credit = gain * w.promotion_percent / 100;
          if (var.in_zone(Color(c), sq)) {
            score += credit;
          } else {
            const int ranks_out = var.rank_from_far(Color(c), sq) - var.def().zone_depth;
            score += credit * w.promotion_approach / 100 / ranks_out;
          }
        }
        table[s] = int16_t(score);
      }
    }
  }
}

int Evaluator::mobility(const Position& pos, Square s, Kind k, Color c, Square enemy_king, int& zone_hits) const {
  int count = 0, hits = 0;
  // The nine squares around the King, as offsets from one below-left of it: a bit test per square.
  constexpr int corner = delta(1, 1);
  constexpr uint64_t ring = (7ull << 0) | (7ull << STRIDE) | (7ull << 2 * STRIDE);
  auto near_king = [&](int t) {
    const unsigned d = unsigned(t - enemy_king + corner);
    return d <= unsigned(2 * corner) && (ring >> d) & 1;
  };
  const bool zone = enemy_king != NO_SQUARE && w_.king_zone;
  for_each_reach(*v_, pos, s, Variant::kc(k, c), [&](Square t, bool moves, bool attacks) {
    const Piece p = pos.at(t);
    count += (moves && p == EMPTY) || (attacks && is_enemy(p, c));
    hits += zone && attacks && near_king(t);
  });
  zone_hits += hits;
  return count;
}

int Evaluator::king_safety(const Position& pos, Color c, Square king) const {
  int shelter = 0, attackers = 0;
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      Piece p = pos.at(Square(king + delta(dx, dy)));
      if (!is_piece(p) || (dx == 0 && dy == 0)) continue;
      const bool near = dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
      if (is_own(p, c) && near) ++shelter;
      if (is_enemy(p, c) && value_[kind_of(p)] > 150) ++attackers;
    }
  return w_.king_shelter * shelter - w_.king_attack * attackers * attackers / 2;
}

int Evaluator::lion_danger(const Position& pos, Color c) const {
  const Square king = pos.royal_square(c);
  if (king == NO_SQUARE) return 0;
  int danger = 0;
  for (Square s : pos.pieces(~c)) {
    if (!v_->is_lion(kind_of(pos.at(s)))) continue;
    const int d = distance(s, king);
    danger += d <= 3 ? w_.lion_near_king : d == 4 ? w_.lion_near_king / 2 : 0;
  }
  return danger;
}

int Evaluator::side_score(const Position& pos, Color c, int& endgame_shift, int& phase) const {
  const Variant& v = *v_;
  int score = 0, mob = 0;
  Square king = NO_SQUARE;
  int majors_against = 0, guards = 0;
  int zone_hits = 0, zone_attackers = 0;
  const Square enemy_king = pos.royal_square(~c);
  for (Square s : pos.pieces(c)) {
    const Kind k = kind_of(pos.at(s));
    score += psq_[k][c][s];
    if (full_phase_) {
      endgame_shift += endgame_shift_[k][c][s];
      if (value_[k] >= PHASE_PIECE) phase += value_[k];
    }
    if (v.is_royal(k)) {
      if (king == NO_SQUARE) king = s;
      continue;
    }
    if (w_.mobility || w_.king_zone) {
      const int before = zone_hits;
      mob += mobility(pos, s, k, c, enemy_king, zone_hits);
      zone_attackers += zone_hits > before;
    }
    if (v.is_lion(k) && w_.lion_threat) {
      for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) score += w_.lion_threat * is_enemy(pos.at(Square(s + delta(dx, dy))), c);
    }
    if (v.game() == GameId::XIANGQI && (value_[k] == 200)) ++guards;
  }
  score += w_.mobility * mob / 10;
  // One piece near the King is a nuisance; several together are an attack.
  score += w_.king_zone * zone_hits * std::min(zone_attackers, 4) / 4;
  if (v.def().drops) {
    int in_hand = 0;
    for (Kind k = 0; k < v.kind_count(); ++k) {
      const int n = pos.hand(c, k);
      score += n * hand_value_[k];
      in_hand += n;
    }
    if (w_.drop_threat && in_hand && enemy_king != NO_SQUARE) {
      int empty = 0;
      for (int d : DIRS8) empty += pos.at(Square(enemy_king + d)) == EMPTY;
      score += w_.drop_threat * in_hand * empty;
    }
  }
  if (king != NO_SQUARE) score += king_safety(pos, c, king);
  if (w_.lion_near_king) score -= lion_danger(pos, c);
  if (w_.palace_guard) {
    for (Square s : pos.pieces(~c)) majors_against += value_[kind_of(pos.at(s))] >= 400;
    score += w_.palace_guard * guards * majors_against / 5;
  }
  return score;
}

int Evaluator::material_balance(const Position& pos) const {
  int balance = 0;
  for (int c = 0; c < 2; ++c) {
    const int sign = Color(c) == pos.side_to_move() ? 1 : -1;
    for (Square s : pos.pieces(Color(c))) balance += sign * value_[kind_of(pos.at(s))];
    if (v_->def().drops)
      for (Kind k = 0; k < v_->kind_count(); ++k) balance += sign * pos.hand(Color(c), k) * value_[k];
  }
  return balance;
}

Value Evaluator::evaluate(const Position& pos) const {
  const Color us = pos.side_to_move();
  int shift[2] = {0, 0}, phase = 0;
  int score = side_score(pos, us, shift[0], phase) - side_score(pos, ~us, shift[1], phase) + w_.tempo;
  // Fitted piece-square values slide from their opening to their endgame value as pieces go.
  if (full_phase_) score += (shift[0] - shift[1]) * (full_phase_ - std::min(phase, full_phase_)) / full_phase_;
  if (score > VALUE_MATE_IN_MAX - 1) score = VALUE_MATE_IN_MAX - 1;
  if (score < -VALUE_MATE_IN_MAX + 1) score = -VALUE_MATE_IN_MAX + 1;
  return score;
}

}  // namespace kirin
