// GameStore on one SQLite file in WAL mode. One connection behind a mutex: a move is a single
// small transaction, far faster than the HTTP round trip around it. Every step's result is
// checked: a damaged or read-only file gives an error, never a short answer that looks whole.
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/unix_time.h"
#include "server/rating/ratings.h"
#include "server/security/token.h"
#include "server/store/account_tables.h"
#include "server/store/meta_store.h"
#include "server/store/problem_store.h"
#include "server/store/rows.h"
#include "server/store/sqlite_accounts.h"
#include "server/store/sqlite_chat.h"
#include "server/store/sqlite_game_analyses.h"
#include "server/store/sqlite_sql.h"
#include "server/store/sqlite_stmt.h"
#include "server/store/store.h"

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
constexpr int SCHEMA_VERSION = 11;
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
                           GAME_ANALYSES_TABLE + RATING_TABLES + chat_tables("INTEGER PRIMARY KEY AUTOINCREMENT");

class SqliteStore final : public GameStore {
 public:
  explicit SqliteStore(sqlite3* db)
      : db_(db),
        accounts_(make_sqlite_accounts(db, mu_)),
        ratings_([this](const std::string& sql, const std::vector<SqlParam>& params) {
          std::lock_guard lock(mu_);
          return sqlite_run(db_, sql, params);
        }),
        chat_(make_sqlite_chat(db, mu_)),
        meta_(noted_sql()),
        problems_(noted_sql()) {}
  ~SqliteStore() override { sqlite3_close(db_); }

  AccountStore& accounts() override { return *accounts_; }
  const Ratings& ratings() override { return ratings_; }
  ChatStore& chat() override { return *chat_; }
  const MetaStore& meta() override { return meta_; }
  const ProblemStore& problems() override { return problems_; }

  Result<void> create(const GameRecord& g) override {
    std::lock_guard lock(mu_);
    if (auto begun = exec("BEGIN IMMEDIATE"); !begun) return wrote(begun);
    bool conflict = false;
    Result<void> done = write_header(g, true, conflict);
    for (size_t i = 0; done && i < g.moves.size(); ++i) done = insert_move(g.id, i, g.moves[i]);
    return wrote(finish(done));
  }

  Result<Saved> save(const GameRecord& g, size_t unchanged) override {
    std::lock_guard lock(mu_);
    if (auto begun = exec("BEGIN IMMEDIATE"); !begun) return Error{wrote(begun).error()};
    bool conflict = false;
    Result<void> done = write_header(g, false, conflict);
    if (done) done = rate(g);
    if (done) {
      Stmt del(db_, "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2");
      del.bind(1, g.id).bind(2, int64_t(unchanged));
      if (del.step() != SQLITE_DONE) done = Error{del.error("deleting moves of game " + g.id)};
    }
    for (size_t i = unchanged; done && i < g.moves.size(); ++i) done = insert_move(g.id, i, g.moves[i]);
    if (conflict) {
      finish(std::move(done));  // rolled back; a conflict is no failure of the store
      return Saved::CONFLICT;
    }
    if (auto saved = wrote(finish(done)); !saved) return Error{saved.error()};
    return Saved::DONE;
  }

  Result<std::optional<GameRecord>> load(const std::string& id) override {
    std::lock_guard lock(mu_);
    Stmt q(db_, (std::string("SELECT ") + HEADER_COLUMNS + " FROM games WHERE id = ?1").c_str());
    q.bind(1, id);
    int rc = q.step();
    if (rc == SQLITE_DONE) return std::optional<GameRecord>{};
    if (rc != SQLITE_ROW) return Error{q.error("reading game " + id)};
    GameRecord g;
    if (auto read = read_header(q, g); !read) return Error{read.error()};
    Stmt m(db_, "SELECT ply, move FROM moves WHERE game_id = ?1 ORDER BY ply");
    m.bind(1, id);
    while ((rc = m.step()) == SQLITE_ROW) {
      // A gap in the plies is a damaged file, not a shorter game.
      if (m.integer(0) != int64_t(g.moves.size()))
        return Error{"database: game " + id + ": move " + std::to_string(g.moves.size() + 1) + " is missing"};
      g.moves.push_back(m.text(1));
    }
    if (rc != SQLITE_DONE) return Error{m.error("reading the moves of game " + id)};
    return std::optional<GameRecord>{std::move(g)};
  }

