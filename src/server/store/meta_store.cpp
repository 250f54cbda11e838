#include "server/store/meta_store.h"

namespace kirin::server {

Result<std::string> MetaStore::get(const std::string& key) const {
  auto q = sql_("SELECT value FROM meta WHERE key = $1", {key});
  if (!q) return Error{sql_error("reading " + key, q.error())};
  return q->rows.empty() ? std::string() : q->rows[0][0];
}

Result<void> MetaStore::set(const std::string& key, const std::string& value) const {
  // excluded.value: the row the insert proposed, in SQLite (3.24 on) as in PostgreSQL.
  auto r = sql_("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                {key, value});
  if (!r) return Error{sql_error("writing " + key, r.error())};
  return {};
}

}  // namespace kirin::server
