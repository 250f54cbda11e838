// Xiangqi threats to capture, the raw facts the repetition rules judge a chase by
// (rules/chase.h, rules/cycle_classes.h): who could take what, and whether the piece taken
// could be taken back.
#pragma once
#include <array>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace kirin {

using Capture = std::pair<Square, Square>;  // attacker square, target square

// The xiangqi kinds the chase rules name, looked up once per judgement.
struct ChaseKinds {
  Kind general, soldier, chariot, horse, cannon;
  explicit ChaseKinds(const Variant& v)
      : general(v.kind_by_token("K")),
        soldier(v.kind_by_token("P")),
        chariot(v.kind_by_token("R")),
        horse(v.kind_by_token("N")),
        cannon(v.kind_by_token("C")) {}
};

// The captures colour c could make in this position if it were c's turn: the legal ones, or with
// `pseudo` also those its own General's safety forbids (a pinned piece, a capture that leaves a
// check standing). The side to move is switched in place and restored: only the board matters.
std::vector<Capture> captures_of(Position& pos, Color c, bool pseudo = false);

// Takes `pos` back to the start of the cycle that ends there, `cycle_plies` long, and gives the
// cycle's moves, oldest first (read off the state stack on the way back).
std::vector<Move> rewind_cycle(Position& pos, int cycle_plies);

// Piece identities to follow through a cycle: the square each piece stands on now, -1 if empty.
std::array<int, MAILBOX> piece_ids(const Position& pos);

// Could c legally capture from `from` on `to`, were it c's turn?
bool can_capture(Position& pos, Color c, Square from, Square to);

// After `attacker` takes on `target`, could the target's side legally take back there? A
// protector pinned to its General does not protect (a "false root" in the rulebooks' words).
bool protected_after_capture(Position& pos, Square attacker, Square target);

}  // namespace kirin
