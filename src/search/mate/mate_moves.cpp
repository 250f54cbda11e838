#include "search/mate/mate_moves.h"

#include "game/end_rules.h"
#include "rules/movegen.h"

namespace kirin {

void attacking_moves(Position& pos, bool checks_only, std::vector<MateMove>& out) {
  out.clear();
  const Color them = ~pos.side_to_move();
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    pos.do_move(m);
    // After the move the defender is to move: in_check() asks about its royals.
    if (!checks_only || pos.in_check() || !has_royal(pos, them)) out.push_back({m, pos.key()});
    pos.undo_move();
  }
}

void defending_moves(Position& pos, std::vector<MateMove>& out) {
  out.clear();
  const Color us = pos.side_to_move(), them = ~us;
  MoveList legal;
  generate_legal(pos, legal);
  const bool self_check = pos.variant().def().self_check_allowed;
  const bool one_royal = royal_count(pos, us) == 1;
  const bool they_have_royals = has_royal(pos, them);
  for (Move m : legal) {
    pos.do_move(m);
    const bool keeps = !self_check || !one_royal || has_safe_royal(pos, us) || (they_have_royals && !has_royal(pos, them));
    if (keeps) out.push_back({m, pos.key()});
    pos.undo_move();
  }
}

}  // namespace kirin
