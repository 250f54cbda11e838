#include "server/security/accounts.h"

#include "core/unix_time.h"
#include "server/refusals.h"
#include "server/security/account_preferences.h"
#include "server/security/account_rules.h"
#include "server/security/token.h"

namespace kirin::server {

Accounts::Accounts(AccountStore& store, Failures fail, AccountsOptions options)
    : store_(store), fail_(std::move(fail)), options_(options), limits_(options.limits) {
  init_password_hashing();
}

nlohmann::json Accounts::to_json(const Account& a) {
  return {{"name", a.name}, {"created", a.created}, {"closed", a.closed}};
}

Result<std::string> Accounts::open_session(int64_t account) {
  // 256 random bits from the kernel; the store keeps only their SHA-256.
  std::string id = random_hex(32);
  const int64_t now = now_ms();
  if (auto made = store_.create_session({token_hash(id), account, now, now + options_.session_ms}); !made)
    return Error{made.error()};
  return id;
}

bool Accounts::matches(const std::optional<Account>& a, const std::string& password) {
  if (!a) {
    std::call_once(stand_in_made_, [&] { stand_in_hash_ = hash_password(random_hex(16), options_.password_cost); });
    (void)password_matches(password, stand_in_hash_);
    return false;
  }
  return password_matches(password, a->password_hash);
}

Signed Accounts::signup(const std::string& name, const std::string& password, const std::string& address) {
  if (auto refused = refuse_account_name(name)) return {refuse(*refused), ""};
  if (auto refused = refuse_password(password)) return {refuse(*refused), ""};
  Account a{0, name, account_name_key(name), hash_password(password, options_.password_cost), now_ms(), false};
  auto made = store_.create_account(a);
  if (!made) return {fail_("creating account " + name, made.error()), ""};
  if (!*made) return {refuse(Refusal::NAME_TAKEN, {{"name", name}}), ""};
  limits_.succeeded(address, a.name_key);
  auto session = open_session((*made)->id);
  if (!session) return {fail_("opening a session for " + name, session.error()), ""};
  return {{Reply::MADE, to_json(**made)}, *session};
}

Signed Accounts::login(const std::string& name, const std::string& password, const std::string& address) {
  // A name that breaks the rules is no account's: it is answered as any wrong name.
  const std::string key = account_name_key(name.substr(0, 64));
  if (int wait = limits_.wait(address, key); wait > 0) {
    return {refuse(Refusal::TOO_MANY_LOGINS, {{"seconds", wait}}), ""};
  }
  std::optional<Account> a;
  if (check_account_name(name)) {
    auto found = store_.account_by_key(key);
    if (!found) return {fail_("reading account " + key, found.error()), ""};
    a = std::move(*found);
  }
  if (a && a->closed) a.reset();
  if (!matches(a, password)) {
    limits_.failed(address, key);
    return {refuse(Refusal::WRONG_LOGIN), ""};
  }
  limits_.succeeded(address, key);
  auto session = open_session(a->id);
  if (!session) return {fail_("opening a session for " + a->name, session.error()), ""};
  return {{Reply::DONE, to_json(*a)}, *session};
}

std::optional<Reply> Accounts::password_again(const std::string& session, const std::string& password,
                                              const std::string& hash, Refusal wrong) {
  const std::string key = token_hash(session);
  if (int wait = limits_.session_wait(key); wait > 0) {
    return refuse(Refusal::TOO_MANY_WRONG_PASSWORDS, {{"seconds", wait}});
  }
  if (password_matches(password, hash)) return std::nullopt;
  limits_.session_failed(key);
  return refuse(wrong);
}

Reply Accounts::logout(const std::string& session) {
  if (!session.empty())
    if (auto ended = store_.end_session(token_hash(session)); !ended) return fail_("ending a session", ended.error());
  return {Reply::DONE, {{"account", nullptr}}};
}

Result<std::optional<Account>> Accounts::named(const std::string& name) {
  return store_.account_by_key(account_name_key(name));
}

Result<std::optional<Account>> Accounts::session(const std::string& session) {
  // A session id is 64 hex digits; anything else is no session, and costs no lookup.
  if (session.size() != 64 || session.find_first_not_of("0123456789abcdef") != std::string::npos)
    return std::optional<Account>{};
  return store_.session_account(token_hash(session), now_ms());
}

Signed Accounts::change_password(const Account& a, const std::string& session, const std::string& current,
                                 const std::string& next) {
  if (auto refused = password_again(session, current, a.password_hash, Refusal::CURRENT_PASSWORD_WRONG))
    return {*refused, ""};
  if (auto refused = refuse_password(next)) return {refuse(*refused), ""};
  if (auto set = store_.set_password(a.id, hash_password(next, options_.password_cost)); !set)
    return {fail_("changing the password of " + a.name, set.error()), ""};
  auto fresh = open_session(a.id);
  if (!fresh) return {fail_("opening a session for " + a.name, fresh.error()), ""};
  return {{Reply::DONE, to_json(a)}, *fresh};
}

Reply Accounts::close(const Account& a, const std::string& session, const std::string& password) {
  if (auto refused = password_again(session, password, a.password_hash, Refusal::PASSWORD_WRONG)) return *refused;
  if (auto closed = store_.close_account(a.id); !closed) return fail_("closing account " + a.name, closed.error());
  if (closed_) closed_(a.id);
  Account gone = a;
  gone.closed = true;
  return {Reply::DONE, to_json(gone)};
}

Reply Accounts::preferences(const Account& a) {
  auto stored = store_.preferences(a.id);
  if (!stored) return fail_("reading the preferences of " + a.name, stored.error());
  return {Reply::DONE, preferences_json(read_stored(*stored))};
}

Reply Accounts::change_preferences(const Account& a, const nlohmann::json& change) {
  auto stored = store_.preferences(a.id);
  if (!stored) return fail_("reading the preferences of " + a.name, stored.error());
  auto changed = changed_preferences(read_stored(*stored), change);
  if (!changed) return refusal(Reply::BAD_REQUEST, changed.error());
  if (auto wrote = store_.set_preferences(a.id, stored_text(*changed)); !wrote)
    return fail_("writing the preferences of " + a.name, wrote.error());
  return {Reply::DONE, preferences_json(*changed)};
}

}  // namespace kirin::server
