// The node search: PVS with a transposition table, null move, late-move reductions, killer and
// history ordering, check extensions, quiescence on captures and mate-distance scoring.
#include "search/search.h"

#include <cmath>

#include "rules/exposure.h"
#include "rules/movegen.h"
#include "search/search_internal.h"

namespace kirin {
namespace {

// Late-move reduction in plies by depth and move number (computed once, then read-only).
int reduction(int depth, int move_number) {
  static const auto table = [] {
    std::array<std::array<int8_t, 64>, 64> t{};
    for (int d = 1; d < 64; ++d)
      for (int m = 1; m < 64; ++m) t[d][m] = int8_t(0.5 + std::log(d) * std::log(m) / 2.25);
    return t;
  }();
  return table[depth < 63 ? depth : 63][move_number < 63 ? move_number : 63];
}

constexpr int HISTORY_MAX = 1 << 14;
constexpr int SCORE_TT = 1 << 30, SCORE_CAPTURE = 1 << 24, SCORE_PROMOTION = 1 << 23, SCORE_KILLER = 1 << 22,
              SCORE_BAD_CAPTURE = 1 << 18;

}  // namespace

bool Searcher::is_capture(Move m) const {
  if (m.is_drop()) return false;
  const Color us = pos_.side_to_move();
  return is_enemy(pos_.at(m.to()), us) || (m.has_mid() && is_enemy(pos_.at(m.mid()), us));
}

int Searcher::capture_gain(Move m) const {
  const Color us = pos_.side_to_move();
  int gain = 0;
  if (is_enemy(pos_.at(m.to()), us)) gain += eval_.piece_value(kind_of(pos_.at(m.to())));
  if (m.has_mid() && is_enemy(pos_.at(m.mid()), us)) gain += eval_.piece_value(kind_of(pos_.at(m.mid())));
  if (is_enemy(pos_.at(m.to()), us) && pos_.variant().is_royal(kind_of(pos_.at(m.to())))) gain += VALUE_MATE;
  return gain;
}

// Chu Shogi ends when a side has no royal left (moving into check is legal there).
bool Searcher::royal_lost() const {
  if (game_ != GameId::CHUSHOGI) return false;
  const StateInfo& st = pos_.state();
  const Variant& v = pos_.variant();
  const bool took_royal = (is_piece(st.captured) && v.is_royal(kind_of(st.captured))) ||
                          (is_piece(st.captured_mid) && v.is_royal(kind_of(st.captured_mid)));
  if (!took_royal) return false;
  for (Square s : pos_.pieces(pos_.side_to_move()))
    if (v.is_royal(kind_of(pos_.at(s)))) return false;
  return true;
}

bool Searcher::has_pieces_to_null(Color c) const {
  const Variant& v = pos_.variant();
  for (Square s : pos_.pieces(c)) {
    Kind k = kind_of(pos_.at(s));
    if (!v.is_royal(k) && eval_.piece_value(k) > 150) return true;
  }
  return false;
}

int& Searcher::history(Move m) {
  const Kind k = m.is_drop() ? m.drop_kind() : kind_of(pos_.at(m.from()));
  return history_[(pos_.side_to_move() * 64 + k) * MAILBOX + m.to()];
}

Move* Searcher::counter_move(int ply) {
  if (ply < 1 || frames_[ply - 1].move.is_none()) return nullptr;
  const Square to = frames_[ply - 1].move.to();
  return &counter_moves_[pos_.at(to) * MAILBOX + to];
}

void Searcher::play(Move m) {
  pos_.do_move(m);
  tt_.prefetch(pos_.key());
  if (nnue_) nnue_->push(pos_);
  line_.push_back({pos_.key(), pos_.in_check(), false, pos_.quiet_plies()});
}

void Searcher::unplay() {
  pos_.undo_move();
  if (nnue_) nnue_->pop();
  line_.pop_back();
}

void Searcher::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_len_[ply] = pv_len_[ply + 1] > ply + 1 ? pv_len_[ply + 1] : ply + 1;
}

