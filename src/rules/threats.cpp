#include "rules/threats.h"

#include <algorithm>

#include "rules/movegen.h"

namespace kirin {

std::vector<Capture> captures_of(Position& pos, Color c, bool pseudo) {
  const Color stm = pos.side_to_move();
  pos.set_side_to_move(c);
  MoveList list;
  generate<GenType::CAPTURES>(pos, list);
  const bool check = pos.in_check();
  std::vector<Capture> out;
  for (Move m : list)
    if (pseudo || pos.legal(m, check)) out.push_back({m.from(), m.to()});
  pos.set_side_to_move(stm);
  return out;
}

std::vector<Move> rewind_cycle(Position& pos, int cycle_plies) {
  std::vector<Move> cycle;
  for (int i = 0; i < cycle_plies; ++i) {
    cycle.push_back(pos.state().move);
    pos.undo_move();
  }
  std::reverse(cycle.begin(), cycle.end());
  return cycle;
}

std::array<int, MAILBOX> piece_ids(const Position& pos) {
  std::array<int, MAILBOX> id;
  id.fill(-1);
  for (int s = 0; s < MAILBOX; ++s)
    if (is_piece(pos.at(Square(s)))) id[s] = s;
  return id;
}

bool can_capture(Position& pos, Color c, Square from, Square to) {
  for (auto [a, t] : captures_of(pos, c))
    if (a == from && t == to) return true;
  return false;
}

bool protected_after_capture(Position& pos, Square attacker, Square target) {
  const Color stm = pos.side_to_move();
  const Color them = color_of(pos.at(target));
  pos.set_side_to_move(~them);
  pos.do_move(Move::normal(attacker, target));
  bool recapture = false;
  for (auto [a, t] : captures_of(pos, them)) recapture = recapture || t == target;
  pos.undo_move();
  pos.set_side_to_move(stm);
  return recapture;
}

}  // namespace kirin
