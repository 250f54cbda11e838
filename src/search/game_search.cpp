#include "search/game_search.h"

namespace kirin {

const GameSearch& game_search(GameId g) {
  static const GameSearch rows[] = {
      {},  // xiangqi: every feature
      {},  // Chu Shogi: every feature
      {.razoring = false, .check_extensions = false, .null_move = false, .iir = false},  // Chu Seireigi
  };
  return rows[int(g)];
}

}  // namespace kirin
