// Where accounts and their sessions live: the same database as the games (every server of a
// shared store sees a session made on any of them). Each store implements it beside its
// GameStore (sqlite_accounts.cpp, pg_accounts.cpp); every call says whether it worked.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/account_record.h"

namespace kirin::server {

class AccountStore {
 public:
  virtual ~AccountStore() = default;
  // Stores a new account (a.id is ignored) and returns it with its id; nullopt when its name_key
  // is taken (by an open or a closed account).
  virtual Result<std::optional<Account>> create_account(const Account& a) = 0;
  virtual Result<std::optional<Account>> account_by_key(const std::string& name_key) = 0;
  virtual Result<std::optional<Account>> account_by_id(int64_t id) = 0;
  // A new password hash; every session of the account ends in the same transaction.
  virtual Result<void> set_password(int64_t account, const std::string& password_hash) = 0;
  // Closes the account: its hash is wiped and its sessions end, in one transaction.
  virtual Result<void> close_account(int64_t account) = 0;
  // A new session; the account's expired ones are swept on the way.
  virtual Result<void> create_session(const SessionRecord& s) = 0;
  // The open account whose session has this id hash and has not expired at `now`; nullopt else.
  virtual Result<std::optional<Account>> session_account(const std::string& id_hash, int64_t now) = 0;
  virtual Result<void> end_session(const std::string& id_hash) = 0;
  // The operator's chat mute (kirin accounts mute|unmute): a muted account may not chat.
  virtual Result<void> set_muted(int64_t account, bool muted) = 0;
  // The account's preferences as security/account_preferences.h writes them ("" for none).
  virtual Result<std::string> preferences(int64_t account) = 0;
  virtual Result<void> set_preferences(int64_t account, const std::string& text) = 0;
  // Every account, oldest first (for the operator).
  virtual Result<std::vector<Account>> list_accounts() = 0;
};

}  // namespace kirin::server
