// ChatStore on PostgreSQL. Every change is one statement (a report and its count together, in
// common table expressions), and a new line is announced to every server in the same statement
// (pg_notify on "kirin_chat", sent at its commit).
#include "server/store/pg_chat.h"

#include <algorithm>

namespace kirin::server {
namespace {

class PgChat final : public ChatStore {
 public:
  explicit PgChat(PgExec exec) : exec_(std::move(exec)) {}

  Result<ChatLine> add_chat_line(const ChatLine& l) override {
    PgResult r = exec_(
        "WITH added AS (INSERT INTO chat_lines (game_id, room, account, name, text, at, reports) "
        "VALUES ($1, $2, $3, $4, $5, $6, 0) RETURNING id) "
        "SELECT id, pg_notify('kirin_chat', $1 || ':' || id) FROM added",
        {l.game_id, l.room, std::to_string(l.account), l.name, l.text, std::to_string(l.at)});
    if (!r.ok() || r.rows() != 1) return Error{r.error("adding a chat line to game " + l.game_id)};
    ChatLine made = l;
    made.id = r.row(0).integer(0);
    made.reports = 0;
    return made;
  }

  Result<std::vector<ChatLine>> chat_lines(const std::string& game_id, const std::string& room, int limit) override {
    auto lines = all(exec_(std::string("SELECT ") + CHAT_COLUMNS +
                               " FROM chat_lines WHERE game_id = $1 AND room = $2 ORDER BY id DESC LIMIT $3",
                           {game_id, room, std::to_string(limit)}),
                     "reading the chat of game " + game_id);
    if (lines) std::reverse(lines->begin(), lines->end());
    return lines;
  }

  Result<std::optional<ChatLine>> chat_line(int64_t id) override {
    PgResult r = exec_(std::string("SELECT ") + CHAT_COLUMNS + " FROM chat_lines WHERE id = $1", {std::to_string(id)});
    if (!r.ok()) return Error{r.error("reading a chat line")};
    if (r.rows() == 0) return std::optional<ChatLine>{};
    auto row = r.row(0);
    return std::optional<ChatLine>{read_chat_line(row)};
  }

  Result<bool> report_chat_line(int64_t line, int64_t reporter, int64_t at) override {
    PgResult r = exec_(
        "WITH added AS (INSERT INTO chat_reports (line, reporter, at) VALUES ($1, $2, $3) "
        "ON CONFLICT DO NOTHING RETURNING line) "
        "UPDATE chat_lines SET reports = reports + 1 WHERE id IN (SELECT line FROM added) RETURNING id",
        {std::to_string(line), std::to_string(reporter), std::to_string(at)});
    if (!r.ok()) return Error{r.error("reporting a chat line")};
    return r.rows() == 1;
  }

  Result<std::vector<ChatLine>> reported_chat_lines(int limit) override {
    return all(exec_(std::string("SELECT ") + CHAT_COLUMNS +
                         " FROM chat_lines WHERE reports > 0 ORDER BY reports DESC, id LIMIT $1",
                     {std::to_string(limit)}),
               "listing reported chat lines");
  }

 private:
  static Result<std::vector<ChatLine>> all(const PgResult& r, const std::string& what) {
    if (!r.ok()) return Error{r.error(what)};
    std::vector<ChatLine> out;
    for (int i = 0; i < r.rows(); ++i) {
      auto row = r.row(i);
      out.push_back(read_chat_line(row));
    }
    return out;
  }

  PgExec exec_;
};

}  // namespace

std::unique_ptr<ChatStore> make_pg_chat(PgExec exec) { return std::make_unique<PgChat>(std::move(exec)); }

}  // namespace kirin::server
