#include "server/store/chat_store.h"

#include <algorithm>
#include <cstdlib>

namespace kirin::server {
namespace {

constexpr const char* CHAT_COLUMNS = "id, game_id, room, account, name, text, at, reports";

int64_t integer(const std::string& text) { return std::atoll(text.c_str()); }

// A line from a row of CHAT_COLUMNS.
ChatLine line_of(const std::vector<std::string>& r) {
  return ChatLine{integer(r[0]), r[1], r[2], integer(r[3]), r[4], r[5], integer(r[6]), int(integer(r[7]))};
}

Result<std::vector<ChatLine>> lines_of(const Result<SqlRows>& q, const std::string& what) {
  if (!q) return Error{sql_error(what, q.error())};
  std::vector<ChatLine> out;
  for (const auto& r : q->rows) out.push_back(line_of(r));
  return out;
}

}  // namespace

Result<ChatLine> ChatStore::add_chat_line(const ChatLine& l) {
  ChatLine made = l;
  made.reports = 0;
  // Every server hears of the line ("game:line") when it is there to read.
  auto done = db_.transaction([&](const Sql& sql) -> Result<void> {
    auto q =
        sql("INSERT INTO chat_lines (game_id, room, account, name, text, at, reports) "
            "VALUES ($1, $2, $3, $4, $5, $6, 0) RETURNING id",
            {l.game_id, l.room, l.account, l.name, l.text, l.at});
    if (!q || q->rows.size() != 1)
      return Error{sql_error("adding a chat line to game " + l.game_id, q ? "no id" : q.error())};
    made.id = integer(q->rows[0][0]);
    return db_.notify(sql, "kirin_chat", l.game_id + ":" + std::to_string(made.id));
  });
  if (!done) return Error{done.error()};
  return made;
}

Result<std::vector<ChatLine>> ChatStore::chat_lines(const std::string& game_id, const std::string& room, int limit) {
  auto lines = lines_of(db_.run(std::string("SELECT ") + CHAT_COLUMNS +
                                    " FROM chat_lines WHERE game_id = $1 AND room = $2 ORDER BY id DESC LIMIT $3",
                                {game_id, room, int64_t(limit)}),
                        "reading the chat of game " + game_id);
  if (lines) std::reverse(lines->begin(), lines->end());
  return lines;
}

Result<std::optional<ChatLine>> ChatStore::chat_line(int64_t id) {
  auto lines = lines_of(db_.run(std::string("SELECT ") + CHAT_COLUMNS + " FROM chat_lines WHERE id = $1", {id}),
                        "reading a chat line");
  if (!lines) return Error{lines.error()};
  if (lines->empty()) return std::optional<ChatLine>{};
  return std::optional<ChatLine>{lines->front()};
}

Result<bool> ChatStore::report_chat_line(int64_t line, int64_t reporter, int64_t at) {
  bool counted = false;
  auto done = db_.transaction([&](const Sql& sql) -> Result<void> {
    // A second report by the same account changes nothing.
    auto added = sql("INSERT INTO chat_reports (line, reporter, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                     {line, reporter, at});
    if (!added) return Error{sql_error("reporting a chat line", added.error())};
    if (added->affected != 1) return {};
    auto count = sql("UPDATE chat_lines SET reports = reports + 1 WHERE id = $1", {line});
    if (!count) return Error{sql_error("counting a report", count.error())};
    counted = count->affected == 1;
    return {};
  });
  if (!done) return Error{done.error()};
  return counted;
}

Result<std::vector<ChatLine>> ChatStore::reported_chat_lines(int limit) {
  return lines_of(db_.run(std::string("SELECT ") + CHAT_COLUMNS +
                              " FROM chat_lines WHERE reports > 0 ORDER BY reports DESC, id LIMIT $1",
                          {int64_t(limit)}),
                  "listing reported chat lines");
}

}  // namespace kirin::server
