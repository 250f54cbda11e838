#include "server/referee.h"

#include "rules/movegen.h"

namespace kirin::server {

std::string win_for(Color c) { return c == FIRST ? "1-0" : "0-1"; }

namespace {

int royals_on_board(const Position& pos, Color c) {
  int n = 0;
  for (Square s : pos.pieces(c))
    if (pos.variant().is_royal(kind_of(pos.at(s)))) ++n;
  return n;
}

// Is there a legal move after which the mover's royals stand unattacked? In Chu Shogi moving
// into check is legal, so having legal moves is not enough to escape mate.
bool has_safe_move(Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  if (!pos.variant().def().self_check_allowed) return list.size() > 0;
  Color us = pos.side_to_move();
  for (Move m : list) {
    pos.do_move(m);
    bool safe = royals_on_board(pos, us) > 0 && !pos.royal_attacked(us);
    pos.undo_move();
    if (safe) return true;
  }
  return false;
}

}  // namespace

std::optional<Outcome> judge(Position& pos, const std::vector<Key>& keys) {
  Color us = pos.side_to_move();
  if (royals_on_board(pos, us) == 0) return Outcome{win_for(~us), "royal captured"};
  if (!has_safe_move(pos)) return Outcome{win_for(~us), pos.in_check() ? "checkmate" : "no legal moves"};
  // Fourfold repetition is a draw here; the Game class will add the perpetual-check rules.
  int seen = 0;
  for (Key k : keys) seen += k == pos.key();
  if (seen >= 4) return Outcome{"1/2-1/2", "repetition"};
  return std::nullopt;
}

Result<Outcome> score_impasse(const Position& pos) {
  const Variant& v = pos.variant();
  int threshold = v.def().impasse_threshold;
  if (threshold <= 0) return Error{"impasse: " + v.name() + " has no impasse rule"};
  int points[2] = {0, 0};
  for (Color c : {FIRST, SECOND}) {
    Square royal = pos.royal_square(c);
    if (royal == NO_SQUARE || !v.in_zone(c, royal))
      return Error{"impasse: " + v.color_name(c) + "'s king is not in its promotion zone"};
    for (Square s : pos.pieces(c))
      if (!v.is_royal(kind_of(pos.at(s)))) points[c] += v.kind(kind_of(pos.at(s))).impasse_points;
    for (Kind k = 0; k < v.kind_count(); ++k) points[c] += pos.hand(c, k) * v.kind(k).impasse_points;
  }
  for (Color c : {FIRST, SECOND})
    if (points[c] < threshold) return Outcome{win_for(~c), "impasse"};
  return Outcome{"1/2-1/2", "impasse"};
}

}  // namespace kirin::server
