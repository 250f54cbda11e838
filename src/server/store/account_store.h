// Where accounts and their sessions live: the same database as the games (every server of a
// shared store sees a session made on any of them). One SQL for both databases (database.h);
// every call says whether it worked.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/account_record.h"
#include "server/store/database.h"

namespace kirin::server {

class AccountStore {
 public:
  explicit AccountStore(Database& db) : db_(db) {}
  // Stores a new account (a.id is ignored) and returns it with its id; nullopt when its name_key
  // is taken (by an open or a closed account).
  Result<std::optional<Account>> create_account(const Account& a);
  Result<std::optional<Account>> account_by_key(const std::string& name_key);
  Result<std::optional<Account>> account_by_id(int64_t id);
  // A new password hash; every session of the account ends in the same transaction.
  Result<void> set_password(int64_t account, const std::string& password_hash);
  // Closes the account: its hash is wiped and its sessions end, in one transaction.
  Result<void> close_account(int64_t account);
  // A new session; the account's expired ones are swept on the way.
  Result<void> create_session(const SessionRecord& s);
  // The open account whose session has this id hash and has not expired at `now`; nullopt else.
  Result<std::optional<Account>> session_account(const std::string& id_hash, int64_t now);
  Result<void> end_session(const std::string& id_hash);
  // The operator's chat mute (kirin accounts mute|unmute): a muted account may not chat.
  Result<void> set_muted(int64_t account, bool muted);
  // The account's preferences as security/account_preferences.h writes them ("" for none).
  Result<std::string> preferences(int64_t account);
  Result<void> set_preferences(int64_t account, const std::string& text);
  // Every account, oldest first (for the operator).
  Result<std::vector<Account>> list_accounts();

 private:
  // The account a query finds ("TABLES WHERE ..." of the accounts table named a), if any.
  Result<std::optional<Account>> one(const std::string& from_where, const std::vector<SqlParam>& params,
                                     const std::string& what);

  Database& db_;
};

}  // namespace kirin::server
