#include "server/store/sqlite_game_analyses.h"

#include "core/unix_time.h"
#include "server/store/rows.h"
#include "server/store/sqlite_stmt.h"

namespace kirin::server {

Result<GameAnalysisRequest> sqlite_request_game_analysis(sqlite3* db, const NotedWrite& noted, const std::string& id,
                                                         int total, int queue_limit) {
  GameAnalysisRequest out;
  if (auto found = sqlite_load_game_analysis(db, id); !found)
    return Error{found.error()};
  else if (*found)
    return GameAnalysisRequest{GameAnalysisRequest::EXISTING, **found};
  Stmt count(db, "SELECT COUNT(*) FROM game_analyses WHERE status <> 'done'");
  if (count.step() != SQLITE_ROW) return Error{count.error("counting the queued analyses")};
  if (count.integer(0) >= queue_limit) return GameAnalysisRequest{GameAnalysisRequest::FULL, {}};
  out.record = {id, "queued", 0, total, "", now_ms()};
  Stmt q(db, "INSERT INTO game_analyses (game_id, status, total, requested_at) VALUES (?1, 'queued', ?2, ?3)");
  q.bind(1, id).bind(2, int64_t(total)).bind(3, out.record.requested_at);
  if (auto w = noted(q.step() == SQLITE_DONE ? Result<void>() : Error{q.error("queueing the analysis of " + id)}); !w)
    return Error{w.error()};
  return out;
}

Result<std::optional<GameAnalysisRecord>> sqlite_load_game_analysis(sqlite3* db, const std::string& id) {
  Stmt q(db, (std::string("SELECT ") + GAME_ANALYSIS_COLUMNS + " FROM game_analyses WHERE game_id = ?1").c_str());
  q.bind(1, id);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<GameAnalysisRecord>{};
  if (rc != SQLITE_ROW) return Error{q.error("reading the analysis of " + id)};
  return std::optional<GameAnalysisRecord>{read_game_analysis(q)};
}

Result<std::optional<GameAnalysisRecord>> sqlite_claim_game_analysis(sqlite3* db, const std::string& worker,
                                                                     int64_t lease_ms) {
  const int64_t now = now_ms();
  Stmt q(db, (std::string("UPDATE game_analyses SET status = 'running', done = 0, worker = ?1, lease_until = ?2 "
                          "WHERE game_id = (SELECT game_id FROM game_analyses WHERE status <> 'done' AND "
                          "lease_until < ?3 ORDER BY requested_at LIMIT 1) RETURNING ") +
              GAME_ANALYSIS_COLUMNS)
                 .c_str());
  q.bind(1, worker).bind(2, now + lease_ms).bind(3, now);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<GameAnalysisRecord>{};
  if (rc != SQLITE_ROW) return Error{q.error("claiming a game analysis")};
  GameAnalysisRecord r = read_game_analysis(q);
  if (q.step() != SQLITE_DONE) return Error{q.error("claiming a game analysis")};
  return std::optional<GameAnalysisRecord>{std::move(r)};
}

Result<bool> sqlite_hold_game_analysis(sqlite3* db, const std::string& id, const std::string& worker, int done,
                                       int64_t lease_ms) {
  Stmt q(db,
         "UPDATE game_analyses SET done = ?3, lease_until = ?4 WHERE game_id = ?1 AND worker = ?2 AND "
         "status = 'running'");
  q.bind(1, id).bind(2, worker).bind(3, int64_t(done)).bind(4, now_ms() + lease_ms);
  if (q.step() != SQLITE_DONE) return Error{q.error("noting the progress of the analysis of " + id)};
  return sqlite3_changes(db) == 1;
}

Result<bool> sqlite_finish_game_analysis(sqlite3* db, const NotedWrite& noted, const std::string& id,
                                         const std::string& worker, const std::string& result) {
  Stmt q(db,
         "UPDATE game_analyses SET status = 'done', done = total, result = ?3, worker = '', lease_until = 0 "
         "WHERE game_id = ?1 AND worker = ?2 AND status = 'running'");
  q.bind(1, id).bind(2, worker).bind(3, result);
  if (auto w = noted(q.step() == SQLITE_DONE ? Result<void>() : Error{q.error("storing the analysis of " + id)}); !w)
    return Error{w.error()};
  return sqlite3_changes(db) == 1;
}

Result<void> sqlite_drop_game_analysis(sqlite3* db, const NotedWrite& noted, const std::string& id,
                                       const std::string& worker) {
  Stmt q(db, "DELETE FROM game_analyses WHERE game_id = ?1 AND worker = ?2");
  q.bind(1, id).bind(2, worker);
  return noted(q.step() == SQLITE_DONE ? Result<void>() : Error{q.error("dropping the analysis of " + id)});
}

}  // namespace kirin::server
