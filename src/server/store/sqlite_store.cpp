// The SQLite store: one file in WAL mode, checked and brought to this schema when it opens, then
// a GameStore over one connection behind a mutex (sqlite_database.h): a move is a single small
// transaction, far faster than the HTTP round trip around it. Every step's result is checked: a
// damaged or read-only file gives an error, never a short answer that looks whole.
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

#include "server/store/account_tables.h"
#include "server/store/rating_tables.h"
#include "server/store/rows.h"
#include "server/store/sqlite_database.h"
#include "server/store/sqlite_stmt.h"
#include "server/store/store.h"
#include "server/store/token_hash.h"

namespace kirin::server {
namespace {

using nlohmann::json;

// Version 1: games and moves. Version 2: seats keep the SHA-256 of each token, not the token.
// Version 3: each game's clock (JSON, "" for none), its rematch, whether it waits for an
// opponent (an open challenge), and a table of the server's own facts. Version 4: composed
// problems (their table is created with the rest when it is missing, so the step is the SCHEMA).
// Version 5: each problem's rule options. Version 6: an imported record's headers (games.tags).
// Version 7: player accounts and their sessions (account_tables.h, created with the rest when
// missing; a seat's owner is in its JSON). Version 8, "game analyses": the computer analyses of
// finished games (created with the rest when missing, so the step is the SCHEMA). Version 9,
// "ratings": the ratings tables (rating/ratings.h, created with the rest when missing) and
// whether a game is rated (games.rated). Version 10, "chat": the games' chat lines and their
// reports (created with the rest when missing) and the accounts' chat mute (a column added to
// the accounts of an older file).
// Version 12, "tournaments": events, their players and pairings (tournament_store.h, created
// with the rest when missing, so the step is the SCHEMA).
constexpr int SCHEMA_VERSION = 12;
// Stores up to this size are checked whole (PRAGMA quick_check) at every start.
constexpr int64_t QUICK_CHECK_MAX_BYTES = 256LL << 20;

// The games table is shared with the PostgreSQL store (store_rows.h); SQLite reads BIGINT as
// its 64-bit INTEGER.
const std::string SCHEMA = std::string(GAMES_TABLE) + R"sql(
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
)sql" + PROBLEMS_TABLE + SQLITE_ACCOUNT_TABLES +
                           GAME_ANALYSES_TABLE + RATING_TABLES + chat_tables("INTEGER PRIMARY KEY AUTOINCREMENT") +
                           TOURNAMENT_TABLES;

// The checks that a file is fit to serve, and its schema brought to SCHEMA_VERSION, on the
// connection before the store serves from it.
class SqliteOpening {
 public:
  explicit SqliteOpening(sqlite3* db) : db_(db) {}

  // Schema, migrations and the checks that a file is fit to serve, or why it is not.
  Result<void> open_checks() {
    // SQLite opens a file it may not write read-only, without a word: say so before anything.
    if (sqlite3_db_readonly(db_, "main") == 1) return Error{"database is not writable (a read-only file or folder)"};
    // The whole check reads every page (a minute or so per GiB): a big store, which long-lived
    // sites have, is checked by the reads that follow (the schema's now, each game's when it
    // loads, loudly), not kept from starting for minutes.
    // A size that cannot be read is a file the check will say more of.
    int64_t bytes = 0;
    {
      Stmt count(db_, "PRAGMA page_count"), size(db_, "PRAGMA page_size");
      if (count.step() == SQLITE_ROW && size.step() == SQLITE_ROW) bytes = count.integer(0) * size.integer(0);
    }
    if (bytes <= QUICK_CHECK_MAX_BYTES) {
      Stmt q(db_, "PRAGMA quick_check");
      int rc = q.step();
      if (rc != SQLITE_ROW) return Error{q.error("integrity check")};
      if (std::string verdict = q.text(0); verdict != "ok") {
        // SQLite lists the damage over several lines; the reason is said on one.
        std::replace(verdict.begin(), verdict.end(), '\n', ';');
        return Error{"database is damaged: " + verdict.substr(0, 300)};
      }
    }
    for (const char* sql : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL"})
      if (auto e = exec(sql); !e) return e;
    if (auto e = exec("BEGIN IMMEDIATE"); !e) return Error{"database is not writable: " + e.error()};
    return finish(migrate());
  }

  Result<void> exec(const char* sql) {
    char* msg = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) == SQLITE_OK) return {};
    Error e{std::string("database: ") + (msg ? msg : sqlite3_errmsg(db_))};
    sqlite3_free(msg);
    return e;
  }

