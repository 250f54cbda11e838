// Composed mate problems, judged by the mate solver: whether a position is a sound problem (a
// proven mate, and whether its first move is the only one that mates), and how a solver's move
// in it is judged (still a mate in the plies the problem allows, with Kirin's longest defence,
// or not, with the defence that beats it).
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "search/mate/mate_solver.h"

namespace kirin {

struct ProblemLimits {
  int64_t movetime = 10000;  // ms for the whole check (the proof, then the other first moves)
  bool checks_only = true;
  size_t hash_mb = 16;
  int max_alternatives = 3;  // other mating first moves looked for, at most
};

struct ProblemCheck {
  MateStatus status = MateStatus::UNKNOWN;  // MATE: a problem; NO_MATE; UNKNOWN: not proven in the time
  std::vector<Move> solution;               // shortest attack, longest defence
  struct Alternative {
    Move move;
    int plies = 0;
  };
  std::vector<Alternative> alternatives;  // other first moves that mate as fast (cooks)
  int key_unique = -1;                    // 1: no other first move mates as fast, 0: alternatives, -1: not proven
};

// The tsume convention of a game with drops: the defender holds every piece that is neither on
// the board nor in the attacker's hand (a set as the start position has it, promoted pieces
// counted as what they return to hand as; never a royal). Or why not (no drops, or more pieces
// of a kind than a set has); `pos` is unchanged then.
Result<void> give_defender_the_rest(Position& pos);

// `pos` has the attacker to move. Stops early (UNKNOWN) when `stop` is set.
ProblemCheck check_problem(const Position& pos, const ProblemLimits& limits, const std::atomic<bool>& stop);

enum class Verdict { SOLVED, CORRECT, WRONG, UNKNOWN };

struct MoveJudgement {
  Verdict verdict = Verdict::UNKNOWN;
  Move reply;          // CORRECT: Kirin's longest defence
  Move refutation;     // WRONG: a defence after which no mate is left in the plies allowed (none if not found in time)
  std::string reason;  // WRONG: why, in a few words
};

// The attacker's legal move `m` in `before`, with `plies_left` plies of the problem left
// (counting m). A mate within them (m a check where checks_only) is right.
MoveJudgement judge_move(const Position& before, Move m, int plies_left, const ProblemLimits& limits,
                         const std::atomic<bool>& stop);

}  // namespace kirin
