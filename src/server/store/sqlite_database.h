// Database (database.h) on one SQLite connection behind a mutex: a transaction is a writer's from
// its start (BEGIN IMMEDIATE), so there is never a deadlock to retry.
#pragma once
#include <sqlite3.h>

#include <mutex>

#include "server/store/database.h"

namespace kirin::server {

class SqliteDatabase final : public Database {
 public:
  explicit SqliteDatabase(sqlite3* db) : db_(db) {}
  ~SqliteDatabase() override { sqlite3_close(db_); }
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  const Dialect& dialect() const override;
  Result<SqlRows> run(const std::string& sql, const std::vector<SqlParam>& params) override;
  Result<void> transaction(const TransactionBody& body) override;
  std::string last_write_error() const override;

  // `f(db)` under the lock, for the store's own work on the file (its checks and schema).
  template <class F>
  auto with_connection(F f) {
    std::lock_guard lock(mu_);
    return f(db_);
  }

 private:
  // Remembers how the last write went (mu_ held).
  void wrote(const std::string& error) { last_write_error_ = error; }

  sqlite3* const db_;
  mutable std::mutex mu_;
  std::string last_write_error_;  // mu_ held
};

}  // namespace kirin::server
