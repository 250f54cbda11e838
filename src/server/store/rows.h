// How a game is laid out in a store's rows, shared by the SQLite and PostgreSQL stores: the
// header columns in one order, the seats as JSON, and a reader over any row type that has
// text(i) and integer(i).
#pragma once
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/clock_record.h"
#include "server/store/game_record.h"
#include "server/store/problem_record.h"
#include "server/store/sql.h"
#include "server/store/store.h"

namespace kirin::server {

inline nlohmann::json seats_json(const GameRecord& g) {
  nlohmann::json a = nlohmann::json::array();
  for (const Seat& s : g.seats) {
    nlohmann::json seat = {
        {"kirin", s.kirin}, {"strength", s.strength}, {"token", s.token}, {"player", s.player}, {"open", s.open}};
    // A seat of an account (SQLite schema version 7 on, PostgreSQL 8): older rows and anonymous seats have none.
    if (s.account) seat.update({{"account", s.account}, {"account_name", s.account_name}});
    // A rated game's seat (SQLite schema version 9 on, PostgreSQL 10).
    if (s.rating) seat.update({{"rating", s.rating}, {"provisional", s.provisional}});
    if (s.rating_diff) seat["rating_diff"] = *s.rating_diff;
    a.push_back(std::move(seat));
  }
  return a;
}

// A LIKE pattern for the seats column of the games a seat of `account` plays in: it names the
// account as seats_json writes it (the matches are checked on the seats read).
inline std::string account_seat_pattern(int64_t account) { return "%\"account\":" + std::to_string(account) + ",%"; }

// Reads the seats column; false if it is not what this store writes.
inline bool read_seats(const std::string& text, Seat (&seats)[2]) {
  auto a = nlohmann::json::parse(text, nullptr, false);
  if (!a.is_array() || a.size() != 2) return false;
  for (int c = 0; c < 2; ++c) {
    if (!a[c].is_object()) return false;
    seats[c].kirin = a[c].value("kirin", false);
    seats[c].strength = a[c].value("strength", 0);
    seats[c].token = a[c].value("token", "");
    seats[c].player = a[c].value("player", "");
    seats[c].open = a[c].value("open", false);
    seats[c].account = a[c].value("account", int64_t(0));
    seats[c].account_name = a[c].value("account_name", "");
    seats[c].rating = a[c].value("rating", 0);
    seats[c].provisional = a[c].value("provisional", false);
    if (a[c].contains("rating_diff") && a[c]["rating_diff"].is_number_integer())
      seats[c].rating_diff = a[c]["rating_diff"].template get<int>();
  }
  return true;
}

// The games table, the same in every store (PostgreSQL needs BIGINT for the 64-bit columns).
constexpr const char* GAMES_TABLE = R"sql(
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  setup TEXT NOT NULL,
  start_fen TEXT NOT NULL,
  casual INTEGER NOT NULL,
  seats TEXT NOT NULL,
  result TEXT NOT NULL,
  reason TEXT NOT NULL,
  draw_offer INTEGER NOT NULL,
  impasse_claim INTEGER NOT NULL,
  takeback_request INTEGER NOT NULL,
  created BIGINT NOT NULL,
  updated BIGINT NOT NULL,
  clock TEXT NOT NULL DEFAULT '',
  rematch_offer INTEGER NOT NULL DEFAULT -1,
  rematch_game TEXT NOT NULL DEFAULT '',
  waiting INTEGER NOT NULL DEFAULT 0,
  version BIGINT NOT NULL DEFAULT 0,
  tags TEXT NOT NULL DEFAULT '[]',
  rated INTEGER NOT NULL DEFAULT 0
);
)sql";

// What a store of an older version adds to its games table (SQLite version 6, PostgreSQL 7):
// an imported record's headers, [[name, value], ...].
constexpr const char* GAME_TAGS_COLUMN = "tags TEXT NOT NULL DEFAULT '[]'";
// And what one older than SQLite version 9, PostgreSQL 10 adds: whether a game is rated.
constexpr const char* GAME_RATED_COLUMN = "rated INTEGER NOT NULL DEFAULT 0";

inline std::string tags_text(const GameRecord& g) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& [name, value] : g.tags) a.push_back({name, value});
  return a.dump();
}

// The columns of a game's header, in the order read_header reads them.
constexpr const char* HEADER_COLUMNS =
    "id, game, options, setup, start_fen, casual, seats, result, reason, draw_offer, impasse_claim, takeback_request, "
    "created, updated, clock, rematch_offer, rematch_game, version, tags, rated";
