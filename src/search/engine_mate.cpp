// The Engine's mate solving: `go mate`, and the proven mates reported in analysis.
#include "search/engine.h"

namespace kirin {
namespace {

// How long analysis lets the solver try before the alpha-beta search starts.
constexpr int64_t ANALYSIS_MATE_MS = 500;

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

bool Engine::analysis_mate(const InfoCallback& info, SearchResult& result) {
  MateLimits limits;
  limits.movetime = ANALYSIS_MATE_MS;
  limits.max_plies = MAX_PLY - 1;  // what a mate score can say
  MateSolver solver(*pos_, mate_table(), control_.stop);
  solver.set_yield(control_.yield);
  const MateResult m = solver.solve(limits);
  if (m.status != MateStatus::MATE || m.line.empty()) return false;
  SearchInfo si;
  si.depth = si.seldepth = int(m.line.size());
  si.score = mate_in(int(m.line.size()));
  si.nodes = m.nodes;
  si.time_ms = m.time_ms;
  si.nps = m.time_ms > 0 ? m.nodes * 1000 / uint64_t(m.time_ms) : m.nodes * 1000;
  si.hashfull = mate_table().hashfull();
  si.pv = m.line;
  if (info) info(si);
  result.best = m.line[0];
  if (m.line.size() > 1) result.ponder = m.line[1];
  result.score = si.score;
  result.depth = si.depth;
  result.nodes = m.nodes;
  return true;
}

}  // namespace kirin
