// GameStore on one SQLite file in WAL mode. One connection behind a mutex: a move is a single
// small transaction, far faster than the HTTP round trip around it.
#include <sqlite3.h>

#include <mutex>
#include <nlohmann/json.hpp>

#include "server/game_store.h"

namespace kirin::server {
namespace {

using nlohmann::json;

constexpr const char* SCHEMA = R"sql(
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
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
)sql";

// A prepared statement, reset after each use.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &s_, nullptr); }
  ~Stmt() { sqlite3_finalize(s_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  bool valid() const { return s_ != nullptr; }
  Stmt& bind(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  int step() { return sqlite3_step(s_); }
  void reset() {
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
  }
  std::string text(int col) {
    auto p = sqlite3_column_text(s_, col);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }
  int64_t integer(int col) { return sqlite3_column_int64(s_, col); }

 private:
  sqlite3_stmt* s_ = nullptr;
};

json seats_json(const GameRecord& g) {
  json a = json::array();
  for (const Seat& s : g.seats) a.push_back({{"kirin", s.kirin}, {"strength", s.strength}, {"token", s.token}});
  return a;
}

class SqliteStore final : public GameStore {
 public:
  explicit SqliteStore(sqlite3* db) : db_(db) {}
  ~SqliteStore() override { sqlite3_close(db_); }

  std::string create(const GameRecord& g) override {
    std::lock_guard lock(mu_);
    if (auto e = exec("BEGIN IMMEDIATE"); !e.empty()) return e;
    std::string err = write_header(g, true);
    for (size_t i = 0; err.empty() && i < g.moves.size(); ++i) err = insert_move(g.id, i, g.moves[i]);
    return finish(err);
  }

  std::string save(const GameRecord& g, size_t unchanged) override {
    std::lock_guard lock(mu_);
    if (auto e = exec("BEGIN IMMEDIATE"); !e.empty()) return e;
    std::string err = write_header(g, false);
    if (err.empty()) {
      Stmt del(db_, "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2");
      del.bind(1, g.id).bind(2, int64_t(unchanged));
      if (del.step() != SQLITE_DONE) err = last_error("deleting moves");
    }
    for (size_t i = unchanged; err.empty() && i < g.moves.size(); ++i) err = insert_move(g.id, i, g.moves[i]);
    return finish(err);
  }

  std::optional<GameRecord> load(const std::string& id) override {
    std::lock_guard lock(mu_);
    Stmt q(db_,
           "SELECT game, options, setup, start_fen, casual, seats, result, reason, draw_offer, "
           "impasse_claim, takeback_request, created, updated FROM games WHERE id = ?1");
    q.bind(1, id);
    if (q.step() != SQLITE_ROW) return std::nullopt;
    GameRecord g;
    g.id = id;
    g.game = q.text(0);
    auto opts = json::parse(q.text(1), nullptr, false);
    if (opts.is_array())
      for (auto& o : opts)
        if (o.is_string()) g.options.push_back(o.get<std::string>());
    g.setup = q.text(2);
    g.start_fen = q.text(3);
    g.casual = q.integer(4) != 0;
    auto seats = json::parse(q.text(5), nullptr, false);
    for (int c = 0; c < 2 && seats.is_array() && c < int(seats.size()); ++c) {
      g.seats[c].kirin = seats[c].value("kirin", false);
      g.seats[c].strength = seats[c].value("strength", 0);
      g.seats[c].token = seats[c].value("token", "");
    }
    g.result = q.text(6);
    g.reason = q.text(7);
    g.draw_offer = int(q.integer(8));
    g.impasse_claim = int(q.integer(9));
    g.takeback_request = int(q.integer(10));
    g.created = q.integer(11);
    g.updated = q.integer(12);
    Stmt m(db_, "SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply");
    m.bind(1, id);
    while (m.step() == SQLITE_ROW) g.moves.push_back(m.text(0));
    return g;
  }

  std::vector<GameSummary> list(int limit) override {
    std::lock_guard lock(mu_);
    Stmt q(db_,
           "SELECT g.id, g.game, g.result, g.reason, g.seats, g.updated, "
           "(SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) "
           "FROM games g ORDER BY g.updated DESC LIMIT ?1");
    q.bind(1, int64_t(limit));
    std::vector<GameSummary> out;
    while (q.step() == SQLITE_ROW) {
      GameSummary s;
      s.id = q.text(0);
      s.game = q.text(1);
      s.result = q.text(2);
      s.reason = q.text(3);
      auto seats = json::parse(q.text(4), nullptr, false);
      for (int c = 0; c < 2 && seats.is_array() && c < int(seats.size()); ++c)
        s.kirin[c] = seats[c].value("kirin", false);
      s.updated = q.integer(5);
      s.plies = int(q.integer(6));
      out.push_back(s);
    }
    return out;
  }

  std::vector<std::string> unfinished() override {
    std::lock_guard lock(mu_);
    Stmt q(db_, "SELECT id FROM games WHERE result = ''");
    std::vector<std::string> out;
    while (q.step() == SQLITE_ROW) out.push_back(q.text(0));
    return out;
  }

  std::string exec(const char* sql) {
    char* msg = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) == SQLITE_OK) return "";
    std::string e = std::string("database: ") + (msg ? msg : "error");
    sqlite3_free(msg);
    return e;
  }

 private:
  std::string last_error(const char* what) { return std::string("database: ") + what + ": " + sqlite3_errmsg(db_); }

  std::string write_header(const GameRecord& g, bool insert) {
    Stmt q(db_, insert ? "INSERT INTO games (game, options, setup, start_fen, casual, seats, result, reason, "
                         "draw_offer, impasse_claim, takeback_request, created, updated, id) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
                       : "UPDATE games SET game = ?1, options = ?2, setup = ?3, start_fen = ?4, casual = ?5, "
                         "seats = ?6, result = ?7, reason = ?8, draw_offer = ?9, impasse_claim = ?10, "
                         "takeback_request = ?11, created = ?12, updated = ?13 WHERE id = ?14");
    q.bind(1, g.game).bind(2, json(g.options).dump()).bind(3, g.setup).bind(4, g.start_fen);
    q.bind(5, int64_t(g.casual)).bind(6, seats_json(g).dump()).bind(7, g.result).bind(8, g.reason);
    q.bind(9, int64_t(g.draw_offer)).bind(10, int64_t(g.impasse_claim)).bind(11, int64_t(g.takeback_request));
    q.bind(12, g.created).bind(13, g.updated).bind(14, g.id);
    if (q.step() != SQLITE_DONE) return last_error(insert ? "inserting game" : "updating game");
    if (!insert && sqlite3_changes(db_) != 1) return "database: no game " + g.id;
    return "";
  }

  std::string insert_move(const std::string& id, size_t ply, const std::string& move) {
    Stmt q(db_, "INSERT INTO moves (game_id, ply, move) VALUES (?1, ?2, ?3)");
    q.bind(1, id).bind(2, int64_t(ply)).bind(3, move);
    return q.step() == SQLITE_DONE ? "" : last_error("inserting move");
  }

  std::string finish(const std::string& err) {
    if (!err.empty()) {
      exec("ROLLBACK");
      return err;
    }
    return exec("COMMIT");
  }

  sqlite3* db_;
  std::mutex mu_;
};

}  // namespace

std::unique_ptr<GameStore> open_sqlite_store(const std::string& path, std::string& error) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    error = "cannot open database " + path + ": " + (db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return nullptr;
  }
  sqlite3_busy_timeout(db, 5000);
  auto store = std::make_unique<SqliteStore>(db);
  // WAL with synchronous=NORMAL survives a killed process (the WAL is replayed on open); only a
  // power cut can lose the last commits, never corrupt the file.
  for (const char* sql : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON", SCHEMA}) {
    error = store->exec(sql);
    if (!error.empty()) {
      error = "cannot set up database " + path + ": " + error;
      return nullptr;
    }
  }
  return store;
}

}  // namespace kirin::server
