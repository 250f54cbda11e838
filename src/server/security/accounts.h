// Players' accounts and their logins (lila's user and security modules in small): sign up, log in
// and out, change the password, close the account; and the lookup every route may make of the
// account a session cookie logs in. Knows nothing of HTTP: the routes (api/account.cpp) carry
// the session id in a cookie and this answers with Replies.
#pragma once
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "server/refusals.h"
#include "server/replies.h"
#include "server/security/login_limits.h"
#include "server/security/password.h"
#include "server/store/account_store.h"

namespace kirin::server {

struct AccountsOptions {
  PasswordCost password_cost = PasswordCost::INTERACTIVE;
  // A session holds for 30 days from its login, fixed (not renewed by use): a stolen cookie
  // dies on its own, and a session costs no write per request.
  int64_t session_ms = 30LL * 24 * 3600 * 1000;
  LoginLimitOptions limits;
};

// What a signup, login or password change answers, and the new session's id for the cookie
// ("" when there is none: a refusal).
struct Signed {
  Reply reply;
  std::string session;
};

class Accounts {
 public:
  Accounts(AccountStore& store, Failures fail, AccountsOptions options = {});

  // A new account and its first session (201); 400 for a name or password the rules refuse,
  // 409 for a name taken (ignoring case, closed accounts' too). `address` becomes one of the
  // account's own (its login lockout lets it through).
  Signed signup(const std::string& name, const std::string& password, const std::string& address);
  // 401 for a wrong name or a wrong password alike; 429 (with "retry_after" seconds in the body)
  // after too many tries from `address` or for the name (login_limits.h).
  Signed login(const std::string& name, const std::string& password, const std::string& address);
  // Ends the session (if it is one); always 200.
  Reply logout(const std::string& session);
  // The open account `session` logs in; nullopt for none (unknown, expired, ended, closed).
  Result<std::optional<Account>> session(const std::string& session);
  // The account of this name (ignoring case), open or closed; nullopt for none.
  Result<std::optional<Account>> named(const std::string& name);
  // After the current password: the new one, every other session ended, and a fresh one. A wrong
  // one is 403, and 429 after too many in `session` (the one asking).
  Signed change_password(const Account& a, const std::string& session, const std::string& current,
                         const std::string& next);
  // After the password (limited as for a change): the account closed, its sessions ended; its
  // games stay and its name is never given again.
  Reply close(const Account& a, const std::string& session, const std::string& password);
  // The account's preferences (security/account_preferences.h's JSON), and a change to them: the
  // preferences after it, or 400 naming the field or value not known (nothing changed then).
  Reply preferences(const Account& a);
  Reply change_preferences(const Account& a, const nlohmann::json& change);
  // Told of each account closed here, after the store was (set before any request).
  void on_closed(std::function<void(int64_t account)> closed) { closed_ = std::move(closed); }

  // An account as the API shows it (never its hash).
  static nlohmann::json to_json(const Account& a);
  int64_t session_ms() const { return options_.session_ms; }
  // A failure of the store on the way to an account (a session lookup): logged, and a 500.
  Reply failed(const std::string& what, const std::string& error) const { return fail_(what, error); }

 private:
  // A new session for `account`, or the failure.
  Result<std::string> open_session(int64_t account);
  // Whether `password` is the account's (an absent account is checked against a stand-in hash,
  // so that a wrong name takes as long as a wrong password).
  bool matches(const std::optional<Account>& a, const std::string& password);
  // nullopt when `password` matches `hash`; else the refusal (403 `wrong`, or 429 when `session`
  // has been wrong too often).
  std::optional<Reply> password_again(const std::string& session, const std::string& password, const std::string& hash,
                                      Refusal wrong);

  AccountStore& store_;
  const Failures fail_;
  const AccountsOptions options_;
  LoginLimits limits_;
  // Made at the first wrong name (not at start: an Argon2id hash takes 64 MiB for a moment).
  std::once_flag stand_in_made_;
  std::string stand_in_hash_;
  std::function<void(int64_t)> closed_;
};

}  // namespace kirin::server
