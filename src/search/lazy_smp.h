// Lazy SMP, as Stockfish searches on several cores: every thread searches the same root with a
// Searcher of its own (its own history, killers and accumulators), and they share only the
// transposition table, through which each finds what the others learned. The main thread keeps
// the time, reports and decides; the helpers run until it has, then stop.
#pragma once
#include <thread>
#include <vector>

#include "search/search.h"

namespace kirin {

// Whether helper `thread` (1, 2, ...) leaves out iteration `depth`. Helpers spread over the
// depths around the main thread's (Stockfish 10's pattern: half of them a depth ahead), so the
// table holds deeper results by the time the main thread asks for them.
bool helper_skips(int thread, int depth);

// The helper threads of one search, started on construction.
class SearchHelpers {
 public:
  SearchHelpers(int count, const Position& root, const std::vector<LineEntry>& line, const Evaluator& eval,
                TranspositionTable& tt, SearchControl& control, const SearchLimits& limits,
                const SearchSettings& settings);
  // Stops the helpers (within 1024 nodes each) and waits for them.
  ~SearchHelpers();
  SearchHelpers(const SearchHelpers&) = delete;
  SearchHelpers& operator=(const SearchHelpers&) = delete;

 private:
  SearchControl& control_;
  std::vector<std::thread> threads_;
};

}  // namespace kirin
