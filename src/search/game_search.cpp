#include "search/game_search.h"

namespace kirin {

const GameSearch& game_search(GameId g) {
  static const GameSearch rows[] = {
      {.razoring = true},   // xiangqi
      {.razoring = true},   // Chu Shogi
      {.razoring = false},  // Chu Seireigi
  };
  return rows[int(g)];
}

}  // namespace kirin