void Searcher::score_moves(PlyMoves& pm, Move tt_move, int ply) {
  const Variant& v = pos_.variant();
  const Color us = pos_.side_to_move();
  const Move* cm = counter_move(ply);
  const Move counter = cm ? *cm : Move::none();
  for (int i = 0; i < pm.list.count; ++i) {
    const Move m = pm.list.moves[i];
    int& s = pm.score[i];
    if (m == tt_move) {
      s = SCORE_TT;
      continue;
    }
    const Kind mover = m.is_drop() ? m.drop_kind() : kind_of(pos_.at(m.from()));
    const int promo_gain = m.is_promotion() ? eval_.piece_value(v.promoted(mover)) - eval_.piece_value(mover) : 0;
    if (is_capture(m)) {
      const int victim = std::min(capture_gain(m), 10000);
      const int attacker = v.is_royal(mover) ? 0 : eval_.piece_value(mover);
      if (victim < attacker && pos_.attacked(m.to(), ~us))
        s = SCORE_BAD_CAPTURE + victim - attacker;
      else
        s = SCORE_CAPTURE + victim * 8 - attacker / 8 + promo_gain;
    } else if (promo_gain > 0) {
      s = SCORE_PROMOTION + promo_gain;
    } else if (!settings_.history) {
      s = 0;
    } else if (m == frames_[ply].killers[0]) {
      s = SCORE_KILLER;
    } else if (m == frames_[ply].killers[1]) {
      s = SCORE_KILLER - 1;
    } else if (m == counter) {
      s = SCORE_KILLER - 2;
    } else {
      s = history(m);
    }
  }
}

// Selection sort, one step: moves are picked best first and most nodes cut off early.
Move Searcher::pick(PlyMoves& pm, int i) {
  int best = i;
  for (int j = i + 1; j < pm.list.count; ++j)
    if (pm.score[j] > pm.score[best]) best = j;
  std::swap(pm.list.moves[i], pm.list.moves[best]);
  std::swap(pm.score[i], pm.score[best]);
  return pm.list.moves[i];
}

bool Searcher::should_abort() {
  if (aborted_) return true;
  if (limits_.nodes && all_nodes() >= limits_.nodes) return aborted_ = true;
  if ((nodes_ & 1023) != 0) return false;
  if (thread_ > 0) {  // a helper: no clock, no host to yield to
    if (nodes_) control_.helper_nodes.fetch_add(1024, std::memory_order_relaxed);
    return aborted_ =
               control_.helpers_stop.load(std::memory_order_relaxed) || control_.stop.load(std::memory_order_relaxed);
  }
  if (control_.yield) control_.yield(false);
  if (control_.stop.load(std::memory_order_relaxed)) return aborted_ = true;
  if (pondering_ && !control_.pondering.load()) {  // ponderhit: the clock starts now
    pondering_ = false;
    start_ = std::chrono::steady_clock::now();
  }
  if (!pondering_ && budget_.maximum && elapsed_ms() >= budget_.maximum) return aborted_ = true;
  return false;
}

