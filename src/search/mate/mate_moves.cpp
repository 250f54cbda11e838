#include "search/mate/mate_moves.h"

#include "rules/end_rules.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

// Can a move touching square s matter to a royal on r? Every piece of the three games reaches
// at most two squares away except along a rank, file or diagonal (sliders, cannons, the
// Generals' file), and a piece that blocks or unblocks a line or a leg stands on one of those.
bool near_or_in_line(Square s, Square r) {
  const int dx = file_x(s) - file_x(r), dy = rank_y(s) - rank_y(r);
  return distance(s, r) <= 2 || dx == 0 || dy == 0 || dx == dy || dx == -dy;
}

// False only for a move that cannot give check to royals not yet attacked: its squares are all
// far from and off the lines through every one of them. Saves playing most moves.
bool may_give_check(Move m, const std::vector<Square>& royals) {
  for (Square r : royals) {
    if (near_or_in_line(m.to(), r)) return true;
    if (!m.is_drop() && near_or_in_line(m.from(), r)) return true;
    if (m.has_mid() && near_or_in_line(m.mid(), r)) return true;
  }
  return false;
}

}  // namespace

void attacking_moves(Position& pos, bool checks_only, std::vector<MateMove>& out) {
  out.clear();
  const Color us = pos.side_to_move(), them = ~us;
  const Variant& v = pos.variant();
  // The royals a check may attack: those not attacked yet. Only Chu Shogi can have one attacked
  // here (King and Prince both left so); a move that merely leaves it attacked is no check.
  std::vector<Square> fresh;
  for (Square s : pos.pieces(them))
    if (v.is_royal(kind_of(pos.at(s))) && !pos.attacked(s, us)) fresh.push_back(s);
  const int royals = royal_count(pos, them);
  MoveList pseudo;
  generate<GenType::ALL>(pos, pseudo);
  const bool in_check = !v.def().self_check_allowed && pos.in_check();
  for (Move m : pseudo) {
    auto royal_on = [&](Square s) { return is_enemy(pos.at(s), us) && v.is_royal(kind_of(pos.at(s))); };
    const bool takes_royal = !m.is_drop() && (royal_on(m.to()) || (m.has_mid() && royal_on(m.mid())));
    if (checks_only && !takes_royal && !may_give_check(m, fresh)) continue;
    if (!pos.legal(m, in_check)) continue;
    pos.do_move(m);
    bool check = !checks_only || royal_count(pos, them) < royals;
    if (!check && v.def().single_royal) check = pos.in_check();  // with the facing Generals
    for (size_t i = 0; i < fresh.size() && !check; ++i) check = pos.attacked(fresh[i], us);
    if (check) out.push_back({m, pos.key()});
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
    const bool keeps =
        !self_check || !one_royal || has_safe_royal(pos, us) || (they_have_royals && !has_royal(pos, them));
    if (keeps) out.push_back({m, pos.key()});
    pos.undo_move();
  }
}

}  // namespace kirin
