// Sql (sql.h) on the SQLite store's connection. The caller holds the store's lock.
#pragma once
#include <sqlite3.h>

#include "server/store/sql.h"

namespace kirin::server {

Result<SqlRows> sqlite_run(sqlite3* db, const std::string& sql, const std::vector<SqlParam>& params);

}  // namespace kirin::server
