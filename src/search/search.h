// One search: iterative deepening PVS over a private copy of the position.
// The Engine (engine.h) owns the table and the control flags and runs this in its thread.
#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "nnue/accumulator.h"
#include "rules/position.h"
#include "search/eval.h"
#include "search/game_search.h"
#include "search/limits.h"
#include "search/repetition.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace kirin {

// Shared with other threads while a search runs.
struct SearchControl {
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};
  // Set only by a host with one thread (engine.h, set_yield): called every 1024 nodes, so the
  // host can take in stop or ponderhit. `waiting`: the search is over and only waits for stop.
  std::function<void(bool waiting)> yield;
  // Lazy SMP (search/lazy_smp.h): the helpers stop when the main thread has decided, and count
  // their nodes here in steps of 1024, so that node limits and reports cover every thread.
  std::atomic<bool> helpers_stop{false};
  std::atomic<uint64_t> helper_nodes{0};
};

struct SearchSettings {
  int multipv = 1;
  int64_t move_overhead = 50;  // ms kept back per move: pipes and a busy machine cost that much
  // Search features, switchable so self-play can measure what each is worth. `history` is the
  // quiet-move ordering: killers, counter moves and the history table; `iir` the internal
  // iterative reduction of nodes without a table move.
  bool lmr = true, futility = true, history = true, aspiration = true;
  // Unset, the game's row (game_search.h) decides; set, it applies to every game.
  std::optional<bool> razoring, check_extensions, null_move, iir, singular_extensions, lion_approach;
};

using InfoCallback = std::function<void(const SearchInfo&)>;

class Searcher {
 public:
  // `line` holds the game so far, ending with the root position. `thread` 0 is the main search
  // thread (the only one there is with Threads=1); a helper (1, 2, ...) reports nothing, keeps no
  // time, skips some depths (lazy_smp.h) and runs until the main thread sets helpers_stop. The
  // caller starts the table's new search (TranspositionTable::new_search) once for all of them.
  Searcher(const Position& root, std::vector<LineEntry> line, const Evaluator& eval, TranspositionTable& tt,
           SearchControl& control, int thread = 0);
  ~Searcher();
  SearchResult run(const SearchLimits& limits, const SearchSettings& settings, const InfoCallback& info);

 private:
  struct RootMove {
    Move move;
    Value score = -VALUE_INFINITE;
    std::vector<Move> pv;
  };
  struct Frame {
    Move killers[2];
    Move move;  // the move that left this ply (none() for a null move)
    Value static_eval = VALUE_NONE;
    Move excluded;  // the table move, left out while testing whether it is singular
  };
  struct PlyMoves;

  Value root_search(Value alpha, Value beta, int depth);
  Value search(Value alpha, Value beta, int depth, int ply, bool pv_node);
  Value qsearch(Value alpha, Value beta, int ply, int qply);
  void score_moves(PlyMoves& pm, Move tt_move, int ply);
  Move pick(PlyMoves& pm, int i);
  bool is_capture(Move m) const;
  int capture_gain(Move m) const;  // material taken (a royal counts as a mate)
  bool royal_lost() const;
  bool has_pieces_to_null(Color c) const;
  void play(Move m);
  void unplay();
  Value evaluate() {
    return nnue_ && !eval_.takes_over_from_net(pos_) ? nnue_->evaluate(pos_) + eval_.net_extra(pos_)
                                                     : eval_.evaluate(pos_);
  }
  bool should_abort();
  uint64_t all_nodes() const { return nodes_ + control_.helper_nodes.load(std::memory_order_relaxed); }
  int64_t elapsed_ms() const;
  int& history(Move m);
  Move* counter_move(int ply);  // the counter-move slot for the move that led here, or nullptr
  void update_pv(int ply, Move m);
  void report(int depth, const InfoCallback& info);

  Position pos_;
  std::vector<LineEntry> line_;
  size_t root_index_;
  const Evaluator& eval_;
  std::unique_ptr<nnue::AccumulatorStack> nnue_;  // when the game has a net
  TranspositionTable& tt_;
  SearchControl& control_;
  int thread_;  // 0: the main thread
  GameId game_;
  const GameSearch& game_search_;
  SearchLimits limits_;
  SearchSettings settings_;
  // The settings, or the game's row where unset.
  bool razoring_ = true, extend_checks_ = true, null_move_ = true, iir_ = true, singular_ = true,
       lion_approach_ = false;
  TimeBudget budget_;
  std::chrono::steady_clock::time_point start_;
  bool pondering_ = false;
  bool aborted_ = false;
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int root_depth_ = 0;
  int pv_index_ = 0;
  std::vector<RootMove> root_moves_;
  std::unique_ptr<PlyMoves[]> moves_;
  Frame frames_[MAX_PLY + 4];
  std::vector<int> history_;
  std::vector<Move> counter_moves_;  // by the previous move's piece and square: the reply that cut off
  Move pv_[MAX_PLY + 2][MAX_PLY + 2];
  int pv_len_[MAX_PLY + 2] = {};
};

}  // namespace kirin
