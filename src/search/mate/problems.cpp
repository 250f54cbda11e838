#include "search/mate/problems.h"

#include <algorithm>
#include <chrono>

#include "notation/fen.h"

namespace kirin {
namespace {

using Clock = std::chrono::steady_clock;

int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

bool contains(const std::vector<MateMove>& moves, Move m) {
  return std::any_of(moves.begin(), moves.end(), [&](const MateMove& mm) { return mm.move == m; });
}

}  // namespace

ProblemCheck check_problem(const Position& pos, const ProblemLimits& limits, const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  MateTable table{limits.hash_mb};
  MateSolver solver(pos, table, stop);
  MateLimits ml;
  ml.movetime = limits.movetime;
  ml.checks_only = limits.checks_only;
  ProblemCheck out;
  const MateResult proof = solver.solve(ml);
  out.status = proof.status;
  if (proof.status != MateStatus::MATE || proof.line.empty()) return out;
  out.solution = proof.line;
  // Another first move that mates as fast is a cook (a slower mate is no solution: the page
  // allows only the solution's plies): each found is listed and left out of the next search,
  // until none is left (the key is unique) or the time is spent (unproven).
  ml.excluded = {proof.line[0]};
  ml.max_plies = int(proof.line.size());
  while (int(out.alternatives.size()) < limits.max_alternatives) {
    const int64_t left = limits.movetime - ms_since(start);
    if (left <= 0 || stop) return out;
    ml.movetime = left;
    const MateResult other = solver.solve(ml);
    if (other.status == MateStatus::NO_MATE) {
      out.key_unique = out.alternatives.empty() ? 1 : 0;
      return out;
    }
    if (other.status != MateStatus::MATE || other.line.empty()) return out;
    out.alternatives.push_back({other.line[0], int(other.line.size())});
    ml.excluded.push_back(other.line[0]);
  }
  out.key_unique = 0;
  return out;
}

Result<void> give_defender_the_rest(Position& pos) {
  const Variant& v = pos.variant();
  if (!v.def().drops) return Error{v.name() + " has no pieces in hand"};
  // Pieces of each kind as they go to hand: a set, minus the board and both hands.
  std::vector<int> rest(size_t(v.kind_count()), 0);
  const Position set = start_position(pos.variant_ptr());
  for (Color c : {FIRST, SECOND})
    for (Square s : set.pieces(c)) ++rest[v.demoted(kind_of(set.at(s)))];
  for (Color c : {FIRST, SECOND}) {
    for (Square s : pos.pieces(c)) --rest[v.demoted(kind_of(pos.at(s)))];
    for (int k = 0; k < v.kind_count(); ++k) rest[k] -= pos.hand(c, Kind(k));
  }
  for (int k = 0; k < v.kind_count(); ++k)
    if (rest[k] < 0 && !v.is_royal(Kind(k)))
      return Error{"the position has " + std::to_string(-rest[k]) + " more " + v.kind(Kind(k)).name +
                   (rest[k] < -1 ? "s" : "") + " than a set"};
  Position given = pos;
  const Color defender = ~pos.side_to_move();
  for (int k = 0; k < v.kind_count(); ++k)
    if (rest[k] > 0 && !v.is_royal(Kind(k))) given.set_hand(defender, Kind(k), pos.hand(defender, Kind(k)) + rest[k]);
  auto checked = given.finish_setup(Setup::PROBLEM);
  if (checked) pos = given;
  return checked;
}

MoveJudgement judge_move(const Position& before, Move m, int plies_left, const ProblemLimits& limits,
                         const std::atomic<bool>& stop) {
  const Clock::time_point start = Clock::now();
  MoveJudgement out;
  Position pos = before;
  std::vector<MateMove> attacks;
  attacking_moves(pos, limits.checks_only, attacks);
  MateTable table{limits.hash_mb};
  if (!contains(attacks, m)) {
    out.verdict = Verdict::WRONG;
    out.reason = "not a check: every attacking move of this problem must check";
  } else {
    // The solver from the same position, with every other first move left out.
    MateLimits ml;
    ml.movetime = std::max<int64_t>(1, limits.movetime / 2);
    ml.checks_only = limits.checks_only;
    ml.max_plies = std::max(1, plies_left);
    for (const MateMove& a : attacks)
      if (a.move != m) ml.excluded.push_back(a.move);
    MateSolver solver(before, table, stop);
    const MateResult r = solver.solve(ml);
    if (r.status == MateStatus::UNKNOWN) return out;
    if (r.status == MateStatus::MATE && !r.line.empty() && r.line[0] == m) {
      out.verdict = r.line.size() == 1 ? Verdict::SOLVED : Verdict::CORRECT;
      if (r.line.size() > 1) out.reply = r.line[1];
      return out;
    }
    out.verdict = Verdict::WRONG;
    out.reason = "no mate in the " + std::to_string(plies_left) + (plies_left == 1 ? " ply" : " plies") + " left";
  }
  // The refutation: the first defence after which the attacker has no mate in what is left.
  pos.do_move(m);
  std::vector<MateMove> defences;
  defending_moves(pos, defences);
  const int after = plies_left - 2;
  for (const MateMove& d : defences) {
    if (after <= 0) {
      out.refutation = d.move;
      break;
    }
    const int64_t left = limits.movetime - ms_since(start);
    if (left <= 0 || stop) break;
    Position next = pos;
    next.do_move(d.move);
    MateLimits ml;
    ml.movetime = std::max<int64_t>(20, left / int64_t(defences.size()));
    ml.checks_only = limits.checks_only;
    ml.max_plies = after;
    MateSolver solver(next, table, stop);
    if (solver.solve(ml).status == MateStatus::NO_MATE) {
      out.refutation = d.move;
      break;
    }
  }
  return out;
}

}  // namespace kirin
