#include "server/store/request_key_store.h"

namespace kirin::server {

Result<std::optional<KeptAnswer>> RequestKeyStore::claim(const std::string& key, const std::string& fingerprint,
                                                         int64_t kept_ms, int64_t stale_ms) {
  const std::string now = db_.dialect().now_ms;
  std::optional<KeptAnswer> kept;
  auto done = db_.transaction([&](const Sql& sql) -> Result<void> {
    auto old = sql("DELETE FROM request_keys WHERE created < " + now +
                       " - $1 OR (key = $2 AND answered = 0 AND created < " + now + " - $3)",
                   {kept_ms, key, stale_ms});
    if (!old) return Error{sql_error("forgetting old request keys", old.error())};
    auto mine = sql("INSERT INTO request_keys (key, fingerprint, created) VALUES ($1, $2, " + now +
                        ") ON CONFLICT (key) DO NOTHING RETURNING key",
                    {key, fingerprint});
    if (!mine) return Error{sql_error("claiming a request key", mine.error())};
    if (mine->rows.size() == 1) return {};
    auto q = sql("SELECT fingerprint, answered, answer FROM request_keys WHERE key = $1", {key});
    if (!q || q->rows.size() != 1) return Error{sql_error("reading a request key", q ? "gone" : q.error())};
    kept = KeptAnswer{q->rows[0][0], q->rows[0][1] != "0", q->rows[0][2]};
    return {};
  });
  if (!done) return Error{done.error()};
  return kept;
}

Result<void> RequestKeyStore::answer(const std::string& key, const std::string& answer) {
  auto q = db_.run("UPDATE request_keys SET answered = 1, answer = $2 WHERE key = $1", {key, answer});
  if (!q) return Error{sql_error("keeping a request key's answer", q.error())};
  return {};
}

Result<void> RequestKeyStore::forget(const std::string& key) {
  auto q = db_.run("DELETE FROM request_keys WHERE key = $1", {key});
  if (!q) return Error{sql_error("forgetting a request key", q.error())};
  return {};
}

}  // namespace kirin::server
