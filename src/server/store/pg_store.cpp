// The PostgreSQL store (libpq), for a site that outgrows one SQLite file or runs several
// servers: a pool of connections (pg_database.h), the schema created or brought up to date at
// start (pg_schema.h), and a listener for what the other servers announce (pg_listener.h).
#include <libpq-fe.h>

#include <algorithm>

#include "server/store/pg_database.h"
#include "server/store/pg_listener.h"
#include "server/store/pg_schema.h"
#include "server/store/store.h"

namespace kirin::server {

Result<std::unique_ptr<GameStore>> open_postgres_store(const std::string& uri, int connections) {
  std::vector<PGconn*> conns;
  for (int i = 0; i < std::max(connections, 1); ++i) {
    PGconn* conn = PQconnectdb(uri.c_str());
    if (PQstatus(conn) != CONNECTION_OK) {
      std::string e = conn ? PQerrorMessage(conn) : "out of memory";
      while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
      PQfinish(conn);
      for (PGconn* c : conns) PQfinish(c);
      return Error{"cannot connect to the database: " + e};
    }
    // The server's log says what matters; PostgreSQL's notices ("already exists, skipping") do not.
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    conns.push_back(conn);
  }
  auto database = std::make_unique<PgDatabase>(std::move(conns));
  if (auto checked = database->with_connection(pg_migrate); !checked)
    return Error{"cannot use the database: " + checked.error()};
  return std::make_unique<GameStore>(std::move(database), std::make_unique<PgListener>(uri));
}

Result<std::unique_ptr<GameStore>> open_store(const std::string& db, int connections) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) return open_postgres_store(db, connections);
  return open_sqlite_store(db);
}

}  // namespace kirin::server
