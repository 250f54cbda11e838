// The one connection abstraction the stores of each concern are written over (chat, accounts,
// analyses, ...): a statement, a transaction, and the dialect for the few things SQLite and
// PostgreSQL say differently, so that each statement is written once for both databases.
// Statements use PostgreSQL's placeholders ($1, $2, ...), which SQLite binds by name.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "server/store/sql.h"

namespace kirin::server {

// What differs between the two databases, said once.
struct Dialect {
  bool postgresql = false;  // else SQLite; PostgreSQL is the database several servers share
  // The database's clock in unix milliseconds, as an SQL expression: leases are compared by one
  // clock across machines.
  const char* now_ms = "";
  // After the SELECT inside a claim: skip the rows another server is claiming (PostgreSQL),
  // where SQLite's one writer at a time needs nothing.
  const char* skip_locked = "";
  // A table's writers one at a time for the rest of the transaction (PostgreSQL); "" where the
  // transaction is a writer's already (SQLite's BEGIN IMMEDIATE).
  std::string lock_table(const std::string& table) const;
  // The account number of seat 0 or 1 of games.seats (JSON), as an SQL expression.
  std::string seat_account(int seat) const;
  // games.clock (JSON) with its "since" moved on by the BIGINT expression `by`.
  std::string clock_since_plus(const std::string& by) const;
  // Whether games.clock (JSON, not "") runs, as an SQL condition.
  std::string clock_running() const;
};

// The whole transaction, given a Sql on its connection; rolled back when it returns an error.
using TransactionBody = std::function<Result<void>(const Sql& sql)>;

class Database {
 public:
  virtual ~Database() = default;
  virtual const Dialect& dialect() const = 0;
  // One statement, committed alone.
  virtual Result<SqlRows> run(const std::string& sql, const std::vector<SqlParam>& params) = 0;
  // `body`'s statements, all or nothing, on one connection.
  virtual Result<void> transaction(const TransactionBody& body) = 0;
  // run(), as a Sql.
  Sql sql() {
    return [this](const std::string& text, const std::vector<SqlParam>& params) { return run(text, params); };
  }
  // Tells every server of a shared database `payload` on `channel` when `sql`'s transaction
  // commits (PostgreSQL's NOTIFY); nothing on a database only one server uses.
  Result<void> notify(const Sql& sql, const std::string& channel, const std::string& payload) const;
  // How the last write went ("" when it worked), for the store's health.
  virtual std::string last_write_error() const = 0;
};

}  // namespace kirin::server
