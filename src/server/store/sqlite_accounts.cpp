// AccountStore on the SQLite store's file: the same connection and lock as its games, so that a
// session is seen the moment it is written.
#include "server/store/sqlite_accounts.h"

#include "server/store/account_tables.h"
#include "server/store/sqlite_stmt.h"

namespace kirin::server {
namespace {

class SqliteAccounts final : public AccountStore {
 public:
  SqliteAccounts(sqlite3* db, std::mutex& mu) : db_(db), mu_(mu) {}

  Result<std::optional<Account>> create_account(const Account& a) override {
    std::lock_guard lock(mu_);
    Stmt q(db_,
           "INSERT INTO accounts (name, name_key, password_hash, created, closed) VALUES (?1, ?2, ?3, ?4, 0) "
           "ON CONFLICT(name_key) DO NOTHING");
    q.bind(1, a.name).bind(2, a.name_key).bind(3, a.password_hash).bind(4, a.created);
    if (q.step() != SQLITE_DONE) return Error{q.error("creating an account")};
    if (sqlite3_changes(db_) != 1) return std::optional<Account>{};
    Account made = a;
    made.id = sqlite3_last_insert_rowid(db_);
    made.closed = false;
    return std::optional<Account>{std::move(made)};
  }

  Result<std::optional<Account>> account_by_key(const std::string& name_key) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM accounts WHERE name_key = ?1").c_str());
    q.bind(1, name_key);
    return one(q, "reading an account");
  }

  Result<std::optional<Account>> account_by_id(int64_t id) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM accounts WHERE id = ?1").c_str());
    q.bind(1, id);
    return one(q, "reading an account");
  }

  Result<void> set_password(int64_t account, const std::string& password_hash) override {
    std::lock_guard lock(mu_);
    return in_transaction([&]() -> Result<void> {
      Stmt u(db_, "UPDATE accounts SET password_hash = ?2 WHERE id = ?1 AND closed = 0");
      u.bind(1, account).bind(2, password_hash);
      if (u.step() != SQLITE_DONE) return Error{u.error("changing a password")};
      return end_sessions(account);
    });
  }

  Result<void> close_account(int64_t account) override {
    std::lock_guard lock(mu_);
    return in_transaction([&]() -> Result<void> {
      Stmt u(db_, "UPDATE accounts SET closed = 1, password_hash = '' WHERE id = ?1");
      u.bind(1, account);
      if (u.step() != SQLITE_DONE) return Error{u.error("closing an account")};
      return end_sessions(account);
    });
  }

  Result<void> create_session(const SessionRecord& s) override {
    std::lock_guard lock(mu_);
    return in_transaction([&]() -> Result<void> {
      Stmt sweep(db_, "DELETE FROM sessions WHERE account = ?1 AND expires <= ?2");
      sweep.bind(1, s.account).bind(2, s.created);
      if (sweep.step() != SQLITE_DONE) return Error{sweep.error("sweeping expired sessions")};
      Stmt q(db_, "INSERT INTO sessions (id_hash, account, created, expires) VALUES (?1, ?2, ?3, ?4)");
      q.bind(1, s.id_hash).bind(2, s.account).bind(3, s.created).bind(4, s.expires);
      if (q.step() != SQLITE_DONE) return Error{q.error("creating a session")};
      return {};
    });
  }

  Result<std::optional<Account>> session_account(const std::string& id_hash, int64_t now) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + ACCOUNT_COLUMNS_OF_A +
                 " FROM sessions s JOIN accounts a ON a.id = s.account WHERE s.id_hash = ?1 AND s.expires > ?2 AND "
                 "a.closed = 0")
                    .c_str());
    q.bind(1, id_hash).bind(2, now);
    return one(q, "reading a session");
  }

  Result<void> end_session(const std::string& id_hash) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, "DELETE FROM sessions WHERE id_hash = ?1");
    q.bind(1, id_hash);
    if (q.step() != SQLITE_DONE) return Error{q.error("ending a session")};
    return {};
  }

  Result<void> set_muted(int64_t account, bool muted) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, "UPDATE accounts SET muted = ?2 WHERE id = ?1");
    q.bind(1, account).bind(2, int64_t(muted));
    if (q.step() != SQLITE_DONE) return Error{q.error("muting an account")};
    return {};
  }

  Result<std::string> preferences(int64_t account) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, "SELECT preferences FROM accounts WHERE id = ?1");
    q.bind(1, account);
    const int rc = q.step();
    if (rc == SQLITE_ROW) return q.text(0);
    if (rc != SQLITE_DONE) return Error{q.error("reading preferences")};
    return std::string();
  }

  Result<void> set_preferences(int64_t account, const std::string& text) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, "UPDATE accounts SET preferences = ?2 WHERE id = ?1");
    q.bind(1, account).bind(2, text);
    if (q.step() != SQLITE_DONE) return Error{q.error("writing preferences")};
    return {};
  }

  Result<std::vector<Account>> list_accounts() override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM accounts ORDER BY id").c_str());
    std::vector<Account> out;
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) out.push_back(read_account(q));
    if (rc != SQLITE_DONE) return Error{q.error("listing accounts")};
    return out;
  }

 private:
  Result<std::optional<Account>> one(Stmt& q, const std::string& what) {
    const int rc = q.step();
    if (rc == SQLITE_DONE) return std::optional<Account>{};
    if (rc != SQLITE_ROW) return Error{q.error(what)};
    return std::optional<Account>{read_account(q)};
  }

  Result<void> end_sessions(int64_t account) {
    Stmt d(db_, "DELETE FROM sessions WHERE account = ?1");
    d.bind(1, account);
    if (d.step() != SQLITE_DONE) return Error{d.error("ending the sessions of an account")};
    return {};
  }

  // With mu_ held: `body` in a write transaction, committed if it worked, else rolled back.
  template <class F>
  Result<void> in_transaction(F body) {
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
      return Error{std::string("database: beginning a transaction: ") + sqlite3_errmsg(db_)};
    Result<void> done = body();
    if (done && sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK) return done;
    if (done) done = Error{std::string("database: committing: ") + sqlite3_errmsg(db_)};
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return done;
  }

  sqlite3* db_;
  std::mutex& mu_;
};

}  // namespace

std::unique_ptr<AccountStore> make_sqlite_accounts(sqlite3* db, std::mutex& mu) {
  return std::make_unique<SqliteAccounts>(db, mu);
}

}  // namespace kirin::server
