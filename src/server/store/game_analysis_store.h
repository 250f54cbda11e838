// Computer analyses of finished games (docs/api.md, "Game analysis"), one per game, kept with it
// in the same database: queued when requested, then running on the one server that claimed it
// (a lease its holder renews, as with engine jobs), then done with its result. One SQL for both
// databases (database.h); on a shared one every change is announced ("kirin_analyses", the
// game's id) to wake the claimers and the servers whose pages follow the game.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "server/store/database.h"

namespace kirin::server {

struct GameAnalysisRecord {
  std::string game_id;
  std::string status;       // "queued", "running" or "done"
  int done = 0, total = 0;  // positions searched, positions in all
  std::string result;       // the analysis as JSON once done, else ""
  int64_t requested_at = 0;
};

// What a request for a game's analysis found: none yet (ADDED: queued now), one already
// (EXISTING: that one), or a full queue (FULL: nothing added).
struct GameAnalysisRequest {
  enum Outcome { ADDED, EXISTING, FULL } outcome = ADDED;
  GameAnalysisRecord record;
};

// The table, created with the rest of the schema when missing (SQLite version 8, PostgreSQL 9):
// the queue and the claims (worker, lease_until in unix ms), the progress, and the result.
constexpr const char* GAME_ANALYSES_TABLE = R"sql(
CREATE TABLE IF NOT EXISTS game_analyses (
  game_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL,
  result TEXT NOT NULL DEFAULT '',
  worker TEXT NOT NULL DEFAULT '',
  lease_until BIGINT NOT NULL DEFAULT 0,
  requested_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_analyses_queue ON game_analyses(status, requested_at);
)sql";

class GameAnalysisStore {
 public:
  explicit GameAnalysisStore(Database& db) : db_(db) {}
  // Adds the game's analysis (`total` positions) unless it has one, or `queue_limit` analyses
  // wait or run.
  Result<GameAnalysisRequest> request(const std::string& game_id, int total, int queue_limit);
  // The game's analysis; nullopt when none was requested.
  Result<std::optional<GameAnalysisRecord>> load(const std::string& game_id);
  // Claims the oldest analysis that waits, or whose holder stopped renewing its lease (it starts
  // again from the first position): it is running, for `worker`, for `lease_ms`.
  Result<std::optional<GameAnalysisRecord>> claim(const std::string& worker, int64_t lease_ms);
  // Notes the positions done and extends the lease; false when `worker` no longer holds it.
  Result<bool> hold(const std::string& game_id, const std::string& worker, int done, int64_t lease_ms);
  // Stores the result: the analysis is done. False when `worker` no longer holds it.
  Result<bool> finish(const std::string& game_id, const std::string& worker, const std::string& result);
  // Removes an analysis `worker` holds and could not make (so that it may be asked for again).
  Result<void> drop(const std::string& game_id, const std::string& worker);

 private:
  Database& db_;
};

}  // namespace kirin::server
