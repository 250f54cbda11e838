// The SQLite store's accounts, on its connection and under its lock.
#pragma once
#include <sqlite3.h>

#include <memory>
#include <mutex>

#include "server/store/account_store.h"

namespace kirin::server {

std::unique_ptr<AccountStore> make_sqlite_accounts(sqlite3* db, std::mutex& mu);

}  // namespace kirin::server
