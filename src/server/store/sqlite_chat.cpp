// ChatStore on the SQLite store's file: the same connection and lock as its games.
#include "server/store/sqlite_chat.h"

#include <algorithm>

#include "server/store/sqlite_stmt.h"

namespace kirin::server {
namespace {

class SqliteChat final : public ChatStore {
 public:
  SqliteChat(sqlite3* db, std::mutex& mu) : db_(db), mu_(mu) {}

  Result<ChatLine> add_chat_line(const ChatLine& l) override {
    std::lock_guard lock(mu_);
    Stmt q(db_,
           "INSERT INTO chat_lines (game_id, room, account, name, text, at, reports) "
           "VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)");
    q.bind(1, l.game_id).bind(2, l.room).bind(3, l.account).bind(4, l.name).bind(5, l.text).bind(6, l.at);
    if (q.step() != SQLITE_DONE) return Error{q.error("adding a chat line to game " + l.game_id)};
    ChatLine made = l;
    made.id = sqlite3_last_insert_rowid(db_);
    made.reports = 0;
    return made;
  }

  Result<std::vector<ChatLine>> chat_lines(const std::string& game_id, const std::string& room, int limit) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + CHAT_COLUMNS +
                 " FROM chat_lines WHERE game_id = ?1 AND room = ?2 ORDER BY id DESC LIMIT ?3")
                    .c_str());
    q.bind(1, game_id).bind(2, room).bind(3, int64_t(limit));
    auto lines = all(q, "reading the chat of game " + game_id);
    if (lines) std::reverse(lines->begin(), lines->end());
    return lines;
  }

  Result<std::optional<ChatLine>> chat_line(int64_t id) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + CHAT_COLUMNS + " FROM chat_lines WHERE id = ?1").c_str());
    q.bind(1, id);
    const int rc = q.step();
    if (rc == SQLITE_DONE) return std::optional<ChatLine>{};
    if (rc != SQLITE_ROW) return Error{q.error("reading a chat line")};
    return std::optional<ChatLine>{read_chat_line(q)};
  }

  Result<bool> report_chat_line(int64_t line, int64_t reporter, int64_t at) override {
    std::lock_guard lock(mu_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
      return Error{std::string("database: beginning a transaction: ") + sqlite3_errmsg(db_)};
    Result<bool> done = [&]() -> Result<bool> {
      Stmt q(db_, "INSERT INTO chat_reports (line, reporter, at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING");
      q.bind(1, line).bind(2, reporter).bind(3, at);
      if (q.step() != SQLITE_DONE) return Error{q.error("reporting a chat line")};
      if (sqlite3_changes(db_) != 1) return false;
      Stmt u(db_, "UPDATE chat_lines SET reports = reports + 1 WHERE id = ?1");
      u.bind(1, line);
      if (u.step() != SQLITE_DONE) return Error{u.error("counting a report")};
      return true;
    }();
    if (done && sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK) return done;
    if (done) done = Error{std::string("database: committing: ") + sqlite3_errmsg(db_)};
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return done;
  }

  Result<std::vector<ChatLine>> reported_chat_lines(int limit) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + CHAT_COLUMNS +
                 " FROM chat_lines WHERE reports > 0 ORDER BY reports DESC, id LIMIT ?1")
                    .c_str());
    q.bind(1, int64_t(limit));
    return all(q, "listing reported chat lines");
  }

 private:
  static Result<std::vector<ChatLine>> all(Stmt& q, const std::string& what) {
    std::vector<ChatLine> out;
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) out.push_back(read_chat_line(q));
    if (rc != SQLITE_DONE) return Error{q.error(what)};
    return out;
  }

  sqlite3* db_;
  std::mutex& mu_;
};

}  // namespace

std::unique_ptr<ChatStore> make_sqlite_chat(sqlite3* db, std::mutex& mu) {
  return std::make_unique<SqliteChat>(db, mu);
}

}  // namespace kirin::server