 private:
  // Inside a write transaction: brings the schema to SCHEMA_VERSION. The write it always does
  // (the version row) is the writability check.
  Result<void> migrate() {
    bool had_games = false;
    {
      Stmt q(db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'");
      int rc = q.step();
      if (rc != SQLITE_ROW && rc != SQLITE_DONE) return Error{q.error("reading the schema")};
      had_games = rc == SQLITE_ROW;
    }
    if (auto e = exec(SCHEMA.c_str()); !e) return e;
    int version = had_games ? 1 : SCHEMA_VERSION;
    {
      Stmt q(db_, "SELECT MAX(version) FROM schema_version");
      if (q.step() != SQLITE_ROW) return Error{q.error("reading the schema version")};
      if (q.integer(0) > 0) version = int(q.integer(0));
    }
    if (version > SCHEMA_VERSION)
      return Error{"database schema version " + std::to_string(version) + " is newer than this Kirin's (" +
                   std::to_string(SCHEMA_VERSION) + ")"};
    if (version < 2)
      if (auto e = hash_stored_tokens(); !e) return e;
    if (version < 3 && had_games)
      for (const char* sql : {"ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT ''",
                              "ALTER TABLE games ADD COLUMN rematch_offer INTEGER NOT NULL DEFAULT -1",
                              "ALTER TABLE games ADD COLUMN rematch_game TEXT NOT NULL DEFAULT ''",
                              "ALTER TABLE games ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0",
                              "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0"})
        if (auto e = exec(sql); !e) return e;
    // Before version 4 the problems table was made just now, with the column.
    if (version == 4)
      if (auto e = exec((std::string("ALTER TABLE problems ADD COLUMN ") + PROBLEM_OPTIONS_COLUMN).c_str()); !e)
        return e;
    if (version < 6 && had_games)
      if (auto e = add_column_if_missing("games", "tags", GAME_TAGS_COLUMN); !e) return e;
    if (version < 9 && had_games)
      if (auto e = add_column_if_missing("games", "rated", GAME_RATED_COLUMN); !e) return e;
    // Version 10 (chat): the accounts of an older file gain their chat mute.
    if (version < 10 && had_games)
      if (auto e = add_column_if_missing("accounts", "muted", ACCOUNT_MUTED_COLUMN); !e) return e;
    // Version 11 (preferences): the accounts of an older file gain theirs.
    if (version < 11 && had_games)
      if (auto e = add_column_if_missing("accounts", "preferences", ACCOUNT_PREFERENCES_COLUMN); !e) return e;
    // Version 7 (accounts) adds only tables, made above with the rest of the schema: its games
    // stay as they were, their seats owned by no account.
    if (auto e = exec("CREATE INDEX IF NOT EXISTS games_open ON games(result, waiting, updated)"); !e) return e;
    if (auto e = exec("DELETE FROM schema_version"); !e) return e;
    Stmt v(db_, "INSERT INTO schema_version (version) VALUES (?1)");
    v.bind(1, int64_t(SCHEMA_VERSION));
    if (v.step() != SQLITE_DONE) return Error{"database is not writable: " + v.error("writing the schema version")};
    return {};
  }

  // A column a table of an older file may lack (a table made just now has it).
  Result<void> add_column_if_missing(const std::string& table, const std::string& name, const char* column) {
    Stmt q(db_, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2");
    q.bind(1, table).bind(2, name);
    const int rc = q.step();
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return Error{q.error("reading the " + table + " table's columns")};
    if (rc == SQLITE_ROW) return {};
    return exec(("ALTER TABLE " + table + " ADD COLUMN " + column).c_str());
  }

  // Version 1 kept tokens in the clear; from version 2 on only their hashes.
  Result<void> hash_stored_tokens() {
    std::vector<std::pair<std::string, std::string>> rows;
    {
      Stmt q(db_, "SELECT id, seats FROM games");
      int rc;
      while ((rc = q.step()) == SQLITE_ROW) rows.emplace_back(q.text(0), q.text(1));
      if (rc != SQLITE_DONE) return Error{q.error("reading seats to migrate")};
    }
    for (auto& [id, text] : rows) {
      GameRecord g;
      if (!read_seats(text, g.seats)) return Error{"database: game " + id + ": stored seats are damaged"};
      for (Seat& s : g.seats)
        if (!s.token.empty()) s.token = token_hash(s.token);
      Stmt u(db_, "UPDATE games SET seats = ?1 WHERE id = ?2");
      u.bind(1, seats_json(g).dump()).bind(2, id);
      if (u.step() != SQLITE_DONE) return Error{u.error("migrating the seats of game " + id)};
    }
    return {};
  }

  // Ends the transaction: commits what `done`, else rolls back and says why.
  Result<void> finish(Result<void> done) {
    if (!done) {
      exec("ROLLBACK");
      return done;
    }
    Result<void> committed = exec("COMMIT");
    if (!committed) exec("ROLLBACK");
    return committed;
  }

  sqlite3* const db_;
};

}  // namespace

Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path) {
  // A new file is its owner's alone (it holds the token hashes); SQLite gives its -wal and -shm
  // files the same mode.
  if (path != ":memory:" && ::access(path.c_str(), F_OK) != 0) {
    int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) return Error{"cannot create database " + path + ": " + std::strerror(errno)};
    if (fd >= 0) ::close(fd);
  }
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
    Error e{"cannot open database " + path + ": " + (db ? sqlite3_errmsg(db) : "out of memory")};
    sqlite3_close(db);
    return e;
  }
  sqlite3_busy_timeout(db, 5000);
  auto database = std::make_unique<SqliteDatabase>(db);  // closes the file from here on
  if (auto checked = database->with_connection([](sqlite3* c) { return SqliteOpening(c).open_checks(); }); !checked)
    return Error{"cannot use database " + path + ": " + checked.error()};
  return std::make_unique<GameStore>(std::move(database), nullptr);
}

}  // namespace kirin::server
