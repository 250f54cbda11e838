#include "server/store/account_store.h"

#include <cstdlib>

namespace kirin::server {
namespace {

constexpr const char* ACCOUNT_COLUMNS = "a.id, a.name, a.name_key, a.password_hash, a.created, a.closed, a.muted";

int64_t integer(const std::string& text) { return std::atoll(text.c_str()); }

// An account from a row of ACCOUNT_COLUMNS.
Account account_of(const std::vector<std::string>& r) {
  return Account{integer(r[0]), r[1], r[2], r[3], integer(r[4]), integer(r[5]) != 0, integer(r[6]) != 0};
}

Result<void> done(const Result<SqlRows>& r, const std::string& what) {
  if (!r) return Error{sql_error(what, r.error())};
  return {};
}

Result<void> end_sessions(const Sql& sql, int64_t account) {
  return done(sql("DELETE FROM sessions WHERE account = $1", {account}), "ending the sessions of an account");
}

}  // namespace

Result<std::optional<Account>> AccountStore::create_account(const Account& a) {
  auto r = db_.run(
      "INSERT INTO accounts (name, name_key, password_hash, created, closed) VALUES ($1, $2, $3, $4, 0) "
      "ON CONFLICT (name_key) DO NOTHING RETURNING id",
      {a.name, a.name_key, a.password_hash, a.created});
  if (!r) return Error{sql_error("creating an account", r.error())};
  if (r->rows.empty()) return std::optional<Account>{};
  Account made = a;
  made.id = integer(r->rows[0][0]);
  made.closed = false;
  return std::optional<Account>{std::move(made)};
}

Result<std::optional<Account>> AccountStore::one(const std::string& from_where, const std::vector<SqlParam>& params,
                                                 const std::string& what) {
  auto r = db_.run(std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM " + from_where, params);
  if (!r) return Error{sql_error(what, r.error())};
  if (r->rows.empty()) return std::optional<Account>{};
  return std::optional<Account>{account_of(r->rows[0])};
}

Result<std::optional<Account>> AccountStore::account_by_key(const std::string& name_key) {
  return one("accounts a WHERE a.name_key = $1", {name_key}, "reading an account");
}

Result<std::optional<Account>> AccountStore::account_by_id(int64_t id) {
  return one("accounts a WHERE a.id = $1", {id}, "reading an account");
}

Result<void> AccountStore::set_password(int64_t account, const std::string& password_hash) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    if (auto e =
            done(sql("UPDATE accounts SET password_hash = $2 WHERE id = $1 AND closed = 0", {account, password_hash}),
                 "changing a password");
        !e)
      return e;
    return end_sessions(sql, account);
  });
}

Result<void> AccountStore::close_account(int64_t account) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    if (auto e = done(sql("UPDATE accounts SET closed = 1, password_hash = '' WHERE id = $1", {account}),
                      "closing an account");
        !e)
      return e;
    return end_sessions(sql, account);
  });
}

Result<void> AccountStore::create_session(const SessionRecord& s) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    if (auto e = done(sql("DELETE FROM sessions WHERE account = $1 AND expires <= $2", {s.account, s.created}),
                      "sweeping expired sessions");
        !e)
      return e;
    return done(sql("INSERT INTO sessions (id_hash, account, created, expires) VALUES ($1, $2, $3, $4)",
                    {s.id_hash, s.account, s.created, s.expires}),
                "creating a session");
  });
}

Result<std::optional<Account>> AccountStore::session_account(const std::string& id_hash, int64_t now) {
  return one("sessions s JOIN accounts a ON a.id = s.account WHERE s.id_hash = $1 AND s.expires > $2 AND a.closed = 0",
             {id_hash, now}, "reading a session");
}

Result<void> AccountStore::end_session(const std::string& id_hash) {
  return done(db_.run("DELETE FROM sessions WHERE id_hash = $1", {id_hash}), "ending a session");
}

Result<void> AccountStore::set_muted(int64_t account, bool muted) {
  return done(db_.run("UPDATE accounts SET muted = $2 WHERE id = $1", {account, int64_t(muted)}), "muting an account");
}

Result<std::string> AccountStore::preferences(int64_t account) {
  auto r = db_.run("SELECT preferences FROM accounts WHERE id = $1", {account});
  if (!r) return Error{sql_error("reading preferences", r.error())};
  return r->rows.empty() ? std::string() : r->rows[0][0];
}

Result<void> AccountStore::set_preferences(int64_t account, const std::string& text) {
  return done(db_.run("UPDATE accounts SET preferences = $2 WHERE id = $1", {account, text}), "writing preferences");
}

Result<std::vector<Account>> AccountStore::list_accounts() {
  auto r = db_.run(std::string("SELECT ") + ACCOUNT_COLUMNS + " FROM accounts a ORDER BY a.id", {});
  if (!r) return Error{sql_error("listing accounts", r.error())};
  std::vector<Account> out;
  for (const auto& row : r->rows) out.push_back(account_of(row));
  return out;
}

}  // namespace kirin::server
