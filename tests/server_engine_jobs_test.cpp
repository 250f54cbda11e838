// Kirin's moves across servers that share a PostgreSQL database: the turn is an engine job in
// the database, claimed by one process (a full server or a `kirin serve --engine-only` worker),
// taken over when its claimer dies, and never answered twice. Then every process killed
// mid-load, the database included, loses no acknowledged move.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "pg_cluster.h"
#include "process/server_process.h"
#include "server_test_util.h"

using kirin::ServerProcess;
using kirin::test::PgCluster;
using nlohmann::json;

namespace {

PgCluster& cluster() {
  static PgCluster c;
  return c;
}

std::string db_name(const std::string& uri) { return uri.substr(uri.rfind('/') + 1); }

// GETs the game until `ready` says yes or `ms` pass; the last state seen.
json wait_for(const ServerProcess& server, const std::string& id, int ms,
              const std::function<bool(const json&)>& ready) {
  httplib::Client c("127.0.0.1", server.port());
  json g;
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  do {
    if (auto r = c.Get("/api/games/" + id); r && r->status == 200) {
      g = json::parse(r->body);
      if (ready(g)) return g;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < end);
  return g;
}

// A server that serves players and claims Kirin's moves (played instantly, by material), with
// a short lease so that the claims of a killed one are taken over within the tests' waits.
kirin::Result<ServerProcess> full_server(const std::string& db) {
  return ServerProcess::start(KIRIN_BINARY,
                              {"--db", db, "--web", "", "--quick-kirin", "--engine-lease", "2", "--log-level", "off"});
}

std::pair<int, json> post(const ServerProcess& server, const std::string& path, const json& body) {
  httplib::Client c("127.0.0.1", server.port());
  auto r = c.Post(path, body.dump(), "application/json");
  if (!r) return {0, nullptr};
  return {r->status, json::parse(r->body, nullptr, false)};
}

}  // namespace

// A web-only server leaves Kirin's turn in the database; an --engine-only worker, which has
// no port, takes it and the player's server shows the answer.
TEST(ServerEngineJobs, AnEngineOnlyWorkerAnswersForAWebOnlyServer) {
  ASSERT_TRUE(cluster().ok()) << "initdb or pg_ctl failed (Debian's postgresql is installed by scripts/deps.sh)";
  const std::string db = cluster().fresh_database("workers");
  auto web = ServerProcess::start(KIRIN_BINARY, {"--db", db, "--web", "", "--web-only", "--log-level", "warn"});
  ASSERT_TRUE(web) << web.error();
  auto [st, g] = post(*web, "/api/games", {{"game", "xiangqi"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}});
  ASSERT_EQ(st, 201) << g.dump();
  const std::string id = g["id"];
  ASSERT_EQ(post(*web, "/api/games/" + id + "/move", {{"token", g["token"]}, {"move", "h2e2"}}).first, 200);
  // Nobody computes: the turn waits in the database.
  json waiting = wait_for(*web, id, 1500, [](const json& s) { return s["ply"] == 2; });
  EXPECT_EQ(waiting["ply"], 1);
  EXPECT_EQ(
      cluster().query(db_name(db), "SELECT version || ':' || worker FROM engine_jobs WHERE game_id = '" + id + "'"),
      "1:");

  auto worker =
      ServerProcess::start(KIRIN_BINARY, {"--db", db, "--engine-only", "--quick-kirin", "--log-level", "warn"}, false);
  ASSERT_TRUE(worker) << worker.error();
  EXPECT_EQ(worker->port(), 0);
  json answered = wait_for(*web, id, 5000, [](const json& s) { return s["ply"] == 2; });
  ASSERT_EQ(answered["ply"], 2) << answered.dump();
  EXPECT_EQ(cluster().query(db_name(db), "SELECT COUNT(*) FROM engine_jobs"), "0");
  // And again, for the next move.
  const std::string reply = answered["legal_moves"][0];
  ASSERT_EQ(post(*web, "/api/games/" + id + "/move", {{"token", g["token"]}, {"move", reply}}).first, 200);
  EXPECT_EQ(wait_for(*web, id, 5000, [](const json& s) { return s["ply"] == 4; })["ply"], 4);
}

// The worker that claimed Kirin's move dies while it thinks: its lease runs out and another
// worker answers, once.
TEST(ServerEngineJobs, AClaimWhoseWorkerDiesIsTakenOver) {
  ASSERT_TRUE(cluster().ok());
  const std::string db = cluster().fresh_database("takeover");
  const std::string name = db_name(db);
  auto web = ServerProcess::start(KIRIN_BINARY, {"--db", db, "--web", "", "--web-only", "--log-level", "warn"});
  ASSERT_TRUE(web) << web.error();
  // The real engine at its strongest thinks up to 2 s on the Chu Shogi opening.
  auto slow = ServerProcess::start(
      KIRIN_BINARY,
      {"--db", db, "--engine-only", "--engine-threads", "1", "--engine-lease", "1", "--log-level", "warn"}, false);
  ASSERT_TRUE(slow) << slow.error();
  auto [st, g] = post(*web, "/api/games", {{"game", "chushogi"}, {"opponent", {{"kind", "kirin"}, {"strength", 8}}}});
  ASSERT_EQ(st, 201) << g.dump();
  const std::string id = g["id"];
  ASSERT_EQ(post(*web, "/api/games/" + id + "/move", {{"token", g["token"]}, {"move", "7i7h"}}).first, 200);
  const std::string slow_name = ":" + std::to_string(slow->pid()) + ":";
  std::string holder;
  for (int i = 0; i < 200 && holder.find(slow_name) == std::string::npos; ++i) {
    holder = cluster().query(name, "SELECT worker FROM engine_jobs WHERE game_id = '" + id + "'");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_NE(holder.find(slow_name), std::string::npos) << "the worker did not claim the move: '" << holder << "'";
  slow->kill_now();  // mid-search
  EXPECT_EQ(
      cluster().query(name, "SELECT COUNT(*) FROM games g JOIN moves m ON m.game_id = g.id WHERE g.id = '" + id + "'"),
      "1");

  auto next = ServerProcess::start(
      KIRIN_BINARY, {"--db", db, "--engine-only", "--quick-kirin", "--engine-lease", "1", "--log-level", "warn"},
      false);
  ASSERT_TRUE(next) << next.error();
  json answered = wait_for(*web, id, 6000, [](const json& s) { return s["ply"] == 2; });
  ASSERT_EQ(answered["ply"], 2) << answered.dump();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(wait_for(*web, id, 0, [](const json&) { return true; })["ply"], 2);  // not a second answer
  EXPECT_EQ(cluster().query(name, "SELECT COUNT(*) FROM engine_jobs"), "0");
}

// Two full servers both claim; with many games against Kirin at once, every game gets exactly
// one answer per move.
TEST(ServerEngineJobs, TwoClaimingServersAnswerEachMoveOnce) {
  ASSERT_TRUE(cluster().ok());
  const std::string db = cluster().fresh_database("twoclaim");
  auto a = full_server(db), b = full_server(db);
  ASSERT_TRUE(a && b);
  constexpr int GAMES = 12;
  std::vector<std::thread> players;
  std::atomic<int> bad{0};
  for (int i = 0; i < GAMES; ++i)
    players.emplace_back([&, i] {
      const ServerProcess& mine = i % 2 ? *a : *b;
      auto [st, g] =
          post(mine, "/api/games",
               {{"game", i % 3 == 0 ? "xiangqi" : "chuseireigi"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}});
      if (st != 201) return (void)++bad;
      const std::string id = g["id"], token = g["token"];
      std::mt19937 rng(i);
      for (int ply = 0; ply < 8 && g["status"] == "playing"; ply += 2) {
        // Moves go to either server; Kirin's answer may come from either.
        const ServerProcess& via = rng() % 2 ? *a : *b;
        const std::string mv = g["legal_moves"][rng() % g["legal_moves"].size()];
        if (post(via, "/api/games/" + id + "/move", {{"token", token}, {"move", mv}}).first != 200) return (void)++bad;
        g = wait_for(via, id, 5000, [&](const json& s) { return s["ply"] == ply + 2 || s["status"] != "playing"; });
        if (g["ply"] != ply + 2 && g["status"] == "playing") return (void)++bad;
      }
    });
  for (auto& t : players) t.join();
  EXPECT_EQ(bad, 0);
  EXPECT_EQ(cluster().query(db_name(db), "SELECT COUNT(*) FROM engine_jobs"), "0");
  // No game has a move more than its players and Kirin alternately made.
  EXPECT_EQ(cluster().query(db_name(db),
                            "SELECT COUNT(*) FROM (SELECT game_id FROM moves GROUP BY game_id HAVING MAX(ply) > 7) x"),
            "0");
}

// SIGKILL to both servers and to PostgreSQL while players move on both servers; after a
// restart every acknowledged move is stored, and Kirin's turns left unanswered are answered.
TEST(ServerEngineJobs, KillingEveryProcessMidLoadLosesNoAcknowledgedMove) {
  ASSERT_TRUE(cluster().ok());
  const std::string db = cluster().fresh_database("killall");
  auto a = full_server(db), b = full_server(db);
  ASSERT_TRUE(a && b);
  constexpr int GAMES = 10;
  struct Played {
    std::string id, tokens[2];
    bool vs_kirin = false;
    std::vector<std::string> acked;  // moves whose 200 came back, in order (Kirin's included)
  };
  std::vector<Played> games(GAMES);
  std::atomic<int> total{0};
  std::atomic<bool> killed{false};
  std::vector<std::thread> clients;
  for (int i = 0; i < GAMES; ++i)
    clients.emplace_back([&, i] {
      std::mt19937 rng(i);
      Played& p = games[i];
      p.vs_kirin = i % 4 == 0;
      httplib::Client ca("127.0.0.1", a->port()), cb("127.0.0.1", b->port());
      json spec = {{"game", i % 2 ? "xiangqi" : "chushogi"}, {"opponent", {{"kind", p.vs_kirin ? "kirin" : "human"}}}};
      auto r = ca.Post("/api/games", spec.dump(), "application/json");
      if (!r || r->status != 201) return;
      json g = json::parse(r->body);
      p.id = g["id"];
      p.tokens[0] = g["token"];
      if (!p.vs_kirin) p.tokens[1] = g["opponent_token"];
      while (!killed && g["status"] == "playing" && p.acked.size() < 300) {
        httplib::Client& c = rng() % 2 ? ca : cb;
        if (p.vs_kirin && g["side_to_move"] != "first") {
          auto s = c.Get("/api/games/" + p.id);
          if (!s || s->status != 200) return;
          json now = json::parse(s->body);
          if (now["ply"] > g["ply"]) {
            p.acked.push_back(now["moves"].back());  // Kirin's move, seen stored
            g = now;
          } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
          }
          continue;
        }
        const std::string move = g["legal_moves"][rng() % g["legal_moves"].size()];
        auto m = c.Post("/api/games/" + p.id + "/move",
                        json{{"token", p.tokens[g["side_to_move"] == "first" ? 0 : 1]}, {"move", move}}.dump(),
                        "application/json");
        if (!m || m->status != 200) return;
        g = json::parse(m->body);
        p.acked.push_back(move);
        ++total;
      }
    });
  while (total < 250) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  // Everything dies at once: both servers mid-request, the database mid-transaction.
  killed = true;
  a->kill_now();
  b->kill_now();
  ASSERT_TRUE(cluster().kill_all());
  for (auto& t : clients) t.join();

  ASSERT_TRUE(cluster().start()) << "PostgreSQL did not recover:\n" << cluster().log_tail();
  auto c = full_server(db);
  ASSERT_TRUE(c) << c.error();
  int checked = 0;
  for (const Played& p : games) {
    if (p.id.empty()) continue;
    // A game against Kirin left on Kirin's turn gets its answer after the restart (once the
    // dead servers' leases have run out).
    json g = wait_for(*c, p.id, 8000, [&](const json& s) {
      return !p.vs_kirin || s["side_to_move"] == "first" || s["status"] != "playing";
    });
    ASSERT_TRUE(g.contains("moves")) << p.id << " " << g.dump();
    std::vector<std::string> stored = g["moves"];
    ASSERT_GE(stored.size(), p.acked.size()) << p.id;
    EXPECT_TRUE(std::equal(p.acked.begin(), p.acked.end(), stored.begin())) << p.id;
    if (p.vs_kirin && g["status"] == "playing") EXPECT_EQ(g["side_to_move"], "first") << p.id;
    ++checked;
  }
  EXPECT_EQ(checked, GAMES);
}
