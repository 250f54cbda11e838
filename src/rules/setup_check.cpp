// The invariants a position must satisfy before the move generator may trust it.
#include "rules/position.h"

namespace kirin {
namespace {

// The region a piece can never leave, if all its moves end in one (General, Advisor, Elephant).
Region confinement(const PieceKind& k) {
  if (k.moves.empty()) return Region::ANYWHERE;
  Region r = k.moves.front().to;
  for (const MoveRule& m : k.moves)
    if (m.to != r) return Region::ANYWHERE;
  return r;
}

}  // namespace

Result<void> Position::finish_setup(Setup setup) {
  const Variant& v = *v_;
  royal_[FIRST] = royal_[SECOND] = NO_SQUARE;
  // Chu Shogi's move generator never needs a King, and lishogi's movement-test setups (some
  // rows of the reference perft table) have none on either side: that is accepted. One side
  // without royals has lost, and is rejected like a missing King in the other games.
  int royals_on_board = 0;
  for (int c = 0; c < 2; ++c)
    for (Square s : list_[c]) royals_on_board += v.is_royal(kind_of(board_[s]));
  const bool royals_required = v.def().single_royal || royals_on_board > 0;
  for (int c = 0; c < 2; ++c) {
    const std::string side = v.color_name(Color(c));
    int royals = 0;
    for (Square s : list_[c]) {
      const Kind k = kind_of(board_[s]);
      const PieceKind& pk = v.kind(k);
      if (v.is_royal(k)) {
        ++royals;
        royal_[c] = s;
      }
      Region r = confinement(pk);
      uint8_t f = v.region(Color(c), s);
      if ((r == Region::PALACE && !(f & IN_PALACE)) || (r == Region::OWN_HALF && !(f & IN_OWN_HALF)))
        return Error{side + " " + pk.name + " on " + v.square_name(s) +
                     (r == Region::PALACE ? " is outside its palace" : " has crossed the river")};
      if (v.rank_from_far(Color(c), s) <= pk.forced_promotion_ranks)
        return Error{side + " unpromoted " + pk.name + " on " + v.square_name(s) + " could never move"};
    }
    const std::string royal_name = v.is_shogi_family() ? "King" : "General";
    const bool may_lack = setup == Setup::PROBLEM && c == stm_;  // the attacker of a problem
    if (royals == 0 && royals_required && !may_lack) return Error{side + " has no " + royal_name};
    if (royals > 1 && v.def().single_royal)
      return Error{side + " has " + std::to_string(royals) + " " + royal_name + "s"};
    for (int k = 0; k < v.kind_count(); ++k) {
      if (!hand_[c][k]) continue;
      if (!v.def().drops) return Error{v.name() + " has no pieces in hand"};
      if (v.is_royal(Kind(k))) return Error{side + " has a " + v.kind(Kind(k)).name + " in hand"};
      if (v.demoted(Kind(k)) != k) return Error{side + " has a promoted piece in hand"};
    }
  }
  if (!v.def().self_check_allowed && royal_attacked(~stm_))
    return Error{v.color_name(~stm_) + " is in check but it is " + v.color_name(stm_) + " to move"};
  st_.back().key = compute_key();
  return {};
}

}  // namespace kirin
