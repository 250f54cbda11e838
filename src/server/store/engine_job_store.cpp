#include "server/store/engine_job_store.h"

#include <cstdlib>

namespace kirin::server {
namespace {

Result<void> done(const Result<SqlRows>& r, const std::string& what) {
  if (!r) return Error{sql_error(what, r.error())};
  return {};
}

}  // namespace

Result<std::optional<EngineJob>> EngineJobStore::claim(const std::string& worker, int64_t lease_ms) {
  const Dialect& d = db_.dialect();
  // Skipping locked rows: servers claiming at the same moment take different jobs instead of
  // queueing behind one another's row locks.
  auto q = db_.run(std::string("UPDATE engine_jobs SET worker = $1, lease_until = ") + d.now_ms +
                       " + $2 WHERE game_id = (SELECT game_id FROM engine_jobs WHERE lease_until < " + d.now_ms +
                       " ORDER BY due LIMIT 1" + d.skip_locked + ") RETURNING game_id, version",
                   {worker, lease_ms});
  if (!q) return Error{sql_error("claiming an engine job", q.error())};
  if (q->rows.empty()) return std::optional<EngineJob>{};
  return std::optional<EngineJob>{EngineJob{q->rows[0][0], std::atoll(q->rows[0][1].c_str())}};
}

Result<void> EngineJobStore::renew(const std::string& worker, const std::vector<std::string>& game_ids,
                                   int64_t lease_ms) {
  if (game_ids.empty()) return {};
  std::vector<SqlParam> params{worker, lease_ms};
  std::string ids;
  for (const auto& id : game_ids) {
    params.emplace_back(id);
    ids += (ids.empty() ? "$" : ", $") + std::to_string(params.size());
  }
  return done(db_.run(std::string("UPDATE engine_jobs SET lease_until = ") + db_.dialect().now_ms +
                          " + $2 WHERE worker = $1 AND game_id IN (" + ids + ")",
                      params),
              "renewing engine jobs");
}

Result<void> EngineJobStore::release(const EngineJob& job, const std::string& worker) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    auto q =
        sql("UPDATE engine_jobs SET worker = '', lease_until = 0 WHERE game_id = $1 AND version = $2 AND worker = $3",
            {job.game_id, job.version, worker});
    if (auto e = done(q, "releasing the engine job of game " + job.game_id); !e) return e;
    return db_.notify(sql, "kirin_jobs", job.game_id);
  });
}

Result<void> EngineJobStore::ensure(const GameRecord& g) {
  if (!g.kirin_turn) return {};
  return done(
      db_.run(std::string("INSERT INTO engine_jobs (game_id, version, due) SELECT id, version, ") +
                  db_.dialect().now_ms + " FROM games WHERE id = $1 AND result = '' ON CONFLICT (game_id) DO NOTHING",
              {g.id}),
      "adding the engine job of game " + g.id);
}

Result<void> EngineJobStore::set(const Sql& sql, const GameRecord& g, int64_t version) const {
  if (auto e = done(sql("DELETE FROM engine_jobs WHERE game_id = $1", {g.id}), "ending the engine job of game " + g.id);
      !e)
    return e;
  if (!g.kirin_turn) return {};
  auto i =
      sql(std::string("INSERT INTO engine_jobs (game_id, version, due) VALUES ($1, $2, ") + db_.dialect().now_ms + ")",
          {g.id, version});
  if (auto e = done(i, "adding the engine job of game " + g.id); !e) return e;
  return db_.notify(sql, "kirin_jobs", g.id);
}

}  // namespace kirin::server
