#include "game/quiet_line.h"

#include "game/game.h"
#include "notation/move_text.h"

namespace kirin {

std::vector<std::string> quiet_line(VariantPtr variant, size_t plies, unsigned seed) {
  Game game(std::move(variant));
  std::vector<std::string> out;
  while (out.size() < plies) {
    MoveList quiet;
    for (Move m : game.legal_moves())
      if (!game.position().at(m.to())) quiet.push(m);
    if (quiet.size() == 0) break;
    for (int tries = 0;; ++tries) {
      seed = seed * 1103515245 + 12345;
      const Move m = quiet.moves[(seed >> 8) % quiet.size()];
      const std::string text = move_to_text(game.position(), m);
      game.play(m);
      if (!game.over() && (!game.position().in_check() || tries > 200)) {
        out.push_back(text);
        break;
      }
      game.undo();
      if (tries > 400) return out;  // every quiet move ends the game: the line stops here
    }
  }
  return out;
}

}  // namespace kirin
