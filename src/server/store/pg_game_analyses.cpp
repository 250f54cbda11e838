#include "server/store/pg_game_analyses.h"

#include "server/store/pg_result.h"
#include "server/store/rows.h"

namespace kirin::server {

namespace {

Result<std::optional<GameAnalysisRecord>> read_row(PGconn* c, const std::string& id) {
  PgResult q =
      pg_exec(c, std::string("SELECT ") + GAME_ANALYSIS_COLUMNS + " FROM game_analyses WHERE game_id = $1", {id});
  if (!q.ok()) return Error{q.error("reading the analysis of " + id)};
  if (q.rows() == 0) return std::optional<GameAnalysisRecord>{};
  auto row = q.row(0);
  return std::optional<GameAnalysisRecord>{read_game_analysis(row)};
}

// Wakes the claimers and the servers whose pages follow the game (sent at commit).
Result<void> announce(PGconn* c, const std::string& id) {
  PgResult n = pg_exec(c, "SELECT pg_notify('kirin_analyses', $1)", {id});
  return n.done("announcing the analysis of " + id);
}

}  // namespace

Result<GameAnalysisRequest> pg_request_game_analysis(PGconn* c, const std::string& id, int total, int queue_limit) {
  GameAnalysisRequest out;
  Result<void> done = pg_transaction(c, [&]() -> Result<void> {
    // The count and the insert under one lock, so that servers queueing at once keep the bound.
    PgResult l = pg_exec(c, "LOCK TABLE game_analyses IN SHARE ROW EXCLUSIVE MODE", {});
    if (!l.ok()) return Error{l.error("locking the game analyses")};
    auto found = read_row(c, id);
    if (!found) return Error{found.error()};
    if (*found) {
      out = {GameAnalysisRequest::EXISTING, **found};
      return {};
    }
    PgResult n = pg_exec(c, "SELECT COUNT(*) FROM game_analyses WHERE status <> 'done'", {});
    if (!n.ok()) return Error{n.error("counting the queued analyses")};
    if (n.row(0).integer(0) >= queue_limit) {
      out.outcome = GameAnalysisRequest::FULL;
      return {};
    }
    PgResult i = pg_exec(c,
                         std::string("INSERT INTO game_analyses (game_id, status, total, requested_at) VALUES ($1, "
                                     "'queued', $2, " KIRIN_PG_NOW_MS ") RETURNING ") +
                             GAME_ANALYSIS_COLUMNS,
                         {id, std::to_string(total)});
    if (!i.ok()) return Error{i.error("queueing the analysis of " + id)};
    auto row = i.row(0);
    out = {GameAnalysisRequest::ADDED, read_game_analysis(row)};
    return announce(c, id);
  });
  if (!done) return Error{done.error()};
  return out;
}

Result<std::optional<GameAnalysisRecord>> pg_load_game_analysis(PGconn* c, const std::string& id) {
  return read_row(c, id);
}

Result<std::optional<GameAnalysisRecord>> pg_claim_game_analysis(PGconn* c, const std::string& worker,
                                                                 int64_t lease_ms) {
  // SKIP LOCKED, as for engine jobs: servers claiming at once take different analyses.
  PgResult q = pg_exec(
      c,
      std::string("UPDATE game_analyses SET status = 'running', done = 0, worker = $1, lease_until = "
                  "" KIRIN_PG_NOW_MS " + $2 WHERE game_id = (SELECT game_id FROM game_analyses WHERE status <> 'done' "
                  "AND lease_until < " KIRIN_PG_NOW_MS
                  " ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING ") +
          GAME_ANALYSIS_COLUMNS,
      {worker, std::to_string(lease_ms)});
  if (!q.ok()) return Error{q.error("claiming a game analysis")};
  if (q.rows() == 0) return std::optional<GameAnalysisRecord>{};
  auto row = q.row(0);
  GameAnalysisRecord r = read_game_analysis(row);
  if (auto n = announce(c, r.game_id); !n) return Error{n.error()};
  return std::optional<GameAnalysisRecord>{std::move(r)};
}

Result<bool> pg_hold_game_analysis(PGconn* c, const std::string& id, const std::string& worker, int done,
                                   int64_t lease_ms) {
  PgResult q = pg_exec(c,
                       "UPDATE game_analyses SET done = $3, lease_until = " KIRIN_PG_NOW_MS
                       " + $4 WHERE game_id = $1 AND worker = $2 AND status = 'running'",
                       {id, worker, std::to_string(done), std::to_string(lease_ms)});
  if (!q.ok()) return Error{q.error("noting the progress of the analysis of " + id)};
  if (q.affected() != 1) return false;
  if (auto n = announce(c, id); !n) return Error{n.error()};
  return true;
}

Result<bool> pg_finish_game_analysis(PGconn* c, const std::string& id, const std::string& worker,
                                     const std::string& result) {
  PgResult q = pg_exec(c,
                       "UPDATE game_analyses SET status = 'done', done = total, result = $3, worker = '', "
                       "lease_until = 0 WHERE game_id = $1 AND worker = $2 AND status = 'running'",
                       {id, worker, result});
  if (auto w = q.done("storing the analysis of " + id); !w) return Error{w.error()};
  if (q.affected() != 1) return false;
  if (auto n = announce(c, id); !n) return Error{n.error()};
  return true;
}

Result<void> pg_drop_game_analysis(PGconn* c, const std::string& id, const std::string& worker) {
  PgResult q = pg_exec(c, "DELETE FROM game_analyses WHERE game_id = $1 AND worker = $2", {id, worker});
  if (!q.ok()) return Error{q.error("dropping the analysis of " + id)};
  return announce(c, id);
}

}  // namespace kirin::server