  Result<std::vector<GameSummary>> list(Listing which, int limit) override {
    std::lock_guard lock(mu_);
    static const char* const WHERE[] = {"", "WHERE result = '' AND waiting = 1",
                                        "WHERE result = '' AND waiting = 0 AND updated > ?2",
                                        "WHERE result <> '' AND result <> '*'"};
    const std::string sql = std::string("SELECT ") + HEADER_COLUMNS +
                            ", (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) FROM games " +
                            WHERE[int(which)] + " ORDER BY updated DESC LIMIT ?1";
    Stmt q(db_, sql.c_str());
    q.bind(1, int64_t(limit));
    // Being played now: a move within the last hour.
    if (which == Listing::PLAYING) q.bind(2, now_ms() - 3600 * 1000);
    std::vector<GameSummary> out;
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) {
      GameSummary s;
      if (auto read = read_header(q, s.header); !read) return Error{read.error()};
      s.plies = int(q.integer(HEADER_COUNT));
      out.push_back(std::move(s));
    }
    if (rc != SQLITE_DONE) return Error{q.error("listing games")};
    return out;
  }

  Result<std::vector<GameSummary>> player_games(int64_t account, const std::string& game, const std::string& result,
                                                int offset, int limit) override {
    auto sql = player_games_sql("json_extract(seats, '$[0].account')", "json_extract(seats, '$[1].account')", result);
    if (!sql) return Error{sql.error()};
    std::lock_guard lock(mu_);
    return summaries_of(sqlite_run(db_, *sql, {account, game, int64_t(limit), int64_t(offset)}),
                        "listing a player's games");
  }

  Result<std::vector<GameSummary>> unfinished_games() override {
    std::lock_guard lock(mu_);
    return summaries_of(sqlite_run(db_, unfinished_games_sql(), {}), "listing unfinished games");
  }

  Result<int64_t> forgive_clocks(int64_t by_ms) override {
    std::lock_guard lock(mu_);
    auto r = sqlite_run(db_,
                        "UPDATE games SET clock = json_set(clock, '$.since', json_extract(clock, '$.since') + $1), "
                        "version = version + 1 WHERE result = '' AND clock <> '' AND "
                        "json_extract(clock, '$.running') >= 0",
                        {by_ms});
    if (!r) return Error{r.error() + " (forgiving the clocks the time the server was down)"};
    return r->affected;
  }

  Result<std::vector<GameRecord>> unfinished_of(int64_t account, int limit) override {
    std::lock_guard lock(mu_);
    // The seats' JSON names the account (rows.h); the match is checked on the seats read.
    Stmt q(db_, (std::string("SELECT ") + HEADER_COLUMNS +
                 " FROM games WHERE result = '' AND seats LIKE ?1 ORDER BY updated DESC")
                    .c_str());
    q.bind(1, account_seat_pattern(account));
    std::vector<GameRecord> out;
    int rc;
    while (int(out.size()) < limit && (rc = q.step()) == SQLITE_ROW) {
      GameRecord g;
      if (auto read = read_header(q, g); !read) return Error{read.error()};
      if (g.seats[0].account == account || g.seats[1].account == account) out.push_back(std::move(g));
    }
    if (int(out.size()) < limit && rc != SQLITE_DONE) return Error{q.error("listing the games of an account")};
    return out;
  }

  // The queue of analyses is sqlite_game_analyses.cpp's; here each call takes the lock.
  Result<GameAnalysisRequest> request_game_analysis(const std::string& id, int total, int queue_limit) override {
    std::lock_guard lock(mu_);
    return sqlite_request_game_analysis(db_, noted(), id, total, queue_limit);
  }

  Result<std::optional<GameAnalysisRecord>> load_game_analysis(const std::string& id) override {
    std::lock_guard lock(mu_);
    return sqlite_load_game_analysis(db_, id);
  }

  Result<std::optional<GameAnalysisRecord>> claim_game_analysis(const std::string& worker, int64_t lease_ms) override {
    std::lock_guard lock(mu_);
    return sqlite_claim_game_analysis(db_, worker, lease_ms);
  }

  Result<bool> hold_game_analysis(const std::string& id, const std::string& worker, int done,
                                  int64_t lease_ms) override {
    std::lock_guard lock(mu_);
    return sqlite_hold_game_analysis(db_, id, worker, done, lease_ms);
  }

  Result<bool> finish_game_analysis(const std::string& id, const std::string& worker,
                                    const std::string& result) override {
    std::lock_guard lock(mu_);
    return sqlite_finish_game_analysis(db_, noted(), id, worker, result);
  }

  Result<void> drop_game_analysis(const std::string& id, const std::string& worker) override {
    std::lock_guard lock(mu_);
    return sqlite_drop_game_analysis(db_, noted(), id, worker);
  }

  StoreHealth health() override {
    std::lock_guard lock(mu_);
    StoreHealth h{"sqlite", true, last_write_error_};
    Stmt q(db_, "SELECT COUNT(*) FROM schema_version");
    if (q.step() != SQLITE_ROW) h.error = q.error("health check read");
    h.ok = h.error.empty();
    return h;
  }

  // Schema, migrations and the checks that a file is fit to serve, or why it is not.
  Result<void> open_checks() {
    std::lock_guard lock(mu_);
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

  // `conflict`: the update found the game at another version (then nothing was written, and the
  // transaction is to be rolled back).
  Result<void> write_header(const GameRecord& g, bool insert, bool& conflict) {
    Stmt q(db_, insert
                    ? "INSERT INTO games (game, options, setup, start_fen, casual, seats, result, reason, "
                      "draw_offer, impasse_claim, takeback_request, created, updated, clock, rematch_offer, "
                      "rematch_game, waiting, id, tags, rated) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?16, ?17, ?18, ?15, ?20, "
                      "?21)"
                    : "UPDATE games SET game = ?1, options = ?2, setup = ?3, start_fen = ?4, casual = ?5, "
                      "seats = ?6, result = ?7, reason = ?8, draw_offer = ?9, impasse_claim = ?10, "
                      "takeback_request = ?11, created = ?12, updated = ?13, clock = ?14, rematch_offer = ?16, "
                      "rematch_game = ?17, waiting = ?18, rated = ?21, version = version + 1 WHERE id = ?15 AND "
                      "version = ?19");
    q.bind(1, g.game).bind(2, json(g.options).dump()).bind(3, g.setup).bind(4, g.start_fen);
    q.bind(5, int64_t(g.casual)).bind(6, seats_json(g).dump()).bind(7, g.result).bind(8, g.reason);
    q.bind(9, int64_t(g.draw_offer)).bind(10, int64_t(g.impasse_claim)).bind(11, int64_t(g.takeback_request));
    q.bind(12, g.created).bind(13, g.updated).bind(14, clock_to_text(g.clock, g.clock_state)).bind(15, g.id);
    q.bind(16, int64_t(g.rematch_offer)).bind(17, g.rematch_game).bind(18, int64_t(g.waiting()));
    q.bind(21, int64_t(g.rated));
    if (!insert) q.bind(19, g.store_version);
    if (insert) q.bind(20, tags_text(g));  // an imported record's headers never change
    if (q.step() != SQLITE_DONE) return Error{q.error((insert ? "inserting game " : "updating game ") + g.id)};
    if (!insert && sqlite3_changes(db_) != 1) {
      conflict = true;
      return Error{"the game changed on another server"};
    }
    return {};
  }

  // Inside save's transaction, after the game row was written: an ended rated game rated once,
  // its seats with the players' ratings and their change.
  Result<void> rate(const GameRecord& g) {
    if (!g.rated || !g.over()) return {};
    GameRecord rated = g;
    auto sql = [this](const std::string& text, const std::vector<SqlParam>& params) {
      return sqlite_run(db_, text, params);
    };
    if (auto e = rate_game(sql, rated, now_ms(), false); !e) return e;
    const std::string seats = seats_json(rated).dump();
    if (seats == seats_json(g).dump()) return {};
    Stmt q(db_, "UPDATE games SET seats = ?1 WHERE id = ?2");
    q.bind(1, seats).bind(2, g.id);
    if (q.step() != SQLITE_DONE) return Error{q.error("rating game " + g.id)};
    return {};
  }

  Result<void> insert_move(const std::string& id, size_t ply, const std::string& move) {
    Stmt q(db_, "INSERT INTO moves (game_id, ply, move) VALUES (?1, ?2, ?3)");
    q.bind(1, id).bind(2, int64_t(ply)).bind(3, move);
    if (q.step() != SQLITE_DONE) return Error{q.error("inserting move " + std::to_string(ply + 1) + " of game " + id)};
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

  // Sql (sql.h) on the connection, under mu_; a statement that writes (not a SELECT) is noted
  // for health() as the store's own writes are.
  Sql noted_sql() {
    return [this](const std::string& sql, const std::vector<SqlParam>& params) {
      std::lock_guard lock(mu_);
      Result<SqlRows> r = sqlite_run(db_, sql, params);
      if (!sql.starts_with("SELECT")) wrote(r ? Result<void>() : Result<void>(Error{r.error()}));
      return r;
    };
  }

  // wrote(), for the helpers that write with mu_ held.
  NotedWrite noted() {
    return [this](Result<void> done) { return wrote(std::move(done)); };
  }

  // Remembers how the last write went, for health().
  Result<void> wrote(Result<void> done) {
    last_write_error_ = error_of(done);
    return done;
  }

  sqlite3* db_;
  std::mutex mu_;
  std::string last_write_error_;
  const std::unique_ptr<AccountStore> accounts_;  // on db_, under mu_
  const Ratings ratings_;                         // on db_, under mu_
  const std::unique_ptr<ChatStore> chat_;         // on db_, under mu_
  const MetaStore meta_;                          // on db_, under mu_
  const ProblemStore problems_;                   // on db_, under mu_
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
  auto store = std::make_unique<SqliteStore>(db);
  if (auto checked = store->open_checks(); !checked)
    return Error{"cannot use database " + path + ": " + checked.error()};
  return std::unique_ptr<GameStore>(std::move(store));
}

}  // namespace kirin::server
