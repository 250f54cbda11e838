#include "server/store/game_analysis_store.h"

#include <cstdlib>

namespace kirin::server {
namespace {

constexpr const char* COLUMNS = "game_id, status, done, total, result, requested_at";

int64_t integer(const std::string& text) { return std::atoll(text.c_str()); }

// A record from a row of COLUMNS.
GameAnalysisRecord record_of(const std::vector<std::string>& r) {
  return GameAnalysisRecord{r[0], r[1], int(integer(r[2])), int(integer(r[3])), r[4], integer(r[5])};
}

Result<std::optional<GameAnalysisRecord>> read(const Sql& sql, const std::string& id) {
  auto q = sql(std::string("SELECT ") + COLUMNS + " FROM game_analyses WHERE game_id = $1", {id});
  if (!q) return Error{sql_error("reading the analysis of " + id, q.error())};
  if (q->rows.empty()) return std::optional<GameAnalysisRecord>{};
  return std::optional<GameAnalysisRecord>{record_of(q->rows[0])};
}

// An UPDATE of the analysis `worker` holds, in a transaction that announces it when it changed
// one: whether it did.
Result<bool> update_held(Database& db, const std::string& sql_text, const std::vector<SqlParam>& params,
                         const std::string& id, const std::string& what) {
  bool held = false;
  auto done = db.transaction([&](const Sql& sql) -> Result<void> {
    auto q = sql(sql_text, params);
    if (!q) return Error{sql_error(what + " of " + id, q.error())};
    held = q->affected == 1;
    return held ? db.notify(sql, "kirin_analyses", id) : Result<void>();
  });
  if (!done) return Error{done.error()};
  return held;
}

}  // namespace

Result<GameAnalysisRequest> GameAnalysisStore::request(const std::string& id, int total, int queue_limit) {
  GameAnalysisRequest out;
  auto done = db_.transaction([&](const Sql& sql) -> Result<void> {
    // The count and the insert under one lock, so that servers queueing at once keep the bound.
    if (const std::string lock = db_.dialect().lock_table("game_analyses"); !lock.empty())
      if (auto l = sql(lock, {}); !l) return Error{sql_error("locking the game analyses", l.error())};
    auto found = read(sql, id);
    if (!found) return Error{found.error()};
    if (*found) {
      out = {GameAnalysisRequest::EXISTING, **found};
      return {};
    }
    auto n = sql("SELECT COUNT(*) FROM game_analyses WHERE status <> 'done'", {});
    if (!n) return Error{sql_error("counting the queued analyses", n.error())};
    if (integer(n->rows.at(0).at(0)) >= queue_limit) {
      out.outcome = GameAnalysisRequest::FULL;
      return {};
    }
    auto i =
        sql(std::string("INSERT INTO game_analyses (game_id, status, total, requested_at) VALUES ($1, 'queued', $2, ") +
                db_.dialect().now_ms + ") RETURNING " + COLUMNS,
            {id, int64_t(total)});
    if (!i || i->rows.size() != 1) return Error{sql_error("queueing the analysis of " + id, i ? "no row" : i.error())};
    out = {GameAnalysisRequest::ADDED, record_of(i->rows[0])};
    return db_.notify(sql, "kirin_analyses", id);
  });
  if (!done) return Error{done.error()};
  return out;
}

Result<std::optional<GameAnalysisRecord>> GameAnalysisStore::load(const std::string& id) { return read(db_.sql(), id); }

Result<std::optional<GameAnalysisRecord>> GameAnalysisStore::claim(const std::string& worker, int64_t lease_ms) {
  std::optional<GameAnalysisRecord> claimed;
  const Dialect& d = db_.dialect();
  auto done = db_.transaction([&](const Sql& sql) -> Result<void> {
    auto q = sql(std::string("UPDATE game_analyses SET status = 'running', done = 0, worker = $1, lease_until = ") +
                     d.now_ms + " + $2 WHERE game_id = (SELECT game_id FROM game_analyses WHERE status <> 'done' " +
                     "AND lease_until < " + d.now_ms + " ORDER BY requested_at LIMIT 1" + d.skip_locked +
                     ") RETURNING " + COLUMNS,
                 {worker, lease_ms});
    if (!q) return Error{sql_error("claiming a game analysis", q.error())};
    if (q->rows.empty()) return {};
    claimed = record_of(q->rows[0]);
    return db_.notify(sql, "kirin_analyses", claimed->game_id);
  });
  if (!done) return Error{done.error()};
  return claimed;
}

Result<bool> GameAnalysisStore::hold(const std::string& id, const std::string& worker, int done, int64_t lease_ms) {
  return update_held(db_,
                     std::string("UPDATE game_analyses SET done = $3, lease_until = ") + db_.dialect().now_ms +
                         " + $4 WHERE game_id = $1 AND worker = $2 AND status = 'running'",
                     {id, worker, int64_t(done), lease_ms}, id, "noting the progress of the analysis");
}

Result<bool> GameAnalysisStore::finish(const std::string& id, const std::string& worker, const std::string& result) {
  return update_held(db_,
                     "UPDATE game_analyses SET status = 'done', done = total, result = $3, worker = '', "
                     "lease_until = 0 WHERE game_id = $1 AND worker = $2 AND status = 'running'",
                     {id, worker, result}, id, "storing the analysis");
}

Result<void> GameAnalysisStore::drop(const std::string& id, const std::string& worker) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    auto q = sql("DELETE FROM game_analyses WHERE game_id = $1 AND worker = $2", {id, worker});
    if (!q) return Error{sql_error("dropping the analysis of " + id, q.error())};
    return db_.notify(sql, "kirin_analyses", id);
  });
}

}  // namespace kirin::server
