// A PostgreSQL query's result, a statement run and a transaction, shared by the PostgreSQL
// store's files.
#pragma once
#include <libpq-fe.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/result.h"

namespace kirin::server {

// A query's result, cleared when it goes out of scope; rows read like the SQLite store's.
class PgResult {
 public:
  explicit PgResult(PGresult* r) : r_(r) {}
  ~PgResult() { PQclear(r_); }
  PgResult(const PgResult&) = delete;
  PgResult(PgResult&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
  PgResult& operator=(const PgResult&) = delete;
  bool ok() const {
    const ExecStatusType s = PQresultStatus(r_);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
  }
  int rows() const { return PQntuples(r_); }
  int columns() const { return PQnfields(r_); }
  int affected() const { return std::atoi(PQcmdTuples(r_)); }
  // PostgreSQL's own words, on one line.
  std::string message() const {
    std::string e = PQresultErrorMessage(r_);
    while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
    return e.empty() ? "no answer" : e;
  }
  std::string error(const std::string& what) const { return "database: " + what + ": " + message(); }
  // Done, or the error for `what` if the statement failed.
  Result<void> done(const std::string& what) const {
    if (ok()) return {};
    return Error{error(what)};
  }
  // One row, for read_header.
  struct Row {
    const PgResult& res;
    int row;
    std::string text(int col) const { return PQgetvalue(res.r_, row, col); }
    int64_t integer(int col) const { return std::atoll(PQgetvalue(res.r_, row, col)); }
  };
  Row row(int i) const { return {*this, i}; }

 private:
  PGresult* r_;
};

// The database's clock, not each server's: leases are compared across machines.
#define KIRIN_PG_NOW_MS "(extract(epoch from clock_timestamp()) * 1000)::bigint"

// Runs one statement with text parameters ($1, $2, ...).
inline PgResult pg_exec(PGconn* c, const std::string& sql, const std::vector<std::string>& params) {
  // A connection that broke (a restarted database) is tried again once before giving up.
  if (PQstatus(c) != CONNECTION_OK) PQreset(c);
  std::vector<const char*> values;
  for (const auto& p : params) values.push_back(p.c_str());
  if (params.empty()) return PgResult(PQexec(c, sql.c_str()));
  return PgResult(PQexecParams(c, sql.c_str(), int(values.size()), nullptr, values.data(), nullptr, nullptr, 0));
}

// Runs `body` in a transaction, committed if it succeeds and rolled back if not.
template <class F>
Result<void> pg_transaction(PGconn* c, F body) {
  PgResult b = pg_exec(c, "BEGIN", {});
  if (!b.ok()) return Error{b.error("beginning a transaction")};
  Result<void> done = body();
  PgResult end = pg_exec(c, done ? "COMMIT" : "ROLLBACK", {});
  if (done && !end.ok()) return Error{end.error("committing")};
  return done;
}

}  // namespace kirin::server
