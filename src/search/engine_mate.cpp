// The Engine's mate solving: `go mate`, the proven mates reported in analysis, and the game
// search's mate probe.
#include <algorithm>

#include "search/engine.h"
#include "search/timeman.h"

namespace kirin {
namespace {

// How long analysis lets the solver try before the alpha-beta search starts.
constexpr int64_t ANALYSIS_MATE_MS = 500;
// A game search's mate probe takes this share of the move's planned time (1/PROBE_SHARE).
constexpr int64_t PROBE_SHARE = 10;
// The probe's table: a probe of a few tens of ms fills a few thousand entries, and the table is
// cleared before every probe, which must stay cheap.
constexpr size_t PROBE_TABLE_MB = 1;

}  // namespace

MateTable& Engine::mate_table() {
  if (!mate_table_) mate_table_ = std::make_unique<MateTable>(hash_mb_);
  return *mate_table_;
}

MateResult Engine::solve_mate(const MateLimits& limits, const MateProgressCallback& progress) {
  wait();
  control_.stop = false;
  MateSolver solver(*pos_, mate_table(), control_.stop);
  solver.set_yield(control_.yield);
  return solver.solve(limits, progress);
}

void Engine::start_mate(const MateLimits& limits, MateProgressCallback progress,
                        std::function<void(const MateResult&)> done) {
  wait();
  control_.stop = false;
  control_.pondering = false;
  MateTable& table = mate_table();
  launch([this, &table, limits, progress = std::move(progress), done = std::move(done)] {
    MateSolver solver(*pos_, table, control_.stop);
    solver.set_yield(control_.yield);
    const MateResult r = solver.solve(limits, progress);
    busy_ = false;
    if (done) done(r);
  });
}

MateTable& Engine::probe_table() {
  if (!probe_table_) probe_table_ = std::make_unique<MateTable>(std::min(hash_mb_, PROBE_TABLE_MB));
  return *probe_table_;
}

bool Engine::analysis_mate(const InfoCallback& info, SearchResult& result) {
  MateLimits limits;
  limits.movetime = ANALYSIS_MATE_MS;
  limits.max_plies = MAX_PLY - 1;    // what a mate score can say
  limits.futile_drops_count = true;  // a mate score counts the plies a game plays
  MateSolver solver(*pos_, mate_table(), control_.stop);
  solver.set_yield(control_.yield);
  const MateResult m = solver.solve(limits);
  if (m.status != MateStatus::MATE || m.line.empty()) return false;
  report_mate(m, mate_table(), info, result);
  return true;
}

bool Engine::probe_mate(const SearchLimits& limits, SearchLimits& rest, const InfoCallback& info,
                        SearchResult& result) {
  if (!mate_probe_ || level_ != 0 || limits.infinite || limits.nodes || limits.depth || !limits.search_moves.empty() ||
      settings_.multipv > 1 || control_.pondering)
    return false;
  const Color us = pos_->side_to_move();
  const TimeBudget clock = plan_time(limits, us, settings_.move_overhead);
  if (clock.optimum <= 0) return false;
  MateLimits ml;
  ml.movetime = std::max<int64_t>(1, clock.optimum / PROBE_SHARE);
  ml.max_plies = MAX_PLY - 1;
  ml.checks_only = true;  // the cheap kind, and the kind alpha-beta misses: long series of checks
  ml.futile_drops_count = true;
  MateTable& table = probe_table();
  MateSolver solver(*pos_, table, control_.stop);
  solver.set_yield(control_.yield);
  const MateResult m = solver.solve(ml);
  if (m.status == MateStatus::MATE && !m.line.empty()) {
    report_mate(m, table, info, result);
    return true;
  }
  // What the probe spent comes off the move's time: a fixed move time, or the clock's main time
  // (a clock in byoyomi only keeps its period: the probe's share of it is small).
  const int64_t spent = m.time_ms;
  if (limits.movetime)
    rest.movetime = std::max<int64_t>(1, limits.movetime - spent);
  else if (limits.time[int(us)] > spent)
    rest.time[int(us)] = limits.time[int(us)] - spent;
  return false;
}

void Engine::report_mate(const MateResult& m, MateTable& table, const InfoCallback& info, SearchResult& result) {
  SearchInfo si;
  si.depth = si.seldepth = int(m.line.size());
  si.score = mate_in(int(m.line.size()));
  si.nodes = m.nodes;
  si.time_ms = m.time_ms;
  si.nps = m.time_ms > 0 ? m.nodes * 1000 / uint64_t(m.time_ms) : m.nodes * 1000;
  si.hashfull = table.hashfull();
  si.pv = m.line;
  if (info) info(si);
  result.best = m.line[0];
  if (m.line.size() > 1) result.ponder = m.line[1];
  result.score = si.score;
  result.depth = si.depth;
  result.nodes = m.nodes;
}

}  // namespace kirin
