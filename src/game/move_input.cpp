#include "game/move_input.h"

#include <cctype>

#include "notation/game_courier.h"
#include "notation/xiangqi_moves.h"

namespace kirin {

Result<Move> parse_typed_move(const Game& g, std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  const Variant& v = g.variant();
  if (v.is_shogi_family()) {
    // Game Courier has a piece letter and a space ("P 7i-7h"), or a drop/placing form "P-5e".
    const bool courier = text.find(' ') != std::string_view::npos || text.find(';') != std::string_view::npos ||
                         (text.size() > 2 && text.find('-') != std::string_view::npos);
    if (courier) {
      auto usi = game_courier_to_usi(g.position(), text);
      if (!usi) return Error{"bad move text " + usi.error()};
      return g.parse(*usi);
    }
    return g.parse(text);
  }
  if (g.over()) return g.parse(text);  // refused: the game is over
  Position pos = g.position();
  return parse_xiangqi_move(pos, text);  // xiangqi has no Game-level ban beyond Position's legality
}

}  // namespace kirin
