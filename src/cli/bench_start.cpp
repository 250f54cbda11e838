// kirin bench start: how long `kirin serve` takes to start on a store full of long unfinished
// games (issue 45: 61-64 s for a few thousand long ones, replaying every game). Builds a SQLite
// store of N Chu Shogi games of P plies each, every clock running, last alive a minute ago, then
// times a server from its start to its first answer, and says how many games it loaded.
#include <httplib.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "cli/commands.h"
#include "cli/common.h"
#include "core/unix_time.h"
#include "game/game.h"
#include "notation/move_text.h"
#include "process/server_process.h"
#include "server/security/token.h"
#include "server/store/store.h"

namespace kirin::cli {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// A legal game of `plies` random moves that goes on to the end: quiet moves where there are
// some, never one that ends the game (a long game as players make them, without a result).
std::vector<std::string> long_game(int plies) {
  Game game(make_variant(GameId::CHUSHOGI));
  std::mt19937 rng(1);
  std::vector<std::string> moves;
  while (int(moves.size()) < plies) {
    MoveList all = game.legal_moves(), quiet;
    for (Move m : all)
      if (!game.position().at(m.to())) quiet.push(m);
    const MoveList& pick = quiet.size() ? quiet : all;
    bool played = false;
    for (int tries = 0; tries < 200 && !played && pick.size(); ++tries) {
      const Move m = pick.moves[rng() % pick.size()];
      const std::string text = move_to_text(game.position(), m);
      game.play(m);
      if (game.over()) {
        game.undo();
        continue;
      }
      moves.push_back(text);
      played = true;
    }
    if (!played) break;
  }
  return moves;
}

Result<void> exec(sqlite3* db, const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) == SQLITE_OK) return {};
  std::string why = error ? error : sqlite3_errmsg(db);
  sqlite3_free(error);
  return Error{why};
}

