#include "search/game_search.h"

namespace kirin {

const GameSearch& game_search(GameId g) {
  static const GameSearch rows[] = {
      {},                                                     // xiangqi: every feature
      {.singular_extensions = false, .lion_approach = true},  // Chu Shogi
      {.razoring = false,
       .check_extensions = false,
       .null_move = false,
       .iir = false,
       .singular_extensions = false},  // Chu Seireigi
  };
  return rows[int(g)];
}

}  // namespace kirin
