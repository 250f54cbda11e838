#include "server/store/sqlite_sql.h"

#include <cstdio>

namespace kirin::server {

Result<SqlRows> sqlite_run(sqlite3* db, const std::string& sql, const std::vector<SqlParam>& params) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) {
    sqlite3_finalize(s);
    return Error{std::string("database: ") + sqlite3_errmsg(db)};
  }
  for (size_t i = 0; i < params.size(); ++i) {
    const int at = sqlite3_bind_parameter_index(s, ("$" + std::to_string(i + 1)).c_str());
    if (at == 0) continue;  // a parameter this statement does not use
    if (const auto* n = std::get_if<int64_t>(&params[i]))
      sqlite3_bind_int64(s, at, *n);
    else if (const auto* d = std::get_if<double>(&params[i]))
      sqlite3_bind_double(s, at, *d);
    else
      sqlite3_bind_text(s, at, std::get<std::string>(params[i]).c_str(), -1, SQLITE_TRANSIENT);
  }
  SqlRows out;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    std::vector<std::string> row;
    for (int c = 0; c < sqlite3_column_count(s); ++c) {
      if (sqlite3_column_type(s, c) == SQLITE_FLOAT) {
        row.push_back(sql_param_text(sqlite3_column_double(s, c)));  // every digit, as PostgreSQL gives them
      } else {
        auto text = sqlite3_column_text(s, c);
        row.push_back(text ? reinterpret_cast<const char*>(text) : "");
      }
    }
    out.rows.push_back(std::move(row));
  }
  if (rc != SQLITE_DONE) {
    Error e{std::string("database: ") + sqlite3_errmsg(db)};
    sqlite3_finalize(s);
    return e;
  }
  out.affected = sqlite3_changes(db);
  sqlite3_finalize(s);
  return out;
}

}  // namespace kirin::server
