// The PostgreSQL store's accounts, each call one statement on a connection of its pool.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/store/account_store.h"
#include "server/store/pg_result.h"

namespace kirin::server {

// Runs one statement with its parameters on a connection of the store's.
using PgExec = std::function<PgResult(const std::string& sql, const std::vector<std::string>& params)>;

std::unique_ptr<AccountStore> make_pg_accounts(PgExec exec);

}  // namespace kirin::server
