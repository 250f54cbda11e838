// The SQLite store's queue of game analyses (GameStore's *_game_analysis, store.h), each call on
// the store's connection with its lock held: SQLite has one writer, so a request's count and
// insert, and a claim's UPDATE ... RETURNING, need no more. `noted` is the store's record of how
// its last write went (for its health), given each write's outcome.
#pragma once
#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/result.h"
#include "server/store/store.h"

namespace kirin::server {

using NotedWrite = std::function<Result<void>(Result<void>)>;

Result<GameAnalysisRequest> sqlite_request_game_analysis(sqlite3* db, const NotedWrite& noted, const std::string& id,
                                                         int total, int queue_limit);
Result<std::optional<GameAnalysisRecord>> sqlite_load_game_analysis(sqlite3* db, const std::string& id);
Result<std::optional<GameAnalysisRecord>> sqlite_claim_game_analysis(sqlite3* db, const std::string& worker,
                                                                     int64_t lease_ms);
Result<bool> sqlite_hold_game_analysis(sqlite3* db, const std::string& id, const std::string& worker, int done,
                                       int64_t lease_ms);
Result<bool> sqlite_finish_game_analysis(sqlite3* db, const NotedWrite& noted, const std::string& id,
                                         const std::string& worker, const std::string& result);
Result<void> sqlite_drop_game_analysis(sqlite3* db, const NotedWrite& noted, const std::string& id,
                                       const std::string& worker);

}  // namespace kirin::server
