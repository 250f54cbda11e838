#include "search/lazy_smp.h"

namespace kirin {

bool helper_skips(int thread, int depth) {
  // Twenty helpers in a cycle: skip `size` depths, then search `size`, starting at `phase`.
  static constexpr int size[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
  static constexpr int phase[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
  const int i = (thread - 1) % 20;
  return ((depth + phase[i]) / size[i]) % 2 != 0;
}

SearchHelpers::SearchHelpers(int count, const Position& root, const std::vector<LineEntry>& line, const Evaluator& eval,
                             TranspositionTable& tt, SearchControl& control, const SearchLimits& limits,
                             const SearchSettings& settings)
    : control_(control) {
  control_.helpers_stop = false;
  // A helper searches until the main thread is done: no clock, no node or depth limit.
  SearchLimits endless;
  endless.infinite = true;
  endless.search_moves = limits.search_moves;
  for (int i = 1; i <= count; ++i)
    threads_.emplace_back([&root, line, &eval, &tt, &control, endless, settings, i] {
      Searcher helper(root, line, eval, tt, control, i);
      helper.run(endless, settings, {});
    });
}

SearchHelpers::~SearchHelpers() {
  control_.helpers_stop = true;
  for (std::thread& t : threads_) t.join();
}

}  // namespace kirin
