// Which pseudo-legal moves may be played: own-royal safety (xiangqi, Chu Seireigi), the Chu
// Shogi Lion-trading rules, and the no-mate-by-pawn-drop rule.
#include <cstdlib>

#include "rules/exposure.h"
#include "rules/movegen.h"
#include "rules/position.h"

namespace kirin {

bool Position::legal(Move m, bool in_check) { return legal_with(m, in_check, nullptr); }

bool Position::legal(Move m, bool in_check, LazyExposure& exposure) { return legal_with(m, in_check, &exposure); }

bool Position::legal_with(Move m, bool in_check, LazyExposure* exposure) {
  const Variant& v = *v_;
  if (v.def().self_check_allowed) return !v.def().lion_trading || lion_trade_allowed(m);

  const Color us = stm_;
  if (m.is_drop()) {
    if (in_check && !leaves_royal_safe(m)) return false;
    return !v.kind(m.drop_kind()).no_drop_mate || !drop_mates(m);
  }
  const Square k = royal_[us];
  const Square from = m.from();
  // Legacy Chu Seireigi: the King must be safe where a sting stops between its steps too.
  auto safe = [&] {
    return leaves_royal_safe(m) && (!v.def().royal_safe_midway || !m.has_mid() || m.to() == m.mid() ||
                                    leaves_royal_safe(Move::normal(from, m.mid())));
  };
  if (in_check || from == k) return safe();
  if (exposure && v.def().single_royal) {
    if (!exposure->known) {
      exposure->exposure = Exposure::of(*this);
      exposure->known = true;
    }
    const Exposure& e = exposure->exposure;
    return (!e.leaving[from] && !e.entering[m.to()] && !(m.has_mid() && e.leaving[m.mid()])) || safe();
  }
  // Not in check and not a King move: only a move off a line through the King (a pin), off a
  // square next to it (a horse leg), or onto a line through it (a cannon screen) can expose it;
  // so can a Lion's capture on its first step, which empties that square too.
  auto on_line = [&](Square s) {
    const int dx = file_x(s) - file_x(k), dy = rank_y(s) - rank_y(k);
    const int adx = std::abs(dx), ady = std::abs(dy);
    return dx == 0 || dy == 0 || adx == ady || (v.has_lame_leapers() && adx <= 1 && ady <= 1);
  };
  bool risky = on_line(from) || (m.has_mid() && on_line(m.mid()));
  if (!risky && v.has_hoppers()) {
    const Square to = m.to();
    risky = file_x(to) == file_x(k) || rank_y(to) == rank_y(k);
  }
  return !risky || safe();
}

// Plays the move on the board alone, asks whether the mover's royal piece is attacked, and
// takes it back. Hands, keys and piece lists are not needed for the question.
bool Position::leaves_royal_safe(Move m) {
  const Color us = stm_;
  const Square to = m.to();
  const Piece saved_to = board_[to];
  const Square saved_royal = royal_[us];
  bool safe;
  if (m.is_drop()) {
    board_[to] = make_piece(m.drop_kind(), us);
    safe = !royal_attacked(us);
    board_[to] = saved_to;
    return safe;
  }
  const Square from = m.from(), mid = m.mid();
  const Piece p = board_[from];
  const Piece saved_mid = board_[mid];
  if (mid != NO_SQUARE && is_enemy(saved_mid, us)) board_[mid] = EMPTY;
  board_[from] = EMPTY;
  board_[to] = p;
  if (from == saved_royal) royal_[us] = to;
  safe = !royal_attacked(us);
  royal_[us] = saved_royal;
  board_[to] = saved_to;
  board_[mid] = saved_mid;
  board_[from] = p;
  return safe;
}

// Chu Shogi rules 5(a) and 5(b) (../shared/rules/chu_shogi.md).
bool Position::lion_trade_allowed(Move m) {
  if (m.is_drop()) return true;
  const Variant& v = *v_;
  const Color us = stm_, them = ~us;
  const Square from = m.from(), to = m.to(), mid = m.mid();
  const Piece at_mid = mid != NO_SQUARE && is_enemy(board_[mid], us) ? board_[mid] : EMPTY;
  const Piece at_to = to != from && is_enemy(board_[to], us) ? board_[to] : EMPTY;
  const bool lion_at_mid = at_mid != EMPTY && v.is_lion(kind_of(at_mid));
  const bool lion_at_to = at_to != EMPTY && v.is_lion(kind_of(at_to));
  if (!lion_at_mid && !lion_at_to) return true;

  const Piece mover = board_[from];
  if (!v.is_lion(kind_of(mover))) {
    // (b) Counter-strike: after a non-Lion took a Lion, a non-Lion may take a Lion only on
    // the square where that happened (seed, lishogi), or on no square at all where the Lion has
    // a protector (JCSA sakishishi); counterstrike=destination and =lishogi test only the final square.
    const Square cs = st_.back().counter_strike;
    if (cs == NO_SQUARE) return true;
    switch (v.options().counter_strike) {
      case RuleOptions::CounterStrike::SEED:
        return (!lion_at_mid || mid == cs) && (!lion_at_to || to == cs);
      case RuleOptions::CounterStrike::DESTINATION:
      case RuleOptions::CounterStrike::LISHOGI:
        return !lion_at_to || to == cs;
      case RuleOptions::CounterStrike::FOOT:
        return (!lion_at_mid || !attacked(mid, them)) && (!lion_at_to || !attacked(to, them));
    }
    return true;
  }
  // (a) Bridge capture. A Lion taken on the first step is adjacent: always allowed. A Lion
  // taken on `to` is allowed when adjacent to the start, or when the first step took a piece
  // that is not a Pawn or Go-Between; otherwise only if `to` is not attacked afterwards.
  if (!lion_at_to || distance(from, to) <= 1) return true;
  if (at_mid != EMPTY && !v.is_minor_for_lion_trade(kind_of(at_mid))) return true;
  // bridge=pawnfoot (lishogi, JCSA): the Pawn or Go-Between taken first still protects.
  if (at_mid != EMPTY && v.options().captured_minor_protects && minor_guards(mid, to)) return false;
  board_[from] = EMPTY;
  if (at_mid != EMPTY) board_[mid] = EMPTY;
  board_[to] = mover;
  const bool protected_ = attacked(to, them);
  board_[to] = at_to;
  if (at_mid != EMPTY) board_[mid] = at_mid;
  board_[from] = mover;
  return !protected_;
}

// Does the (stepping) piece on `s` reach `target` with one of its leaps?
bool Position::minor_guards(Square s, Square target) const {
  const Piece p = board_[s];
  int n;
  const Square* to = v_->leaps(Variant::kc(kind_of(p), color_of(p)), s, n);
  for (int i = 0; i < n; ++i)
    if (to[i] == target) return true;
  return false;
}

// Uchifuzume: does this pawn drop give check that cannot be answered?
bool Position::drop_mates(Move m) {
  const Color them = ~stm_;
  const Square k = royal_[them];
  const Square to = m.to();
  // A dropped pawn checks only the square in front of it.
  if (k == NO_SQUARE || int(k) != int(to) + (stm_ == FIRST ? STRIDE : -STRIDE)) return false;
  do_move(m);
  bool mate = in_check() && !has_legal_move(*this);
  undo_move();
  return mate;
}

}  // namespace kirin
