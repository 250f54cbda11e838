// Xiangqi repetition=axf: every move of a repetition cycle classified as the Asian Xiangqi
// Federation's rules class it (docs/xiangqi-repetition.md has each point with its source):
// * check: after the move the enemy General is attacked;
// * chase: the move made a new threat to capture an enemy piece other than the General, a threat
//   the rules count (Threat::counts). New means the threat did not count before the move: the
//   moved piece attacks, or the move opened a line for another piece (a discovered attack, the
//   General's own step included), or it took away the target's protection (the rulebook's
//   appendix: a Soldier that blocks a protector). A threat that stood before, even one the
//   mover's own General's safety forbade, is not new, so ending a check or an unpin chases nothing;
// * idle: anything else, mate threats included (AXF rule 9: perpetual threat of mate is allowed).
// A side offends when every one of its moves in the cycle checks (perpetual check, 长将), or when
// every one checks or chases, in any mixture and whichever pieces it chases (长打: check and chase
// in turn, one piece chasing two in turn, several chasing one). Under repetition=axf-hk only one
// and the same enemy piece, followed as it moves, chased by every move offends (AXF rules 18, 32
// in the Hong Kong text allow the rest). The verdict's order (perpetual check is worse) is in
// rules/repetition_verdict.h.
#pragma once
#include <array>
#include <vector>

#include "rules/position.h"

namespace kirin {

// Why a new threat counts as a chase (the first two), or why it does not.
enum class ThreatWhy : uint8_t {
  UNPROTECTED,        // nothing of the target's side could take back
  CHARIOT,            // a Chariot attacked by a Horse or a Cannon counts even protected (AXF 15)
  WORTH_MORE,         // any other target worth more than its attacker (an Advisor or Elephant's)
  PROTECTED,          // the target's side could take back on its square
  EXCHANGE,           // the target, of the attacker's value, could take the attacker (AXF 24)
  BY_GENERAL,         // the General may chase for ever (AXF 28)
  BY_SOLDIER,         // a Soldier's threat is idle (CXA 2011 art. 27)
  UNCROSSED_SOLDIER,  // a Soldier on its own side of the river is no material (AXF 25)
};

// Whether a threat for this reason is a chase.
bool counting(ThreatWhy why);

struct Threat {
  Square from = NO_SQUARE, to = NO_SQUARE;  // the attacker's and the target's squares after the move
  Kind attacker = NO_KIND, target = NO_KIND;
  int target_id = -1;  // the target followed through the cycle: its square at the cycle's start
  ThreatWhy why = ThreatWhy::UNPROTECTED;
  bool counts() const { return counting(why); }
};

struct CycleMove {
  Move move;
  Color mover = FIRST;
  bool check = false;
  std::vector<Threat> threats;  // the new threats the move made, counted or not
  bool chases() const;
};

enum class Offence : uint8_t { NONE, PERPETUAL_CHECK, PERPETUAL_CHASE };

struct CycleReport {
  std::vector<CycleMove> moves;  // oldest first
  // PERPETUAL_CHASE also stands for a mixture of checks and chases (长打): it is judged as a chase.
  std::array<Offence, 2> offence{Offence::NONE, Offence::NONE};
  // For a perpetual chase: the pieces that colour chased, first chased first (ids, kinds on the
  // board), and whether some of its moves checked instead.
  std::array<std::vector<int>, 2> chased_ids;
  std::array<std::vector<Kind>, 2> chased_kinds;
  std::array<bool, 2> checked_too{false, false};
};

// `now` stands after the last move of a cycle that began `cycle_plies` plies earlier (now can
// undo that far). With `explain` every new threat is kept, counted or not; without it (the
// search) only those that count.
CycleReport classify_cycle(const Position& now, int cycle_plies, bool explain = false);

}  // namespace kirin
