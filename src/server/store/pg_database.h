// Database (database.h) on a pool of PostgreSQL connections (libpq): each statement or
// transaction leases one, so that one server's saves commit side by side (PostgreSQL groups
// their WAL flushes) instead of queueing behind one connection. A connection that broke (a
// restarted database) is re-established on its next use.
#pragma once
#include <libpq-fe.h>

#include <condition_variable>
#include <mutex>

#include "server/store/database.h"

namespace kirin::server {

class PgDatabase final : public Database {
 public:
  // Takes the connections, which it closes.
  explicit PgDatabase(std::vector<PGconn*> conns) : conns_(conns), free_(std::move(conns)) {}
  ~PgDatabase() override;
  PgDatabase(const PgDatabase&) = delete;
  PgDatabase& operator=(const PgDatabase&) = delete;

  const Dialect& dialect() const override;
  Result<SqlRows> run(const std::string& sql, const std::vector<SqlParam>& params) override;
  Result<void> transaction(const TransactionBody& body) override;
  std::string last_write_error() const override;

  // `f(connection)` on a leased connection, for the store's own work (its schema).
  template <class F>
  auto with_connection(F f) {
    Lease c(*this);
    return f(static_cast<PGconn*>(c));
  }

 private:
  // A connection of the pool for one call (a transaction never spans two).
  class Lease {
   public:
    explicit Lease(PgDatabase& db);
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    operator PGconn*() const { return c_; }

   private:
    PgDatabase& db_;
    PGconn* c_ = nullptr;
  };

  void wrote(const std::string& error);

  const std::vector<PGconn*> conns_;
  std::mutex pool_mu_;
  std::condition_variable pool_cv_;
  std::vector<PGconn*> free_;  // pool_mu_ held
  mutable std::mutex error_mu_;
  std::string last_write_error_;  // error_mu_ held
};

}  // namespace kirin::server
