// AccountStore on PostgreSQL. Every change is one statement (what it must do together, such as
// a new password and the end of the old sessions, in one statement's common table expressions),
// so it is atomic without a transaction held across calls, and seen by every server at once.
#include "server/store/pg_accounts.h"

#include "server/store/account_tables.h"

namespace kirin::server {
namespace {

class PgAccounts final : public AccountStore {
 public:
  explicit PgAccounts(PgExec exec) : exec_(std::move(exec)) {}

  Result<std::optional<Account>> create_account(const Account& a) override {
    PgResult r = exec_(
        "INSERT INTO accounts (name, name_key, password_hash, created, closed) VALUES ($1, $2, $3, $4, 0) "
        "ON CONFLICT (name_key) DO NOTHING RETURNING id",
        {a.name, a.name_key, a.password_hash, std::to_string(a.created)});
    if (!r.ok()) return Error{r.error("creating an account")};
    if (r.rows() == 0) return std::optional<Account>{};
    Account made = a;
    made.id = r.row(0).integer(0);
    made.closed = false;
    return std::optional<Account>{std::move(made)};
  }

  Result<std::optional<Account>> account_by_key(const std::string& name_key) override {
    return one(exec_(std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM accounts WHERE name_key = $1", {name_key}),
               "reading an account");
  }

  Result<std::optional<Account>> account_by_id(int64_t id) override {
    return one(exec_(std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM accounts WHERE id = $1", {std::to_string(id)}),
               "reading an account");
  }

  Result<void> set_password(int64_t account, const std::string& password_hash) override {
    return exec_(
               "WITH ended AS (DELETE FROM sessions WHERE account = $1) "
               "UPDATE accounts SET password_hash = $2 WHERE id = $1 AND closed = 0",
               {std::to_string(account), password_hash})
        .done("changing a password");
  }

  Result<void> close_account(int64_t account) override {
    return exec_(
               "WITH ended AS (DELETE FROM sessions WHERE account = $1) "
               "UPDATE accounts SET closed = 1, password_hash = '' WHERE id = $1",
               {std::to_string(account)})
        .done("closing an account");
  }

  Result<void> create_session(const SessionRecord& s) override {
    return exec_(
               "WITH swept AS (DELETE FROM sessions WHERE account = $2 AND expires <= $3) "
               "INSERT INTO sessions (id_hash, account, created, expires) VALUES ($1, $2, $3, $4)",
               {s.id_hash, std::to_string(s.account), std::to_string(s.created), std::to_string(s.expires)})
        .done("creating a session");
  }

  Result<std::optional<Account>> session_account(const std::string& id_hash, int64_t now) override {
    return one(exec_(std::string("SELECT ") + ACCOUNT_COLUMNS_OF_A +
                         " FROM sessions s JOIN accounts a ON a.id = s.account WHERE s.id_hash = $1 AND s.expires > $2 "
                         "AND a.closed = 0",
                     {id_hash, std::to_string(now)}),
               "reading a session");
  }

  Result<void> end_session(const std::string& id_hash) override {
    return exec_("DELETE FROM sessions WHERE id_hash = $1", {id_hash}).done("ending a session");
  }

  Result<void> set_muted(int64_t account, bool muted) override {
    return exec_("UPDATE accounts SET muted = $2 WHERE id = $1", {std::to_string(account), muted ? "1" : "0"})
        .done("muting an account");
  }

  Result<std::string> preferences(int64_t account) override {
    PgResult r = exec_("SELECT preferences FROM accounts WHERE id = $1", {std::to_string(account)});
    if (!r.ok()) return Error{r.error("reading preferences")};
    if (r.rows() == 0) return std::string();
    return r.row(0).text(0);
  }

  Result<void> set_preferences(int64_t account, const std::string& text) override {
    return exec_("UPDATE accounts SET preferences = $2 WHERE id = $1", {std::to_string(account), text})
        .done("writing preferences");
  }

  Result<std::vector<Account>> list_accounts() override {
    PgResult r = exec_(std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM accounts ORDER BY id", {});
    if (!r.ok()) return Error{r.error("listing accounts")};
    std::vector<Account> out;
    for (int i = 0; i < r.rows(); ++i) {
      auto row = r.row(i);
      out.push_back(read_account(row));
    }
    return out;
  }

 private:
  static Result<std::optional<Account>> one(const PgResult& r, const std::string& what) {
    if (!r.ok()) return Error{r.error(what)};
    if (r.rows() == 0) return std::optional<Account>{};
    auto row = r.row(0);
    return std::optional<Account>{read_account(row)};
  }

  PgExec exec_;
};

}  // namespace

std::unique_ptr<AccountStore> make_pg_accounts(PgExec exec) { return std::make_unique<PgAccounts>(std::move(exec)); }

}  // namespace kirin::server
