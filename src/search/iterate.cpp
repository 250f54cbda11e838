// Iterative deepening at the root: aspiration windows, MultiPV, time checks and reporting.
#include <algorithm>

#include "rules/movegen.h"
#include "search/lazy_smp.h"
#include "search/search.h"
#include "search/search_internal.h"

namespace kirin {

Searcher::Searcher(const Position& root, std::vector<LineEntry> line, const Evaluator& eval, TranspositionTable& tt,
                   SearchControl& control, int thread)
    : pos_(root),
      line_(std::move(line)),
      eval_(eval),
      tt_(tt),
      control_(control),
      thread_(thread),
      game_(root.variant().game()),
      game_search_(game_search(game_)),
      moves_(new PlyMoves[MAX_PLY + 4]),
      history_(2 * 64 * MAILBOX, 0),
      counter_moves_(256 * MAILBOX, Move::none()) {
  if (line_.empty()) line_.push_back({pos_.key(), pos_.in_check(), false, pos_.quiet_plies()});
  root_index_ = line_.size() - 1;
  if (eval_.net()) {
    nnue_ = std::make_unique<nnue::AccumulatorStack>(*eval_.net());
    nnue_->reset(pos_);
  }
  line_.reserve(line_.size() + MAX_PLY + 4);
}

Searcher::~Searcher() = default;

int64_t Searcher::elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
}

Value Searcher::root_search(Value alpha, Value beta, int depth) {
  Value best = -VALUE_INFINITE;
  pv_len_[0] = 0;
  for (size_t i = pv_index_; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    frames_[0].move = rm.move;
    play(rm.move);
    const int new_depth = depth - 1 + (extend_checks_ && line_.back().checked ? 1 : 0);
    Value v;
    if (i == size_t(pv_index_)) {
      v = -search(-beta, -alpha, new_depth, 1, true);
    } else {
      v = -search(-alpha - 1, -alpha, new_depth, 1, false);
      if (v > alpha && v < beta) v = -search(-beta, -alpha, new_depth, 1, true);
    }
    unplay();
    if (aborted_) break;
    if (i == size_t(pv_index_) || v > alpha) {
      rm.score = v;
      rm.pv.assign(1, rm.move);
      for (int p = 1; p < pv_len_[1]; ++p) rm.pv.push_back(pv_[1][p]);
    } else {
      rm.score = -VALUE_INFINITE;
    }
    if (v > best) best = v;
    if (v > alpha) {
      alpha = v;
      if (v >= beta) break;
    }
  }
  return best;
}

void Searcher::report(int depth, const InfoCallback& info) {
  if (!info) return;
  const int64_t ms = elapsed_ms();
  const int lines = std::min<int>(pv_index_ + 1, int(root_moves_.size()));
  for (int i = 0; i < lines; ++i) {
    SearchInfo si;
    si.depth = depth;
    si.seldepth = seldepth_;
    si.multipv = i + 1;
    si.score = root_moves_[i].score;
    si.nodes = all_nodes();
    si.time_ms = ms;
    si.nps = ms > 0 ? si.nodes * 1000 / ms : si.nodes * 1000;
    si.hashfull = tt_.hashfull();
    si.pv = root_moves_[i].pv;
    info(si);
  }
}