Value Searcher::search(Value alpha, Value beta, int depth, int ply, bool pv_node) {
  if (depth <= 0) return qsearch(alpha, beta, ply, 0);
  pv_len_[ply] = ply;
  if (should_abort()) return 0;
  ++nodes_;
  if (ply > seldepth_) seldepth_ = ply;
  if (royal_lost()) return mated_in(ply);
  switch (judge_repetition(game_, line_, root_index_, &pos_)) {
    case Repetition::NONE:
      break;
    case Repetition::DRAW:
      return VALUE_ZERO;
    case Repetition::WIN:
      return mate_in(ply);
    case Repetition::LOSS:
      return mated_in(ply);
  }
  if (ply >= MAX_PLY - 2) return evaluate();
  // Mate-distance pruning: no line from here can beat a mate already found nearer the root.
  alpha = std::max(alpha, mated_in(ply));
  beta = std::min(beta, mate_in(ply + 1));
  if (alpha >= beta) return alpha;

  const Key key = pos_.key();
  const Move excluded = frames_[ply].excluded;
  const TTEntry* tte = tt_.probe(key);
  const Move tt_move = tte ? tte->move : Move::none();
  if (tte && !pv_node && excluded.is_none() && tte->depth >= depth) {
    const Value tv = value_from_tt(tte->value, ply);
    if ((tte->bound == BOUND_EXACT) || (tte->bound == BOUND_LOWER && tv >= beta) ||
        (tte->bound == BOUND_UPPER && tv <= alpha))
      return tv;
  }
  const bool in_check = line_.back().checked;
  const Value static_eval = in_check ? VALUE_NONE : tte ? Value(tte->eval) : evaluate();
  frames_[ply].static_eval = static_eval;
  // Better than two plies ago: the side to move is making progress, so prune its quiet moves less.
  const bool improving = static_eval != VALUE_NONE && ply >= 2 &&
                         (frames_[ply - 2].static_eval == VALUE_NONE || static_eval > frames_[ply - 2].static_eval);

  if (!pv_node && !in_check && excluded.is_none() && std::abs(beta) < VALUE_MATE_IN_MAX) {
    // Reverse futility: far above beta near the leaves, assume it holds.
    if (settings_.futility && depth <= 3 && static_eval - 150 * depth >= beta) return static_eval;
    // Razoring: hopelessly below alpha near the leaves; if captures cannot save it, give up.
    if (razoring_ && depth <= 3 && static_eval + 200 + 200 * depth <= alpha) {
      const Value v = qsearch(alpha, alpha + 1, ply, 0);
      if (v <= alpha) return v;
    }
    // Null move: if passing still fails high, a real move will too.
    if (null_move_ && depth >= 3 && static_eval >= beta && !frames_[ply - 1].move.is_none() &&
        has_pieces_to_null(pos_.side_to_move())) {
      const int r = 3 + depth / 4 + std::min(int(static_eval - beta) / 200, 3);
      pos_.do_null_move();
      line_.push_back({pos_.key(), false, true, pos_.quiet_plies()});
      frames_[ply].move = Move::none();
      Value v = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
      pos_.undo_null_move();
      line_.pop_back();
      if (aborted_) return 0;
      if (v >= beta) return v >= VALUE_MATE_IN_MAX ? beta : v;
    }
  }

  // No table move to try first: this node was never searched, so spend less on it.
  if (iir_ && depth >= 4 && tt_move.is_none() && !in_check) --depth;

  // Singular extension: when the table's move beats every other move by a margin in a reduced
  // search without it, it is the only move here and gets a ply more. When the others also
  // reach beta, several moves cut off and this node will too (multi-cut).
  int singular_extension = 0;
  if (singular_ && depth >= 7 && excluded.is_none() && tte && !tt_move.is_none() && tte->depth >= depth - 3 &&
      (tte->bound & BOUND_LOWER) && std::abs(tte->value) < VALUE_MATE_IN_MAX && ply < 2 * root_depth_) {
    const Value singular_beta = value_from_tt(tte->value, ply) - 2 * depth;
    frames_[ply].excluded = tt_move;
    const Value v = search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
    frames_[ply].excluded = Move::none();
    if (aborted_) return 0;
    if (v < singular_beta)
      singular_extension = 1;
    else if (!pv_node && singular_beta >= beta)
      return singular_beta;
  }

  PlyMoves& pm = moves_[ply];
  pm.list.count = 0;
  generate<GenType::ALL>(pos_, pm.list);
  score_moves(pm, tt_move, ply);
  frames_[ply + 1].killers[0] = frames_[ply + 1].killers[1] = Move::none();
  const bool check_filter = !pos_.variant().def().self_check_allowed && in_check;
  Value best = -VALUE_INFINITE;
  Move best_move = Move::none();
  int legal = 0, quiets_tried = 0, quiet_count = 0;
  Move quiets[64];
  const Value alpha0 = alpha;
  const Square enemy_king = lion_approach_ ? pos_.royal_square(~pos_.side_to_move()) : NO_SQUARE;
  LazyExposure exposure;
  for (int i = 0; i < pm.list.count; ++i) {
    const Move m = pick(pm, i);
    if (m == excluded || !pos_.legal(m, check_filter, exposure)) continue;
    ++legal;
    const bool quiet = !is_capture(m) && !m.is_promotion();
    const bool lion_approach = quiet && enemy_king != NO_SQUARE && !m.is_drop() &&
                               pos_.variant().is_lion(kind_of(pos_.at(m.from()))) && distance(m.to(), enemy_king) <= 3;
    const bool prunable =
        settings_.futility && !pv_node && !in_check && quiet && !lion_approach && best > -VALUE_MATE_IN_MAX;
    // Late-move pruning: far down the list of quiet moves at shallow depth, skip the rest.
    if (quiet) ++quiet_count;
    if (prunable && depth <= 4 && quiet_count > (3 + depth * depth) / (improving ? 1 : 2)) continue;
    frames_[ply].move = m;
    play(m);
    const bool gives_check = line_.back().checked;
    // Futility: a quiet move that does not check cannot lift a static evaluation this far below alpha.
    if (prunable && !gives_check && depth <= 5 && static_eval + 80 + 110 * depth <= alpha &&
        pm.score[i] < SCORE_KILLER - 2) {
      unplay();
      continue;
    }
    const bool extend =
        (extend_checks_ && gives_check && ply < 2 * root_depth_) || (m == tt_move && singular_extension);
    const int new_depth = depth - 1 + (extend ? 1 : 0);
    Value v;
    if (legal == 1) {
      v = -search(-beta, -alpha, new_depth, ply + 1, pv_node);
    } else {
      int r = 0;
      if (settings_.lmr && depth >= 3 && legal > 3 && quiet && !in_check && !gives_check && !lion_approach) {
        const bool killer = pm.score[i] >= SCORE_KILLER - 2;  // or the counter move
        // Moves that often cut off elsewhere (history) are reduced less, moves that never do more.
        r = reduction(depth, legal) - (pv_node ? 1 : 0) - (killer ? 1 : 0) + (improving ? 0 : 1) -
            (killer ? 0 : pm.score[i] / (HISTORY_MAX / 2));
        r = std::clamp(r, 0, new_depth - 1);
      }
      v = -search(-alpha - 1, -alpha, new_depth - r, ply + 1, false);
      if (v > alpha && r > 0) v = -search(-alpha - 1, -alpha, new_depth, ply + 1, false);
      if (v > alpha && v < beta && pv_node) v = -search(-beta, -alpha, new_depth, ply + 1, true);
    }
    unplay();
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        alpha = v;
        if (pv_node) update_pv(ply, m);
        if (v >= beta) {
          if (quiet) {
            if (frames_[ply].killers[0] != m) {
              frames_[ply].killers[1] = frames_[ply].killers[0];
              frames_[ply].killers[0] = m;
            }
            if (Move* cm = counter_move(ply)) *cm = m;
            const int bonus = std::min(depth * depth, 400);
            int& h = history(m);
            h += bonus - h * bonus / HISTORY_MAX;
            for (int q = 0; q < quiets_tried; ++q) {
              int& hq = history(quiets[q]);
              hq -= bonus + hq * bonus / HISTORY_MAX;
            }
          }
          break;
        }
      }
    }
    if (quiet && quiets_tried < 64) quiets[quiets_tried++] = m;
  }
  // With the table's move left out, no other move is only a fail low.
  if (!excluded.is_none()) return legal == 0 ? alpha : best;
  // No legal move loses in all three games: checkmate, and stalemate too.
  if (legal == 0) return mated_in(ply);
  const Bound bound = best >= beta ? BOUND_LOWER : alpha > alpha0 ? BOUND_EXACT : BOUND_UPPER;
  tt_.store(key, best_move, value_to_tt(best, ply), static_eval == VALUE_NONE ? 0 : static_eval, depth, bound);
  return best;
}

