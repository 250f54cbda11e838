#include "server/store/pg_database.h"

#include "server/store/pg_result.h"

namespace kirin::server {
namespace {

const Dialect PG_DIALECT{true, KIRIN_PG_NOW_MS, " FOR UPDATE SKIP LOCKED"};

// A statement on connection `c`, with its parameters in PostgreSQL's text form.
Result<SqlRows> run_on(PGconn* c, const std::string& sql, const std::vector<SqlParam>& params) {
  std::vector<std::string> texts;
  for (const auto& p : params) texts.push_back(sql_param_text(p));
  PgResult r = pg_exec(c, sql, texts);
  if (!r.ok()) return Error{"database: " + r.message()};
  SqlRows out;
  out.affected = r.affected();
  for (int i = 0; i < r.rows(); ++i) {
    std::vector<std::string> row;
    for (int col = 0; col < r.columns(); ++col) row.push_back(r.row(i).text(col));
    out.rows.push_back(std::move(row));
  }
  return out;
}

}  // namespace

PgDatabase::~PgDatabase() {
  for (PGconn* c : conns_) PQfinish(c);
}

const Dialect& PgDatabase::dialect() const { return PG_DIALECT; }

Result<SqlRows> PgDatabase::run(const std::string& sql, const std::vector<SqlParam>& params) {
  Lease c(*this);
  Result<SqlRows> r = run_on(c, sql, params);
  if (!sql.starts_with("SELECT")) wrote(r ? "" : r.error());
  return r;
}

Result<void> PgDatabase::transaction(const TransactionBody& body) {
  Lease c(*this);
  Result<void> done = pg_transaction(c, [&]() -> Result<void> {
    return body([&c](const std::string& sql, const std::vector<SqlParam>& params) { return run_on(c, sql, params); });
  });
  wrote(done ? "" : done.error());
  return done;
}

std::string PgDatabase::last_write_error() const {
  std::lock_guard lock(error_mu_);
  return last_write_error_;
}

void PgDatabase::wrote(const std::string& error) {
  std::lock_guard lock(error_mu_);
  last_write_error_ = error;
}

PgDatabase::Lease::Lease(PgDatabase& db) : db_(db) {
  std::unique_lock lock(db_.pool_mu_);
  db_.pool_cv_.wait(lock, [&] { return !db_.free_.empty(); });
  c_ = db_.free_.back();
  db_.free_.pop_back();
}

PgDatabase::Lease::~Lease() {
  {
    std::lock_guard lock(db_.pool_mu_);
    db_.free_.push_back(c_);
  }
  db_.pool_cv_.notify_one();
}

}  // namespace kirin::server
