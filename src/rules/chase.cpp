#include "rules/chase.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "rules/threats.h"

namespace kirin {
namespace {

struct Chaser : ChaseKinds {
  Position& pos;
  const Variant& v;

  explicit Chaser(Position& p) : ChaseKinds(p.variant()), pos(p), v(p.variant()) {}

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
  Position pos = now;
  const std::vector<Move> cycle = rewind_cycle(pos, cycle_plies);
  // Piece identities, followed through the cycle: the square each piece stood on at its start.
  std::array<int, MAILBOX> id = piece_ids(pos);

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