constexpr int HEADER_COUNT = 20;

// Everything of a game but its moves, from a row that starts with HEADER_COLUMNS, or why it is damaged.
template <class Row>
Result<void> read_header(Row& q, GameRecord& g) {
  g.id = q.text(0);
  g.game = q.text(1);
  nlohmann::json opts = nlohmann::json::parse(q.text(2), nullptr, false);
  if (!opts.is_array()) return Error{"database: game " + g.id + ": stored options are damaged"};
  for (auto& o : opts)
    if (o.is_string()) g.options.push_back(o.template get<std::string>());
  g.setup = q.text(3);
  g.start_fen = q.text(4);
  g.casual = q.integer(5) != 0;
  if (!read_seats(q.text(6), g.seats)) return Error{"database: game " + g.id + ": stored seats are damaged"};
  g.result = q.text(7);
  g.reason = q.text(8);
  g.draw_offer = int(q.integer(9));
  g.impasse_claim = int(q.integer(10));
  g.takeback_request = int(q.integer(11));
  g.created = q.integer(12);
  g.updated = q.integer(13);
  if (!clock_from_text(q.text(14), g.clock, g.clock_state))
    return Error{"database: game " + g.id + ": stored clock is damaged"};
  g.rematch_offer = int(q.integer(15));
  g.rematch_game = q.text(16);
  g.store_version = q.integer(17);
  nlohmann::json tags = nlohmann::json::parse(q.text(18), nullptr, false);
  if (!tags.is_array()) return Error{"database: game " + g.id + ": stored tags are damaged"};
  for (auto& t : tags) {
    if (!t.is_array() || t.size() != 2 || !t[0].is_string() || !t[1].is_string())
      return Error{"database: game " + g.id + ": stored tags are damaged"};
    g.tags.emplace_back(t[0].template get<std::string>(), t[1].template get<std::string>());
  }
  g.rated = q.integer(19) != 0;
  return {};
}

// A row of Sql's text values, read like a store's own rows (read_header).
struct TextRow {
  const std::vector<std::string>& values;
  std::string text(int i) const { return values[i]; }
  int64_t integer(int i) const { return std::atoll(values[i].c_str()); }
};

// The query of GameStore::player_games in Sql's form ($1 the account, $2 the game or "", $3
// the limit, $4 the offset, $5 the reason of a withdrawn challenge), given how the store reads
// the account of seat 0 and of seat 1 from the seats column (JSON), and the result asked for ("" for
// any).
inline Result<std::string> player_games_sql(const std::string& seat0, const std::string& seat1,
                                            const std::string& result) {
  std::string of_result;
  if (result == "win")
    of_result = " AND ((" + seat0 + " = $1 AND result = '1-0') OR (" + seat1 + " = $1 AND result = '0-1'))";
  else if (result == "loss")
    of_result = " AND ((" + seat0 + " = $1 AND result = '0-1') OR (" + seat1 + " = $1 AND result = '1-0'))";
  else if (result == "draw")
    of_result = " AND result = '1/2-1/2'";
  else if (!result.empty())
    return Error{"result must be win, loss or draw"};
  return std::string("SELECT ") + HEADER_COLUMNS +
         ", (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) FROM games WHERE (" + seat0 + " = $1 OR " +
         seat1 +
         " = $1) AND waiting = 0 AND NOT (result = '*' AND reason = $5) AND ($2 = '' OR "
         "game = $2)" +
         of_result + " ORDER BY created DESC, id LIMIT $3 OFFSET $4";
}

// GameStore::unfinished_games in Sql's form: each unfinished game's header and its plies, the
// last one's number read from the moves' primary key (a seek per game, where counting would read
// every move of every game: 100 million rows for 100,000 long games).
inline std::string unfinished_games_sql() {
  return std::string("SELECT ") + HEADER_COLUMNS +
         ", COALESCE((SELECT MAX(ply) + 1 FROM moves m WHERE m.game_id = games.id), 0) FROM games WHERE result = ''";
}

// The game summaries of player_games_sql's or unfinished_games_sql's rows.
inline Result<std::vector<GameSummary>> summaries_of(const Result<SqlRows>& rows, const char* what) {
  if (!rows) return Error{rows.error() + " (" + what + ")"};
  std::vector<GameSummary> out;
  for (const auto& r : rows->rows) {
    TextRow row{r};
    GameSummary s;
    if (auto read = read_header(row, s.header); !read) return Error{read.error()};
    s.plies = int(row.integer(HEADER_COUNT));
    out.push_back(std::move(s));
  }
  return out;
}

