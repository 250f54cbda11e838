// Kirin's moves on a database several servers share: one engine job per game whose Kirin is to
// move, kept by the games' own writes (GameStore's create() and save(), in their transaction) so
// that a turn is never lost nor given twice. A server claims the oldest job nobody holds (or
// whose holder stopped renewing its lease), keeps renewing while it thinks, and the save of
// Kirin's move ends the job. A store only one server uses has no jobs (that server schedules
// Kirin itself): the table is in PostgreSQL's schema only, and new jobs are announced on
// "kirin_jobs".
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/database.h"
#include "server/store/game_record.h"

namespace kirin::server {

// Kirin's turn in a game, as a job that one server of those sharing a store has claimed.
struct EngineJob {
  std::string game_id;
  int64_t version = 0;  // the game's stored version the move is for
};

class EngineJobStore {
 public:
  explicit EngineJobStore(Database& db) : db_(db) {}
  Result<std::optional<EngineJob>> claim(const std::string& worker, int64_t lease_ms);
  // Extends the leases `worker` holds on the jobs of these games.
  Result<void> renew(const std::string& worker, const std::vector<std::string>& game_ids, int64_t lease_ms);
  // Gives a claimed job back (its holder could not finish it), if it is still that version's.
  Result<void> release(const EngineJob& job, const std::string& worker);
  // Makes sure an unfinished game whose Kirin is to move has its job (games stored before jobs
  // existed, or a job lost with a dropped table).
  Result<void> ensure(const GameRecord& g);
  // Inside the transaction that writes `g` at `version`: its job ends, and a new one begins when
  // Kirin is to move.
  Result<void> set(const Sql& sql, const GameRecord& g, int64_t version) const;

 private:
  Database& db_;
};

}  // namespace kirin::server
