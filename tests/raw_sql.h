// SQL run on a test's database (a SQLite file or a postgresql:// URI) behind the server's back:
// to make a database of an older schema, or to look at what the server wrote.
#pragma once
#include <libpq-fe.h>
#include <sqlite3.h>

#include <string>

namespace kirin::test {

// Runs SQL on the test's database, behind the server's back; the first column of the first row
// it returns, "" if none, or "error: ..." .
inline std::string raw_sql(const std::string& db, const std::string& sql) {
  if (db.starts_with("postgresql://")) {
    PGconn* c = PQconnectdb(db.c_str());
    PGresult* r = PQexec(c, sql.c_str());
    const ExecStatusType st = PQresultStatus(r);
    std::string out = st == PGRES_TUPLES_OK    ? (PQntuples(r) ? PQgetvalue(r, 0, 0) : "")
                      : st == PGRES_COMMAND_OK ? ""
                                               : std::string("error: ") + PQresultErrorMessage(r);
    PQclear(r);
    PQfinish(c);
    return out;
  }
  sqlite3* c = nullptr;
  sqlite3_open(db.c_str(), &c);
  std::string out;
  char* msg = nullptr;
  auto first = [](void* to, int n, char** values, char**) {
    auto& s = *static_cast<std::string*>(to);
    if (s.empty() && n > 0 && values[0]) s = values[0];
    return 0;
  };
  if (sqlite3_exec(c, sql.c_str(), first, &out, &msg) != SQLITE_OK) out = std::string("error: ") + (msg ? msg : "?");
  sqlite3_free(msg);
  sqlite3_close(c);
  return out;
}

// Sets the schema version recorded in the test's database, as an older Kirin left it: `pg` on
// PostgreSQL, `sqlite` on SQLite (the two count their versions apart); "" or "error: ...".
inline std::string set_schema_version(const std::string& db, int pg, int sqlite) {
  return db.starts_with("postgresql://")
             ? raw_sql(db, "DELETE FROM schema_version; INSERT INTO schema_version VALUES (" + std::to_string(pg) + ")")
             : raw_sql(db, "UPDATE schema_version SET version = " + std::to_string(sqlite));
}

// The schema version a store is at once Kirin opened it (sqlite_store.cpp, pg_store.cpp): the one
// place the migration tests name it.
inline std::string latest_schema_version(const std::string& db) {
  return db.starts_with("postgresql://") ? "13" : "12";
}

}  // namespace kirin::test
