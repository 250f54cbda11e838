// Composed mate problems. Making one and judging a move played in one run the mate solver on
// the engine pool, so the I/O threads never run it; the problem (without its solution) and the
// solution are reads. Problems are written once, never changed.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "server/analysis/analyses.h"
#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

// A position offered as a mate problem (the editor's "Make a problem").
struct NewProblem {
  std::string game;
  std::vector<std::string> options;  // rule options, as a game's
  std::string fen;                   // the attacker to move; its royal may be missing
  std::optional<bool> checks_only;   // default: true in the shogi games (tsume), false in xiangqi
  bool rest_to_defender = false;     // tsume: the defender holds every piece not on the board or in the attacker's hand
};

class Problems {
 public:
  // The mate solver's time to check a new problem, and to judge a move played in one.
  Problems(GameStore& store, EnginePool& pool, Failures fail, int64_t problem_ms, int64_t move_ms)
      : store_(store), pool_(pool), fail_(std::move(fail)), problem_ms_(problem_ms), move_ms_(move_ms) {}
  Reply create(const NewProblem& spec, Done done, EnginePool::JobPtr& job);
  Reply get(const std::string& id);
  // `notation` (a notation's name, "" for none) adds the moves written in it (`*_notation`).
  Reply solution(const std::string& id, const std::string& notation = "");
  // `moves`: the line played so far from the problem's position, ending with the attacker's move to judge.
  Reply try_line(const std::string& id, const std::vector<std::string>& moves, Done done, EnginePool::JobPtr& job,
                 const std::string& notation = "");
  void cancel(const EnginePool::JobPtr& job) { pool_.cancel(job); }

 private:
  // The stored problem, or the reply that says why not (404, or 500 logged).
  std::optional<Reply> find(const std::string& id, ProblemRecord& out);

  GameStore& store_;
  EnginePool& pool_;
  Failures fail_;
  const int64_t problem_ms_, move_ms_;
};

}  // namespace kirin::server
