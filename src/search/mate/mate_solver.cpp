#include "search/mate/mate_solver.h"

#include <algorithm>

#include "rules/end_rules.h"

namespace kirin {
namespace {

constexpr uint32_t INF = INFINITE_PN;

// A child's threshold from its parent's: what is left of the parent's after its other children.
uint32_t share(uint32_t threshold, uint64_t total, uint32_t part) {
  return threshold >= INF ? INF : uint32_t(threshold - (total - part));
}

// The 1 + epsilon trick (Pawlewicz and Lew): let the best child run a quarter past the second
// best before switching, so df-pn does not thrash between two close siblings.
uint32_t beyond(uint32_t second) {
  if (second >= INF) return INF;
  return std::max(second + 1, second + second / 4);
}

}  // namespace

MateSolver::MateSolver(const Position& root, MateTable& table, const std::atomic<bool>& stop)
    : pos_(root), table_(table), stop_(stop), attacker_(root.side_to_move()) {}

MateProgress MateSolver::progress() const {
  const int64_t ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
  return {nodes_, ms, root_pn_, root_dn_, table_.hashfull()};
}

bool MateSolver::should_abort() {
  if (aborted_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) return aborted_ = true;
  // The clock at every node (a read costs tens of ns, a node at least a microsecond): a Chu
  // Seireigi node with full hands tries thousands of drops and can take a millisecond, and a probe
  // of a few ms in a game's search must not overrun its share (at 5+0.05 on a busy machine the
  // probing side lost 8 games on time against 2, checking every 1024 and then every 64 nodes).
  // `stop` (and a one-thread host's yield, which takes it in) every 1024 nodes, as before, so a
  // short proof already under way when the stop comes still ends in its answer.
  if ((nodes_ & 1023) == 0) {
    if (yield_) yield_(false);
    if (stop_.load(std::memory_order_relaxed)) return aborted_ = true;
  }
  const int64_t ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
  if (limits_.movetime && ms >= limits_.movetime) return aborted_ = true;
  if (on_progress_ && ms >= next_report_ms_) {
    next_report_ms_ = ms + 1000;
    on_progress_(progress());
  }
  return false;
}

// What the table knows of a child `remaining` plies from the limit. A proof longer than that,
// or a disproof found with fewer plies to spare, says nothing here: the child is searched again
// (a shorter mate may still be there).
void MateSolver::refresh(Child& c, int remaining) const {
  if (c.repeated) return;
  const MateEntry* e = table_.probe(c.mm.key);
  if (!e) return;
  if (e->pn == 0) {
    if (e->plies <= remaining) {
      c.pn = 0, c.dn = INF, c.plies = e->plies, c.limited = false;
    } else {
      c.pn = c.dn = 1;
    }
  } else if (e->dn == 0) {
    if (!e->limited || e->plies >= remaining) {
      c.pn = INF, c.dn = 0, c.plies = e->plies, c.limited = e->limited;
    } else {
      c.pn = c.dn = 1;
    }
  } else {
    c.pn = e->pn, c.dn = e->dn;
  }
}

// OR node (attacker): proven by one proven child, disproven when all are. AND node (defender):
// the reverse. A proof's length takes the shortest attack and the longest defence known.
void MateSolver::aggregate(bool attacker, const std::vector<Child>& kids, int remaining, MateEntry& e) {
  uint64_t sum = 0;
  uint32_t best = INF;
  // The defender's longest defence leaves out futile interpositions: with nothing else, mated now.
  int proof_plies = attacker ? MAX_PLIES + 1 : -1;
  bool any_firm_disproof = false;
  for (const Child& c : kids) {
    const uint32_t mine = attacker ? c.pn : c.dn;    // min over children
    const uint32_t theirs = attacker ? c.dn : c.pn;  // summed over children
    best = std::min(best, mine);
    sum += theirs;
    if (c.pn == 0 && !c.futile)
      proof_plies = attacker ? std::min<int>(proof_plies, c.plies) : std::max<int>(proof_plies, c.plies);
    if (c.dn == 0 && !c.limited) any_firm_disproof = true;
  }
  const uint32_t summed = uint32_t(std::min<uint64_t>(sum, INF - 1));
  if (attacker) {
    e.pn = best;
    e.dn = best == 0 ? INF : summed;
  } else {
    e.dn = best;
    e.pn = best == 0 ? INF : summed;
  }
  e.limited = false;
  if (e.pn == 0) {
    e.plies = uint16_t(proof_plies + 1);
  } else if (e.dn == 0) {
    e.plies = uint16_t(remaining);
    // Attacker: every move failed, and one failure owed to the limit makes the whole one so.
    // Defender: one reply that holds for good is enough.
    bool all_firm = true;
    for (const Child& c : kids) all_firm = all_firm && !c.limited;
    e.limited = attacker ? !all_firm : !any_firm_disproof;
  }
}

// A drop in check on a square no defending piece guards: the checker takes it for nothing.
// Asked before the drop: the piece dropped does not change who attacks its own square (only a
// hopper's screen could, and no game with drops has one).
bool MateSolver::futile_drop(Move m) const { return m.is_drop() && !pos_.attacked(m.to(), pos_.side_to_move()); }

MateEntry MateSolver::search_child(const Child& c, int ply, uint32_t th_pn, uint32_t th_dn) {
  const int given_back = c.futile ? 2 : 0;
  refund_ += given_back;
  pos_.do_move(c.mm.move);
  const MateEntry r = mid(ply + 1, th_pn, th_dn);
  pos_.undo_move();
  refund_ -= given_back;
  return r;
}

// Generates the children, or settles the node at once (mated, no move, no plies left).
// Returns false when the node is settled in `e`.
bool MateSolver::expand(int ply, std::vector<Child>& kids, MateEntry& e) {
  const bool attacker = pos_.side_to_move() == attacker_;
  const int remaining = left(ply);
  auto settle = [&](bool proven, bool limited) {
    e.pn = proven ? 0 : INF;
    e.dn = proven ? INF : 0;
    e.plies = uint16_t(proven ? 0 : remaining);
    e.limited = limited;
    return false;
  };
  if (attacker) {
    if (attacker_has_royal_ && !has_royal(pos_, attacker_)) return settle(false, false);
    if (remaining <= 0) return settle(false, true);
    attacking_moves(pos_, limits_.checks_only, scratch_);
    if (ply == 0)
      std::erase_if(scratch_, [&](const MateMove& mm) {
        return std::find(limits_.excluded.begin(), limits_.excluded.end(), mm.move) != limits_.excluded.end();
      });
    if (scratch_.empty()) return settle(false, false);
  } else {
    if (!has_royal(pos_, ~attacker_)) return settle(true, false);
    defending_moves(pos_, scratch_);
    if (scratch_.empty()) return settle(true, false);
    if (remaining <= 0) return settle(false, true);
  }
  kids.clear();
  // Only a game with drops has futile interpositions, and only where the convention holds.
  const bool interposing = !attacker && !limits_.futile_drops_count && pos_.variant().def().drops && pos_.in_check();
  for (const MateMove& mm : scratch_) {
    Child c{mm};
    c.futile = interposing && futile_drop(mm.move);
    // Positions of the same side to move recur every second ply.
    for (size_t i = path_.size() % 2 == 0 ? 1 : 0; i < path_.size(); i += 2)
      if (path_[i] == mm.key) c.repeated = true;
    if (c.repeated) c.pn = INF, c.dn = 0;
    kids.push_back(c);
  }
  return true;
}

MateEntry MateSolver::mid(int ply, uint32_t th_pn, uint32_t th_dn) {
  const uint64_t before = nodes_++;
  MateEntry e;
  e.key = pos_.key();
  std::vector<Child> kids;
  const bool attacker = pos_.side_to_move() == attacker_;
  const int remaining = left(ply);
  if (expand(ply, kids, e)) {
    path_.push_back(e.key);
    while (true) {
      for (Child& c : kids) refresh(c, remaining - 1 + (c.futile ? 2 : 0));
      aggregate(attacker, kids, remaining, e);
      if (ply == 0) root_pn_ = e.pn, root_dn_ = e.dn;
      if (e.pn >= th_pn || e.dn >= th_dn || should_abort()) break;
      // The most proving child: least proof number at an attacker's node, least disproof
      // number at a defender's; `second` is the runner-up's.
      size_t bi = 0;
      uint32_t best = INF + 1, second = INF;
      for (size_t i = 0; i < kids.size(); ++i) {
        const uint32_t v = attacker ? kids[i].pn : kids[i].dn;
        if (v < best) {
          second = best;
          best = v;
          bi = i;
        } else if (v < second) {
          second = v;
        }
      }
      second = std::min(second, INF);
      Child& c = kids[bi];
      uint32_t c_pn, c_dn;
      if (attacker) {
        c_pn = std::min(th_pn, beyond(second));
        c_dn = share(th_dn, e.dn, c.dn);
      } else {
        c_dn = std::min(th_dn, beyond(second));
        c_pn = share(th_pn, e.pn, c.pn);
      }
      const MateEntry r = search_child(c, ply, c_pn, c_dn);
      c.pn = r.pn, c.dn = r.dn, c.plies = r.plies, c.limited = r.limited;
      if (aborted_) {
        aggregate(attacker, kids, remaining, e);
        break;
      }
    }
    path_.pop_back();
  }
  e.work = uint32_t(std::min<uint64_t>(nodes_ - before, UINT32_MAX));
  table_.store(e);
  return e;
}

// Follows the proof: at the attacker's turns the proven move with the shortest mate, at the
// defender's the reply that holds out longest. A proof the table has lost is found again.
std::vector<Move> MateSolver::main_line() {
  std::vector<Move> line;
  std::vector<Child> kids;
  // The best proven child, proving the defender's replies (all must be) where the table lost them.
  // MATED: the defender has only futile interpositions left.
  constexpr int MATED = -2;
  auto choose = [&](int ply, bool attacker) {
    const int remaining = left(ply) - 1;
    int pick = -1;
    bool all_futile = true;
    for (int i = 0; i < int(kids.size()); ++i) {
      Child& c = kids[i];
      refresh(c, remaining + (c.futile ? 2 : 0));
      if (c.pn != 0 && !attacker && !c.repeated && !aborted_) {
        path_.push_back(pos_.key());
        const MateEntry r = search_child(c, ply, INF, INF);
        path_.pop_back();
        c.pn = r.pn, c.plies = r.plies;
      }
      if (c.pn != 0) {  // an attacker's move that does not mate, or a defence lost to the clock
        all_futile = all_futile && attacker;
        continue;
      }
      if (c.futile && !attacker) continue;
      all_futile = false;
      if (pick < 0 || (attacker ? c.plies < kids[pick].plies : c.plies > kids[pick].plies)) pick = i;
    }
    return !attacker && all_futile ? MATED : pick;
  };
  for (int ply = 0; ply < cap_; ++ply) {
    MateEntry e;
    if (!expand(ply, kids, e)) break;  // mated
    const bool attacker = pos_.side_to_move() == attacker_;
    int pick = choose(ply, attacker);
    if (pick == -1 && attacker && !aborted_) {  // the table lost this node's proof: prove it again
      mid(ply, INF, INF);
      pick = choose(ply, attacker);
    }
    if (pick < 0) break;  // lost to the clock, or mated
    line.push_back(kids[pick].mm.move);
    path_.push_back(pos_.key());
    pos_.do_move(kids[pick].mm.move);
  }
  for (size_t i = 0; i < line.size(); ++i) {
    pos_.undo_move();
    path_.pop_back();
  }
  return line;
}

MateResult MateSolver::solve(const MateLimits& limits, const MateProgressCallback& progress_cb) {
  limits_ = limits;
  on_progress_ = progress_cb;
  start_ = std::chrono::steady_clock::now();
  nodes_ = 0;
  aborted_ = false;
  table_.clear();  // entries depend on the attacker and on checks_only
  attacker_has_royal_ = has_royal(pos_, attacker_);
  cap_ = limits.max_plies > 0 ? std::min(limits.max_plies, MAX_PLIES) : MAX_PLIES;
  refund_ = 0;
  path_.clear();

  MateResult result;
  MateEntry root = mid(0, INF, INF);
  if (root.pn == 0) {
    result.status = MateStatus::MATE;
    result.line = main_line();
    // A shorter mate, if any: search again with the limit just under the one found.
    while (!aborted_ && result.line.size() > 2) {
      cap_ = int(result.line.size()) - 2;
      root = mid(0, INF, INF);
      if (root.pn != 0) break;
      std::vector<Move> shorter = main_line();
      if (aborted_ || shorter.empty() || shorter.size() >= result.line.size()) break;
      result.line = std::move(shorter);
    }
    root_pn_ = 0, root_dn_ = INF;
  } else {
    root_pn_ = root.pn, root_dn_ = root.dn;
    if (root.dn == 0) result.status = MateStatus::NO_MATE;
  }
  const MateProgress p = progress();
  result.nodes = p.nodes;
  result.time_ms = p.time_ms;
  result.pn = root_pn_;
  result.dn = root_dn_;
  return result;
}

}  // namespace kirin
