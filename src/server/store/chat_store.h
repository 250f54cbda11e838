// Where a game's chat lives: its lines, in the same database as the game (every server of a
// shared store reads the same lines), and the reports players make of lines. One SQL for both
// databases (database.h); every call says whether it worked.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/database.h"

namespace kirin::server {

// One line of a game's chat, as it is stored.
struct ChatLine {
  int64_t id = 0;  // given by the store, rising
  std::string game_id;
  std::string room;     // "players" or "spectators"
  int64_t account = 0;  // who wrote it
  std::string name;     // that account's name when it wrote
  std::string text;     // 1-140 characters, no control characters
  int64_t at = 0;       // unix milliseconds
  int reports = 0;      // how many accounts reported it
};

class ChatStore {
 public:
  explicit ChatStore(Database& db) : db_(db) {}
  // Stores a new line (l.id and l.reports are ignored) and returns it with its id. On a shared
  // store every server hears of it (GameStore::on_chat).
  Result<ChatLine> add_chat_line(const ChatLine& l);
  // A room's last `limit` lines, oldest first.
  Result<std::vector<ChatLine>> chat_lines(const std::string& game_id, const std::string& room, int limit);
  // The line; nullopt when there is none.
  Result<std::optional<ChatLine>> chat_line(int64_t id);
  // `reporter` reports the line; false when it had reported it already (nothing changes).
  Result<bool> report_chat_line(int64_t line, int64_t reporter, int64_t at);
  // The reported lines, most reported first, at most `limit` (for the operator).
  Result<std::vector<ChatLine>> reported_chat_lines(int limit);

 private:
  Database& db_;
};

// The chat tables (SQLite schema version 10, PostgreSQL 11), alike in both stores but for how an
// id is given; created with the rest of the schema when missing.
inline std::string chat_tables(const std::string& id_column) {
  return R"sql(
CREATE TABLE IF NOT EXISTS chat_lines (
  id )sql" +
         id_column + R"sql(,
  game_id TEXT NOT NULL,
  room TEXT NOT NULL,
  account BIGINT NOT NULL,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  at BIGINT NOT NULL,
  reports INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS chat_lines_game ON chat_lines(game_id, room, id);
CREATE TABLE IF NOT EXISTS chat_reports (
  line BIGINT NOT NULL,
  reporter BIGINT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (line, reporter)
);
)sql";
}

}  // namespace kirin::server
