// Depth-first proof-number search (df-pn, Nagai 2002) for a forced mate by the side to move,
// in any of the three games, with the rules as the referee applies them (mate_moves.h).
//
//   MateTable table(16);                          // its own table, bounded by the Hash option
//   std::atomic<bool> stop{false};
//   MateSolver solver(pos, table, stop);
//   MateResult r = solver.solve({.movetime = 5000, .checks_only = true}, on_progress);
//   r.status: MATE (r.line: shortest attack, longest defence), NO_MATE, or UNKNOWN (time, stop)
//
// Proofs never depend on the path. Disproofs may: a repetition on the path counts as "no mate"
// (perpetual check loses in xiangqi and Chu Seireigi; in Chu Shogi the checking side must vary),
// and a disproof found that way is stored like any other, so in rare positions a mate reached
// only through a repeated position can be missed (the graph-history problem), never invented.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rules/position.h"
#include "search/mate/mate_moves.h"
#include "search/mate/mate_table.h"

namespace kirin {

struct MateLimits {
  int64_t movetime = 0;        // ms; 0: no time limit
  uint64_t nodes = 0;          // 0: no node limit
  bool checks_only = true;     // tsume: every attacking move gives check
  int max_plies = 0;           // 0: MateSolver::MAX_PLIES
  std::vector<Move> excluded;  // root moves not to try (is there another key move?)
  // The tsume convention (false): a futile interposition, a drop in check on a square that no
  // defending piece guards (the checker just takes it), neither lengthens the longest defence
  // nor counts against max_plies, and the main line leaves it out; a defender left with only
  // such drops is mated. It is still proven against. true: every ply counts, as in a game.
  bool futile_drops_count = false;
};

enum class MateStatus { MATE, NO_MATE, UNKNOWN };

struct MateProgress {
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  uint32_t pn = 1, dn = 1;  // the root's proof and disproof numbers
  int hashfull = 0;         // per mille
};

struct MateResult {
  MateStatus status = MateStatus::UNKNOWN;
  std::vector<Move> line;  // MATE: the main line, attacker's move first
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  uint32_t pn = 1, dn = 1;
};

using MateProgressCallback = std::function<void(const MateProgress&)>;

// A proof or disproof number as progress lines show it: "inf" for INFINITE_PN.
inline std::string proof_number_text(uint32_t n) { return n >= INFINITE_PN ? "inf" : std::to_string(n); }

class MateSolver {
 public:
  static constexpr int MAX_PLIES = 1000;

  MateSolver(const Position& root, MateTable& table, const std::atomic<bool>& stop);
  // Called every 1024 nodes: a host with one thread takes in "stop" there (engine.h, set_yield).
  void set_yield(std::function<void(bool waiting)> yield) { yield_ = std::move(yield); }
  // Clears the table, proves or disproves, then looks for shorter mates while time remains.
  MateResult solve(const MateLimits& limits, const MateProgressCallback& progress = {});

 private:
  struct Child {
    MateMove mm;
    uint32_t pn = 1, dn = 1;
    uint16_t plies = 0;
    bool limited = false;
    bool repeated = false;  // on the path: never a win for the attacker
    bool futile = false;    // a futile interposition (MateLimits::futile_drops_count)
  };

  MateEntry mid(int ply, uint32_t th_pn, uint32_t th_dn);
  bool expand(int ply, std::vector<Child>& kids, MateEntry& e);
  bool futile_drop(Move m) const;
  // Plies left before the limit at `ply`, futile interpositions on the path given back.
  int left(int ply) const { return cap_ - ply + refund_; }
  // Searches child `c` of the node at `ply`, a futile interposition with its two plies given back.
  MateEntry search_child(const Child& c, int ply, uint32_t th_pn, uint32_t th_dn);
  void refresh(Child& c, int remaining) const;
  static void aggregate(bool attacker, const std::vector<Child>& kids, int remaining, MateEntry& e);
  std::vector<Move> main_line();
  bool should_abort();
  MateProgress progress() const;

  Position pos_;
  MateTable& table_;
  const std::atomic<bool>& stop_;
  MateLimits limits_;
  MateProgressCallback on_progress_;
  std::function<void(bool waiting)> yield_;
  Color attacker_;
  bool attacker_has_royal_ = false;
  int cap_ = MAX_PLIES;  // no line longer than this many plies
  int refund_ = 0;       // plies given back for futile interpositions on the path
  std::vector<Key> path_;
  std::vector<MateMove> scratch_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  uint32_t root_pn_ = 1, root_dn_ = 1;
  std::chrono::steady_clock::time_point start_;
  int64_t next_report_ms_ = 1000;
};

}  // namespace kirin
