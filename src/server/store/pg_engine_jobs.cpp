#include "server/store/pg_engine_jobs.h"

#include "server/store/pg_result.h"

namespace kirin::server {

Result<std::optional<EngineJob>> pg_claim_engine_job(PGconn* c, const std::string& worker, int64_t lease_ms) {
  // SKIP LOCKED: servers claiming at the same moment take different jobs instead of queueing
  // behind one another's row locks.
  PgResult q = pg_exec(c,
                       "UPDATE engine_jobs SET worker = $1, lease_until = " KIRIN_PG_NOW_MS
                       " + $2 WHERE game_id = "
                       "(SELECT game_id FROM engine_jobs WHERE lease_until < " KIRIN_PG_NOW_MS
                       " ORDER BY due LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING game_id, version",
                       {worker, std::to_string(lease_ms)});
  if (!q.ok()) return Error{q.error("claiming an engine job")};
  if (q.rows() == 0) return std::optional<EngineJob>{};
  return std::optional<EngineJob>{EngineJob{q.row(0).text(0), q.row(0).integer(1)}};
}

Result<void> pg_renew_engine_jobs(PGconn* c, const std::string& worker, const std::vector<std::string>& game_ids,
                                  int64_t lease_ms) {
  std::string ids = "{";
  for (const auto& id : game_ids) {
    if (ids.size() > 1) ids += ',';
    ids += '"';
    for (char ch : id) {
      if (ch == '"' || ch == '\\') ids += '\\';
      ids += ch;
    }
    ids += '"';
  }
  ids += "}";
  PgResult q = pg_exec(c,
                       "UPDATE engine_jobs SET lease_until = " KIRIN_PG_NOW_MS
                       " + $2 WHERE worker = $1 AND game_id = ANY($3::text[])",
                       {worker, std::to_string(lease_ms), ids});
  return q.done("renewing engine jobs");
}

Result<void> pg_release_engine_job(PGconn* c, const EngineJob& job, const std::string& worker) {
  PgResult q = pg_exec(
      c, "UPDATE engine_jobs SET worker = '', lease_until = 0 WHERE game_id = $1 AND version = $2 AND worker = $3",
      {job.game_id, std::to_string(job.version), worker});
  if (!q.ok()) return Error{q.error("releasing the engine job of game " + job.game_id)};
  PgResult n = pg_exec(c, "SELECT pg_notify('kirin_jobs', $1)", {job.game_id});
  return n.done("announcing the engine job of game " + job.game_id);
}

Result<void> pg_ensure_engine_job(PGconn* c, const GameRecord& g) {
  PgResult q = pg_exec(c,
                       "INSERT INTO engine_jobs (game_id, version, due) SELECT id, version, " KIRIN_PG_NOW_MS
                       " FROM games WHERE id = $1 AND result = '' ON CONFLICT (game_id) DO NOTHING",
                       {g.id});
  return q.done("adding the engine job of game " + g.id);
}

Result<void> pg_set_engine_job(PGconn* c, const GameRecord& g, int64_t version) {
  PgResult d = pg_exec(c, "DELETE FROM engine_jobs WHERE game_id = $1", {g.id});
  if (!d.ok()) return Error{d.error("ending the engine job of game " + g.id)};
  if (!g.kirin_turn) return {};
  PgResult i = pg_exec(c, "INSERT INTO engine_jobs (game_id, version, due) VALUES ($1, $2, " KIRIN_PG_NOW_MS ")",
                       {g.id, std::to_string(version)});
  if (!i.ok()) return Error{i.error("adding the engine job of game " + g.id)};
  PgResult n = pg_exec(c, "SELECT pg_notify('kirin_jobs', $1)", {g.id});
  return n.done("announcing the engine job of game " + g.id);
}

}  // namespace kirin::server
