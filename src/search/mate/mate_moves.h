// What counts in a mate problem, as the referee (game/game.h) judges the games: the attacker's
// candidate moves, the defender's replies, and when the defender is mated.
#pragma once
#include <vector>

#include "core/move.h"
#include "rules/position.h"

namespace kirin {

// A move and the key of the position it leads to.
struct MateMove {
  Move move;
  Key key;
};

// The attacker's moves: with `checks_only` (the tsume convention) only checks, i.e. moves that
// attack a defending royal not attacked before, or take a royal (with King and Prince both
// attacked, a move that leaves them so is no check); otherwise every legal move.
void attacking_moves(Position& pos, bool checks_only, std::vector<MateMove>& out);

// The defender's replies that do not lose at once. In Chu Shogi, where a move into check is
// legal, a side with one royal must leave it unattacked (or take the attacker's last royal); a
// side with King and Prince may leave both attacked, as the opponent takes only one per move
// (chu_shogi.md section 6). In the other games these are the legal moves. No reply at all is
// mate (stalemate loses in all three games).
void defending_moves(Position& pos, std::vector<MateMove>& out);

}  // namespace kirin