// The store at `path`: one game made through the store's own code, then copied N - 1 times
// by SQL (the store would take hours to write 100 million moves a statement each).
Result<void> build_store(const std::string& path, int games, int plies) {
  const auto t0 = Clock::now();
  const std::vector<std::string> moves = long_game(plies);
  if (int(moves.size()) < plies) return Error{"the random game ended after " + std::to_string(moves.size()) + " plies"};
  {
    auto store = server::open_store(path);
    if (!store) return Error{store.error()};
    server::GameRecord g;
    g.id = "000000000000";
    g.game = "chushogi";
    g.casual = false;
    for (server::Seat& s : g.seats) s.token = server::token_hash(server::random_hex(16));
    g.moves = moves;
    g.created = g.updated = now_ms() - 60'000;
    g.clock = {.initial_ms = 3'600'000, .increment_ms = 10'000};
    g.clock_state = {{1'800'000, 1'800'000}, plies % 2, now_ms() - 60'000};
    if (auto made = (*store)->create(g); !made) return Error{made.error()};
    // Last alive a minute ago: the start forgives every clock.
    if (auto set = (*store)->meta().set("alive_at", std::to_string(now_ms() - 60'000)); !set) return Error{set.error()};
  }
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) return Error{"cannot open " + path};
  struct Closer {
    sqlite3* db;
    ~Closer() { sqlite3_close(db); }
  } closer{db};
  // Every column of the game but its id, as the store's schema has them.
  std::string columns;
  sqlite3_stmt* info = nullptr;
  sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info('games') WHERE name <> 'id'", -1, &info, nullptr);
  while (sqlite3_step(info) == SQLITE_ROW)
    columns += (columns.empty() ? "" : ", ") + std::string(reinterpret_cast<const char*>(sqlite3_column_text(info, 0)));
  sqlite3_finalize(info);
  for (auto sql : {"PRAGMA journal_mode = OFF", "PRAGMA synchronous = OFF"})
    if (auto r = exec(db, sql); !r) return r;
  constexpr int BATCH = 1000;
  for (int from = 1; from < games; from += BATCH) {
    const int to = std::min(games, from + BATCH);
    const std::string range = "WITH RECURSIVE n(i) AS (SELECT " + std::to_string(from) + " UNION ALL SELECT i + 1 " +
                              "FROM n WHERE i + 1 < " + std::to_string(to) + ") ";
    if (auto r = exec(db, "BEGIN; " + range + "INSERT INTO games (id, " + columns + ") SELECT printf('%012x', i), " +
                              columns + " FROM games, n WHERE games.id = '000000000000'; " + range +
                              "INSERT INTO moves (game_id, ply, move) SELECT printf('%012x', i), ply, move FROM " +
                              "moves, n WHERE game_id = '000000000000'; COMMIT");
        !r)
      return Error{"copying the game: " + r.error()};
    std::fprintf(stderr, "\rbuilding the store: %d of %d games (%.0f s)", to, games, seconds_since(t0));
  }
  std::fprintf(stderr, "\n");
  return {};
}

// Starts a server on the store and times it to its first answer.
int time_start(const std::string& db, int games, int plies, bool own_db) {
  const auto t0 = Clock::now();
  auto server = ServerProcess::start("/proc/self/exe", {"--db", db, "--web", "", "--log-level", "warn"});
  if (!server) {
    std::fprintf(stderr, "kirin bench start: %s\n", server.error().c_str());
    return EXIT_FAIL;
  }
  const double listening = seconds_since(t0);
  httplib::Client c("127.0.0.1", server->port());
  auto health = c.Get("/api/health");
  const double answered = seconds_since(t0);
  if (!health || health->status != 200) {
    std::fprintf(stderr, "kirin bench start: the server did not answer /api/health\n");
    return EXIT_FAIL;
  }
  const int loaded = nlohmann::json::parse(health->body, nullptr, false).value("games_loaded", -1);
  std::printf(
      "%d unfinished games of %d plies, every clock running: kirin serve listened after %.2f s and "
      "answered after %.2f s, %d games loaded, RSS %ld MiB\n",
      games, plies, listening, answered, loaded, server->rss_kib() / 1024);
  std::printf("reproduce: kirin bench start --games %d --plies %d%s\n", games, plies,
              own_db ? "" : (" --db " + db).c_str());
  return EXIT_OK;
}

int bench_start(int games, int plies, const std::string& given_db) {
  const bool own_db = given_db.empty();
  const std::string db =
      own_db ? (std::filesystem::temp_directory_path() / ("kirin-bench-start-" + std::to_string(::getpid()) + ".db"))
                   .string()
             : given_db;
  auto remove_db = [&] {
    if (own_db)
      for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db + ext);
  };
  if (own_db || !std::filesystem::exists(db)) {
    if (auto built = build_store(db, games, plies); !built) {
      std::fprintf(stderr, "kirin bench start: %s\n", built.error().c_str());
      remove_db();
      return EXIT_FAIL;
    }
  } else {
    std::fprintf(stderr, "kirin bench start: using the games already in %s\n", db.c_str());
  }
  const int rc = time_start(db, games, plies, own_db);
  remove_db();
  return rc;
}

}  // namespace

std::function<int()> add_bench_start(CLI::App& bench) {
  auto* cmd = bench.add_subcommand(
      "start", "The time kirin serve takes to start on a store of many long unfinished games (a SQLite file)");
  auto games = std::make_shared<int>(100'000);
  auto plies = std::make_shared<int>(1000);
  auto db = std::make_shared<std::string>();
  cmd->add_option("--games", *games, "unfinished games in the store")
      ->capture_default_str()
      ->check(CLI::Range(1, 10'000'000));
  cmd->add_option("--plies", *plies, "plies of each")->capture_default_str()->check(CLI::Range(0, 4000));
  cmd->add_option("--db", *db, "the SQLite file: built there if missing, kept, and reused as it is if present");
  return [=] { return bench_start(*games, *plies, *db); };
}

}  // namespace kirin::cli
