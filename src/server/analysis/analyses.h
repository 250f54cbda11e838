// Kirin's analyses of positions on the engine pool, answered once or streamed depth by depth.
// They touch no game: a position comes with the request and goes with the answer.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/engine/pool.h"
#include "server/replies.h"

namespace kirin::server {

struct AnalyseSpec {
  std::string game;
  std::vector<std::string> options;
  std::string fen;
  std::vector<std::string> moves;
  int strength = MAX_STRENGTH;
  std::string notation;  // how the answer writes moves ("" : as the pages have; move_notation.h)
  // positions(): the start is a problem's (its attacker's royal may be missing, as a tsume's).
  bool problem = false;
};

// Engine work answered later: a refusal (bad position, full queue) comes back at once; else the
// reply's status is 0, `job` is set and `done` gets the answer on an engine thread, unless the
// job is cancelled first.
using Done = std::function<void(Reply)>;

class Analyses {
 public:
  explicit Analyses(EnginePool& pool) : pool_(pool) {}
  Reply analyse(const AnalyseSpec& spec, Done done, EnginePool::JobPtr& job);
  // Live, for at most `max_ms`: `emit` gets ("info", {depth, multipv, score, mate, nodes, nps,
  // time_ms, pv}) for each completed depth of each line, then ("done", {best}), on an engine thread.
  using EventEmitter = std::function<void(const char* event, std::shared_ptr<const std::string> data)>;
  // The position before the first move and after each (no engine): {positions}, or BAD_REQUEST with the
  // move that is not legal, as the analyses would say it.
  Reply positions(const AnalyseSpec& spec);
  Reply analyse_live(const AnalyseSpec& spec, int multipv, int64_t max_ms, EventEmitter emit, EnginePool::JobPtr& job);
  void cancel(const EnginePool::JobPtr& job) { pool_.cancel(job); }

 private:
  Reply problem_positions(const AnalyseSpec& spec);
  EnginePool& pool_;
};

}  // namespace kirin::server
