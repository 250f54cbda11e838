#include "game/check_limit.h"

#include <algorithm>
#include <array>
#include <vector>

#include "rules/threats.h"

namespace kirin {
namespace {

// The pieces of `us` that attack the enemy General, by their identities.
void add_checkers(Position& pos, Color us, const std::array<int, MAILBOX>& id, std::vector<int>& into) {
  const Square general = pos.royal_square(~us);
  for (auto [a, t] : captures_of(pos, us, true))
    if (t == general && std::find(into.begin(), into.end(), id[a]) == into.end()) into.push_back(id[a]);
}

}  // namespace

std::string check_limit_breach(const Game& g, Move m) {
  const int cap = g.variant().options().check_limit;
  if (g.variant().game() != GameId::XIANGQI || cap <= 0) return "";
  Position pos = g.position();
  const Color us = pos.side_to_move();
  pos.do_move(m);
  const bool gives_check = pos.in_check();
  pos.undo_move();
  if (!gives_check) return "";
  // Our earlier moves, newest first, while each gave check: the run this check would extend.
  int start = g.ply();
  while (start >= 2 && g.position_at(start - 1).in_check()) start -= 2;
  const int checks = (g.ply() - start) / 2 + 1;
  if (checks <= cap) return "";
  // Which pieces gave the checks, followed by identity from the run's first move.
  Position walk = g.position_at(start);
  std::array<int, MAILBOX> id;
  for (int s = 0; s < MAILBOX; ++s) id[s] = s;
  std::vector<int> checkers;
  auto step = [&](Move mv) {
    const Color mover = walk.side_to_move();
    walk.do_move(mv);
    id[mv.to()] = id[mv.from()];
    if (mover == us) add_checkers(walk, us, id, checkers);
  };
  for (int i = start; i < g.ply(); ++i) step(g.moves()[i]);
  step(m);
  const int pieces = std::min<int>(int(checkers.size()), 3);
  if (checks <= cap * std::max(pieces, 1)) return "";
  return "check number " + std::to_string(checks) + " in a row, by " + std::to_string(pieces) +
         (pieces == 1 ? " piece" : " pieces") + ": checklimit=" + std::to_string(cap) + " allows " +
         std::to_string(cap * std::max(pieces, 1));
}

}  // namespace kirin
