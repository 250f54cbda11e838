// One statement at a time with its parameters, alike on both stores, for the parts of the
// schema whose SQL is the same in SQLite and PostgreSQL (the ratings): parameters are written
// $1, $2, ... (SQLite binds them by name), and every value comes back as text.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "core/result.h"

namespace kirin::server {

using SqlParam = std::variant<int64_t, double, std::string>;

struct SqlRows {
  std::vector<std::vector<std::string>> rows;
  int64_t affected = 0;  // rows an INSERT, UPDATE or DELETE changed
};

using Sql = std::function<Result<SqlRows>(const std::string& sql, const std::vector<SqlParam>& params)>;

// A parameter as PostgreSQL's text form takes it (doubles in full precision).
std::string sql_param_text(const SqlParam& p);

// A statement's failure said as the stores say it: "database: WHAT: why" (the Sql's error is
// "database: why").
std::string sql_error(const std::string& what, const std::string& error);

}  // namespace kirin::server