SearchResult Searcher::run(const SearchLimits& limits, const SearchSettings& settings, const InfoCallback& info) {
  limits_ = limits;
  settings_ = settings;
  razoring_ = settings.razoring.value_or(game_search_.razoring);
  extend_checks_ = settings.check_extensions.value_or(game_search_.check_extensions);
  null_move_ = settings.null_move.value_or(game_search_.null_move);
  iir_ = settings.iir.value_or(game_search_.iir);
  singular_ = settings.singular_extensions.value_or(game_search_.singular_extensions);
  lion_approach_ = settings.lion_approach.value_or(game_search_.lion_approach);
  start_ = std::chrono::steady_clock::now();
  pondering_ = control_.pondering.load();
  budget_ = plan_time(limits, pos_.side_to_move(), settings.move_overhead);
  SearchResult result;

  MoveList legal;
  generate_legal(pos_, legal);
  for (Move m : legal) {
    if (!limits.search_moves.empty() &&
        std::find(limits.search_moves.begin(), limits.search_moves.end(), m) == limits.search_moves.end())
      continue;
    // Chu Shogi forbids completing a fourfold repetition unless escaping check (not lishogi).
    if (game_ == GameId::CHUSHOGI && !pos_.variant().options().chu_repetition_ends) {
      play(m);
      const bool forbidden = judge_repetition(game_, line_, line_.size()) == Repetition::WIN;
      unplay();
      if (forbidden) continue;
    }
    root_moves_.push_back({m, -VALUE_INFINITE, {m}});
  }
  if (root_moves_.empty()) {
    result.score = legal.count ? VALUE_ZERO : mated_in(0);
    if (legal.count) result.best = legal.moves[0];  // only forbidden repetitions remain
    return result;
  }
  // Initial order: the table's move, then captures by value.
  {
    PlyMoves& pm = moves_[0];
    pm.list.count = 0;
    for (const RootMove& rm : root_moves_) pm.list.push(rm.move);
    const TTEntry* tte = tt_.probe(pos_.key());
    score_moves(pm, tte ? tte->move : Move::none(), 0);
    std::vector<RootMove> ordered;
    for (int i = 0; i < pm.list.count; ++i) ordered.push_back({pick(pm, i), -VALUE_INFINITE, {}});
    for (RootMove& rm : ordered) rm.pv = {rm.move};
    root_moves_ = std::move(ordered);
  }

  const int multipv = std::clamp(settings.multipv, 1, int(root_moves_.size()));
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 8) : MAX_PLY - 8;
  std::vector<RootMove> completed = root_moves_;
  int completed_depth = 0;
  // How often the best move changed lately, older changes counting half each iteration.
  double best_move_changes = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    if (thread_ > 0 && helper_skips(thread_, depth)) continue;
    root_depth_ = depth;
    seldepth_ = 0;
    std::vector<Value> previous;
    for (const RootMove& rm : root_moves_) previous.push_back(rm.score);
    for (pv_index_ = 0; pv_index_ < multipv && !aborted_; ++pv_index_) {
      Value prev = previous[pv_index_];
      Value delta = 30;
      Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
      if (settings_.aspiration && depth >= 5 && prev > -VALUE_MATE_IN_MAX && prev < VALUE_MATE_IN_MAX) {
        alpha = std::max(prev - delta, -VALUE_INFINITE);
        beta = std::min(prev + delta, VALUE_INFINITE);
      }
      while (true) {
        Value v = root_search(alpha, beta, depth);
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (aborted_) break;
        if (v <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(v - delta, -VALUE_INFINITE);
        } else if (v >= beta) {
          beta = std::min(v + delta, VALUE_INFINITE);
        } else {
          break;
        }
        delta += delta / 2;
      }
      // A later line may score above an earlier one (their windows differ): the lines are
      // reported best first, as the protocols and the analysis board expect.
      if (!aborted_)
        std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    }
    if (aborted_) break;
    best_move_changes /= 2;
    if (completed_depth > 0 && root_moves_[0].move != completed[0].move) best_move_changes += 1;
    completed = root_moves_;
    completed_depth = depth;
    pv_index_ = multipv - 1;
    report(depth, info);
    const Value best = root_moves_[0].score;
    if (!limits.infinite && !pondering_ && std::abs(best) >= VALUE_MATE_IN_MAX && VALUE_MATE - std::abs(best) <= depth)
      break;  // a mate proven within the full-width depth will not change
    if (!pondering_ && budget_.optimum && !budget_.exact &&
        elapsed_ms() >= iteration_cutoff(budget_, best_move_changes))
      break;
    if (!pondering_ && budget_.optimum && root_moves_.size() == 1 && depth >= 4) break;
  }
  // An unfinished iteration may have found a better first move: trust it only if it was searched.
  const RootMove& best = (aborted_ && root_moves_[0].score > -VALUE_INFINITE && completed_depth > 0 &&
                          root_moves_[0].score > completed[0].score)
                             ? root_moves_[0]
                             : completed[0];
  result.best = best.move;
  result.score = best.score == -VALUE_INFINITE ? VALUE_ZERO : best.score;
  result.depth = completed_depth;
  result.nodes = all_nodes();
  if (best.pv.size() > 1) result.ponder = best.pv[1];
  return result;
}

}  // namespace kirin
