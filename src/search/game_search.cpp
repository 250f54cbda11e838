#include "search/game_search.h"

namespace kirin {

const GameSearch& game_search(GameId g) {
  static const GameSearch rows[] = {
      {.razoring = true, .check_extensions = true, .null_move = true, .iir = true},      // xiangqi
      {.razoring = true, .check_extensions = true, .null_move = true, .iir = true},      // Chu Shogi
      {.razoring = false, .check_extensions = false, .null_move = false, .iir = false},  // Chu Seireigi
  };
  return rows[int(g)];
}

}  // namespace kirin
