#include "rules/chase.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "rules/movegen.h"

namespace kirin {
namespace {

using Capture = std::pair<Square, Square>;  // attacker square, target square

// The captures colour c could make in this position if it were c's turn: the legal ones, or with
// `pseudo` also those its own General's safety forbids (a pinned piece, a capture that leaves a
// check standing). The side to move is switched in place and restored: only the board matters.
std::vector<Capture> captures_of(Position& pos, Color c, bool pseudo = false) {
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

bool can_capture(Position& pos, Color c, Square from, Square to) {
  for (auto [a, t] : captures_of(pos, c))
    if (a == from && t == to) return true;
  return false;
}

// After `attacker` takes on `target`, could the target's side legally take back there?
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

struct Chaser {
  Position& pos;
  const Variant& v;
  Kind general, soldier, chariot, horse, cannon;

  explicit Chaser(Position& p)
      : pos(p),
        v(p.variant()),
        general(v.kind_by_token("K")),
        soldier(v.kind_by_token("P")),
        chariot(v.kind_by_token("R")),
        horse(v.kind_by_token("N")),
        cannon(v.kind_by_token("C")) {}

  bool counts(Square a, Square t) const {
    const Kind ak = kind_of(pos.at(a)), tk = kind_of(pos.at(t));
    const Color them = color_of(pos.at(t));
    if (ak == general || ak == soldier || tk == general) return false;
    if (tk == soldier && !(v.region(them, t) & IN_ENEMY_HALF)) return false;
    if (tk == chariot && (ak == horse || ak == cannon)) return true;
    if (protected_after_capture(pos, a, t)) return false;
    return !can_capture(pos, them, t, a);
  }
};

}  // namespace

std::array<bool, 2> perpetual_chasers(const Position& now, int cycle_plies) {
  // The moves of the cycle, oldest first, read off the state stack while going back to its start.
  Position pos = now;
  std::vector<Move> cycle;
  for (int i = 0; i < cycle_plies; ++i) {
    cycle.push_back(pos.state().move);
    pos.undo_move();
  }
  std::reverse(cycle.begin(), cycle.end());

  // Piece identities, followed through the cycle: the square each piece stood on at its start.
  std::array<int, MAILBOX> id;
  id.fill(-1);
  for (int s = 0; s < MAILBOX; ++s)
    if (is_piece(pos.at(Square(s)))) id[s] = s;

  std::array<std::optional<std::vector<int>>, 2> common;  // pieces chased by every move so far
  for (Move m : cycle) {
    const Color us = pos.side_to_move();
    // A threat is new only if the move made the attack itself: by the moved piece, or along a
    // line it opened or closed. Attacks that stood before are compared without the General's
    // safety, so a move that only ends a check or unpins a piece makes no new threat; a
    // General's step never chases.
    const bool general_step = kind_of(pos.at(m.from())) == pos.variant().kind_by_token("K");
    std::vector<std::pair<int, int>> before;
    for (auto [a, t] : captures_of(pos, us, true)) before.push_back({id[a], id[t]});
    pos.do_move(m);
    id[m.to()] = id[m.from()];
    id[m.from()] = -1;
    Chaser chaser(pos);
    std::vector<int> chased;
    for (auto [a, t] : general_step ? std::vector<Capture>{} : captures_of(pos, us)) {
      const std::pair<int, int> threat{id[a], id[t]};
      if (std::find(before.begin(), before.end(), threat) != before.end()) continue;
      if (chaser.counts(a, t)) chased.push_back(id[t]);
    }
    auto& c = common[us];
    if (!c) {
      c = chased;
    } else {
      std::vector<int> keep;
      for (int x : *c)
        if (std::find(chased.begin(), chased.end(), x) != chased.end()) keep.push_back(x);
      c = keep;
    }
  }
  return {common[FIRST] && !common[FIRST]->empty(), common[SECOND] && !common[SECOND]->empty()};
}

}  // namespace kirin