// The values of a game's header for a write, in the order of HEADER_COLUMNS after the id,
// then waiting and rated: game .. rematch_game, waiting, rated.
inline std::vector<std::string> header_values(const GameRecord& g) {
  return {g.game,
          nlohmann::json(g.options).dump(),
          g.setup,
          g.start_fen,
          g.casual ? "1" : "0",
          seats_json(g).dump(),
          g.result,
          g.reason,
          std::to_string(g.draw_offer),
          std::to_string(g.impasse_claim),
          std::to_string(g.takeback_request),
          std::to_string(g.created),
          std::to_string(g.updated),
          clock_to_text(g.clock, g.clock_state),
          std::to_string(g.rematch_offer),
          g.rematch_game,
          g.waiting() ? "1" : "0",
          g.rated ? "1" : "0"};
}

// Composed problems (schema version 4), the same in every store. The solution is its moves
// separated by spaces; the alternatives are JSON ([{"move", "plies"}]); the rule options are
// JSON too, as a game's, and added later (SQLite version 5, PostgreSQL 6): older rows have none.
constexpr const char* PROBLEMS_TABLE = R"sql(
CREATE TABLE IF NOT EXISTS problems (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  fen TEXT NOT NULL,
  checks_only INTEGER NOT NULL,
  solution TEXT NOT NULL,
  alternatives TEXT NOT NULL,
  key_unique INTEGER NOT NULL,
  created BIGINT NOT NULL,
  options TEXT NOT NULL DEFAULT '[]'
);
)sql";

// What a store of an older version adds to its problems table.
constexpr const char* PROBLEM_OPTIONS_COLUMN = "options TEXT NOT NULL DEFAULT '[]'";

constexpr const char* PROBLEM_COLUMNS =
    "id, game, fen, checks_only, solution, alternatives, key_unique, created, options";

// The values of PROBLEM_COLUMNS for a write, in that order.
inline std::vector<std::string> problem_values(const ProblemRecord& p) {
  std::string solution;
  for (const auto& m : p.solution) solution += (solution.empty() ? "" : " ") + m;
  nlohmann::json alts = nlohmann::json::array();
  for (const auto& a : p.alternatives) alts.push_back({{"move", a.move}, {"plies", a.plies}});
  return {p.id,
          p.game,
          p.fen,
          p.checks_only ? "1" : "0",
          solution,
          alts.dump(),
          std::to_string(p.key_unique),
          std::to_string(p.created),
          nlohmann::json(p.options).dump()};
}

// A problem from a row that starts with PROBLEM_COLUMNS, or why it is damaged.
template <class Row>
Result<void> read_problem(Row& q, ProblemRecord& p) {
  p.id = q.text(0);
  p.game = q.text(1);
  p.fen = q.text(2);
  p.checks_only = q.integer(3) != 0;
  const std::string solution = q.text(4);
  for (size_t at = 0; at < solution.size();) {
    size_t space = solution.find(' ', at);
    if (space == std::string::npos) space = solution.size();
    if (space > at) p.solution.push_back(solution.substr(at, space - at));
    at = space + 1;
  }
  nlohmann::json alts = nlohmann::json::parse(q.text(5), nullptr, false);
  if (!alts.is_array() || p.solution.empty())
    return Error{"database: problem " + p.id + ": stored solution is damaged"};
  for (const auto& a : alts) {
    if (!a.is_object() || !a.contains("move") || !a["move"].is_string() || !a.contains("plies") ||
        !a["plies"].is_number_integer())
      return Error{"database: problem " + p.id + ": stored alternatives are damaged"};
    p.alternatives.push_back({a["move"].get<std::string>(), a["plies"].get<int>()});
  }
  p.key_unique = int(q.integer(6));
  p.created = q.integer(7);
  nlohmann::json opts = nlohmann::json::parse(q.text(8), nullptr, false);
  if (!opts.is_array()) return Error{"database: problem " + p.id + ": stored options are damaged"};
  for (const auto& o : opts) {
    if (!o.is_string()) return Error{"database: problem " + p.id + ": stored options are damaged"};
    p.options.push_back(o.get<std::string>());
  }
  return {};
}

}  // namespace kirin::server
