// A prepared SQLite statement that says what went wrong, shared by the SQLite store's files.
#pragma once
#include <sqlite3.h>

#include <cstdint>
#include <string>

namespace kirin::server {

// A prepared statement, finalized when it goes out of scope.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) { prepared_ = sqlite3_prepare_v2(db, sql, -1, &s_, nullptr); }
  ~Stmt() { sqlite3_finalize(s_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  Stmt& bind(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  // SQLITE_ROW, SQLITE_DONE or an error code (a statement that did not prepare is one).
  int step() { return prepared_ == SQLITE_OK ? sqlite3_step(s_) : prepared_; }
  std::string text(int col) {
    auto p = sqlite3_column_text(s_, col);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }
  int64_t integer(int col) { return sqlite3_column_int64(s_, col); }
  std::string error(const std::string& what) const { return "database: " + what + ": " + sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
  int prepared_;
};

}  // namespace kirin::server