Value Searcher::qsearch(Value alpha, Value beta, int ply, int qply) {
  pv_len_[ply] = ply;
  if (should_abort()) return 0;
  ++nodes_;
  if (ply > seldepth_) seldepth_ = ply;
  if (royal_lost()) return mated_in(ply);
  if (ply >= MAX_PLY - 2) return evaluate();
  // Evasions only next to the horizon: further out, checks and escapes would go on for ever.
  const bool in_check = line_.back().checked && qply < 2;
  Value best = -VALUE_INFINITE, static_eval = VALUE_NONE;
  Move tt_move = Move::none();
  const Value alpha0 = alpha;
  PlyMoves& pm = moves_[ply];
  pm.list.count = 0;
  if (in_check) {
    // Every move may be the only defence; none at all loses.
    generate<GenType::ALL>(pos_, pm.list);
  } else {
    const TTEntry* tte = tt_.probe(pos_.key());
    if (tte) {
      const Value tv = value_from_tt(tte->value, ply);
      if ((tte->bound == BOUND_EXACT) || (tte->bound == BOUND_LOWER && tv >= beta) ||
          (tte->bound == BOUND_UPPER && tv <= alpha))
        return tv;
      tt_move = tte->move;
    }
    // The table keeps the static evaluation too, except of a position in check (kept as 0).
    best = static_eval = tte && !line_.back().checked ? Value(tte->eval) : evaluate();
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
    generate<GenType::CAPTURES>(pos_, pm.list);
  }
  score_moves(pm, tt_move, ply);
  const bool check_filter = !pos_.variant().def().self_check_allowed && in_check;
  const Square last_to = pos_.state().move.to();
  LazyExposure exposure;
  int legal = 0;
  Move best_move = Move::none();
  for (int i = 0; i < pm.list.count; ++i) {
    const Move m = pick(pm, i);
    if (!in_check) {
      if (pm.score[i] < SCORE_CAPTURE) break;  // the rest lose material
      // Deep in a capture sequence, only recaptures: Lions can otherwise trade on for ever.
      if (qply >= 4 && m.to() != last_to && m.mid() != last_to) continue;
      // Delta pruning: even winning the piece would not reach alpha.
      if (best + capture_gain(m) + 200 <= alpha) continue;
    }
    if (!pos_.legal(m, check_filter, exposure)) continue;
    ++legal;
    play(m);
    Value v = -qsearch(-beta, -alpha, ply + 1, qply + 1);
    unplay();
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        best_move = m;
        update_pv(ply, m);
        if (v >= beta) break;
      }
    }
  }
  if (in_check && legal == 0) return mated_in(ply);
  // Kept at depth 0: the next visit cuts off or tries the best capture first. Evasions are
  // not kept, their score covers only the moves tried before the horizon.
  if (!in_check)
    tt_.store(pos_.key(), best_move, value_to_tt(best, ply), static_eval, 0,
              best >= beta    ? BOUND_LOWER
              : best > alpha0 ? BOUND_EXACT
                              : BOUND_UPPER);
  return best;
}

}  // namespace kirin
