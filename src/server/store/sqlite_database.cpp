#include "server/store/sqlite_database.h"

#include "server/store/sqlite_sql.h"

namespace kirin::server {
namespace {

// julianday('now') is the same instant for the whole statement, to the millisecond.
const Dialect SQLITE_DIALECT{false, "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)", ""};

Result<void> exec(sqlite3* db, const char* sql) {
  char* msg = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) == SQLITE_OK) return {};
  Error e{std::string("database: ") + (msg ? msg : sqlite3_errmsg(db))};
  sqlite3_free(msg);
  return e;
}

}  // namespace

const Dialect& SqliteDatabase::dialect() const { return SQLITE_DIALECT; }

Result<SqlRows> SqliteDatabase::run(const std::string& sql, const std::vector<SqlParam>& params) {
  std::lock_guard lock(mu_);
  Result<SqlRows> r = sqlite_run(db_, sql, params);
  if (!sql.starts_with("SELECT")) wrote(r ? "" : r.error());
  return r;
}

Result<void> SqliteDatabase::transaction(const TransactionBody& body) {
  std::lock_guard lock(mu_);
  // A BEGIN refused ("database: database is locked": another process writes) says only that.
  Result<void> done = exec(db_, "BEGIN IMMEDIATE");
  if (done) {
    done = body([this](const std::string& sql, const std::vector<SqlParam>& params) {
      return sqlite_run(db_, sql, params);  // mu_ is held for the whole transaction
    });
    if (done) done = exec(db_, "COMMIT");
    if (!done) exec(db_, "ROLLBACK");
  }
  wrote(done ? "" : done.error());
  return done;
}

std::string SqliteDatabase::last_write_error() const {
  std::lock_guard lock(mu_);
  return last_write_error_;
}

}  // namespace kirin::server
