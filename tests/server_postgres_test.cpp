// The PostgreSQL store under the same API as SQLite's, on a throwaway cluster: games made,
// played, ended and listed; clocks and rematches; a restart; a database that goes away.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "pg_cluster.h"
#include "process/server_process.h"
#include "raw_http.h"
#include "server_test_util.h"

using kirin::test::PgCluster;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

PgCluster& cluster() {
  static PgCluster c;  // one cluster for the suite: initdb takes seconds
  return c;
}

}  // namespace

TEST(ServerPostgres, GamesArePlayedStoredAndSurviveARestart) {
  ASSERT_TRUE(cluster().ok()) << "initdb or pg_ctl failed (Debian's postgresql is installed by scripts/deps.sh)";
  const std::string db = cluster().fresh_database("play");
  std::string id, tokens[2];
  {
    TestServer s(db);
    auto [st, g] = s.post("/api/games", json{{"game", "chuseireigi"},
                                             {"name", "Ann"},
                                             {"opponent", {{"kind", "human"}}},
                                             {"clock", {{"initial_ms", 60000}, {"byoyomi_ms", 5000}}}}
                                            .dump());
    ASSERT_EQ(st, 201) << g.dump();
    id = g["id"];
    tokens[0] = g["token"];
    tokens[1] = g["opponent_token"];
    const char* moves[] = {"6i6h", "6d6e", "6h6g", "6e6f"};
    for (int i = 0; i < 4; ++i)
      ASSERT_EQ(s.post("/api/games/" + id + "/move", json{{"token", tokens[i % 2]}, {"move", moves[i]}}.dump()).first,
                200);
    // A take-back rewrites the stored moves.
    ASSERT_EQ(s.post("/api/games/" + id + "/takeback", json{{"token", tokens[1]}}.dump()).first, 200);
    ASSERT_EQ(s.post("/api/games/" + id + "/takeback", json{{"token", tokens[0]}, {"action", "accept"}}.dump()).first,
              200);
    auto [hs, health] = s.get("/api/health");
    EXPECT_EQ(hs, 200);
    EXPECT_EQ(health["store"], json({{"kind", "postgresql"}, {"ok", true}, {"error", ""}}));
  }
  TestServer s(db);
  auto [st, b] = s.get("/api/games/" + id + "?token=" + tokens[1]);
  ASSERT_EQ(st, 200) << b.dump();
  EXPECT_EQ(b["moves"], json::array({"6i6h", "6d6e", "6h6g"}));
  EXPECT_EQ(b["you"], "second");
  EXPECT_EQ(b["players"]["first"]["player"], "Ann");
  EXPECT_EQ(b["clock"]["byoyomi_ms"], 5000);
  ASSERT_EQ(s.post("/api/games/" + id + "/resign", json{{"token", tokens[0]}}.dump()).first, 200);
  json list = s.get("/api/games?limit=5").second;
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["result"], "0-1");
  EXPECT_EQ(list["games"][0]["plies"], 3);
}

TEST(ServerPostgres, LobbyAndRematchWorkOnIt) {
  ASSERT_TRUE(cluster().ok());
  TestServer s(cluster().fresh_database("lobby"));
  auto [st, c] =
      s.post("/api/games",
             json{{"game", "xiangqi"}, {"name", "Li"}, {"opponent", {{"kind", "human"}, {"open", true}}}}.dump());
  ASSERT_EQ(st, 201);
  json lobby = s.get("/api/lobby").second;
  ASSERT_EQ(lobby["challenges"].size(), 1u);
  EXPECT_EQ(lobby["challenges"][0]["name"], "Li");
  auto [sj, joined] = s.post("/api/games/" + c["id"].get<std::string>() + "/join", json{{"name", "Wu"}}.dump());
  ASSERT_EQ(sj, 200);
  EXPECT_EQ(s.get("/api/lobby").second["challenges"], json::array());
  EXPECT_EQ(s.get("/api/lobby").second["playing"][0]["players"]["second"]["player"], "Wu");
}

TEST(ServerPostgres, ADatabaseThatGoesAwayIsA500AndHealthSaysSo) {
  PgCluster own;  // this test stops its cluster
  ASSERT_TRUE(own.ok());
  TestServer s(own.uri());
  auto [st, g] = s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201);
  ASSERT_TRUE(own.stop());
  auto [sm, m] = s.post("/api/games/" + g["id"].get<std::string>() + "/move",
                        json{{"token", g["token"]}, {"move", "h2e2"}}.dump());
  EXPECT_EQ(sm, 500);
  EXPECT_EQ(m["error"].get<std::string>().rfind("database: ", 0), 0u) << m.dump();
  auto [hs, health] = s.get("/api/health");
  EXPECT_EQ(hs, 503);
  EXPECT_EQ(health["store"]["ok"], false);
}

TEST(ServerPostgres, AnUnreachableDatabaseIsRefusedAtStart) {
  auto store = kirin::server::open_store("postgresql://kirin@127.0.0.1:1/none");
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().rfind("cannot connect to the database: ", 0), 0u) << store.error();
}

// Two servers on one database: what one does, the other knows within a second, and a move can
// be accepted by only one of them.
TEST(ServerPostgres, TwoServersShareGamesAndTheirWatchers) {
  ASSERT_TRUE(cluster().ok());
  const std::string db = cluster().fresh_database("two");
  TestServer a(db), b(db);
  auto [st, g] = a.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201);
  const std::string id = g["id"], base = "/api/games/" + id;
  const std::string tokens[2] = {g["token"], g["opponent_token"]};
  EXPECT_EQ(b.get(base).second["ply"], 0);  // now loaded on B too
  kirin::test::RawConn watcher(b.port());
  watcher.send("GET " + base + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  ASSERT_NE(watcher.read_until("\n\n").find("\"ply\":0"), std::string::npos);
  auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(a.post(base + "/move", json{{"token", tokens[0]}, {"move", "h2e2"}}.dump()).first, 200);
  std::string pushed = watcher.read_until("\"ply\":1", 2000);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_NE(pushed.find("\"last_move\":\"h2e2\""), std::string::npos) << pushed.substr(0, 200);
  EXPECT_LT(ms, 1000);
  EXPECT_EQ(b.get(base).second["moves"], json::array({"h2e2"}));
  // The reply is made on B; offers and take-backs cross too.
  ASSERT_EQ(b.post(base + "/move", json{{"token", tokens[1]}, {"move", "h9g7"}}.dump()).first, 200);
  ASSERT_EQ(a.post(base + "/takeback", json{{"token", tokens[1]}}.dump()).first, 200);
  auto [sa, accepted] = b.post(base + "/takeback", json{{"token", tokens[0]}, {"action", "accept"}}.dump());
  ASSERT_EQ(sa, 200) << accepted.dump();
  EXPECT_EQ(accepted["ply"], 1);
  ASSERT_EQ(b.post(base + "/draw", json{{"token", tokens[1]}, {"action", "offer"}}.dump()).first, 200);
  auto [sd, drawn] = a.post(base + "/draw", json{{"token", tokens[0]}, {"action", "accept"}}.dump());
  ASSERT_EQ(sd, 200) << drawn.dump();
  EXPECT_EQ(drawn["reason"], "agreed draw");
}

TEST(ServerPostgres, RacingMovesOnTwoServersApplyOnce) {
  ASSERT_TRUE(cluster().ok());
  const std::string db = cluster().fresh_database("race");
  TestServer a(db), b(db);
  for (int round = 0; round < 10; ++round) {
    auto [st, g] = a.post("/api/games", json{{"game", "chushogi"}, {"opponent", {{"kind", "human"}}}}.dump());
    ASSERT_EQ(st, 201);
    const std::string base = "/api/games/" + g["id"].get<std::string>();
    b.get(base);  // loaded on both
    const std::string body = json{{"token", g["token"]}, {"move", "7i7h"}}.dump();
    std::pair<int, json> ra, rb;
    std::thread ta([&] { ra = a.post(base + "/move", body); });
    std::thread tb([&] { rb = b.post(base + "/move", body); });
    ta.join();
    tb.join();
    EXPECT_EQ((ra.first == 200) + (rb.first == 200), 1) << ra.second.dump() << " / " << rb.second.dump();
    const json& lost = ra.first == 200 ? rb.second : ra.second;
    EXPECT_EQ(lost["error"], "not your turn") << lost.dump();
    EXPECT_EQ(a.get(base).second["ply"], 1);
  }
  // The save that lost the race met a conflict: no failure of the store, so health stays ok.
  for (TestServer* s : {&a, &b})
    EXPECT_EQ(s->get("/api/health").second["store"], json({{"kind", "postgresql"}, {"ok", true}, {"error", ""}}));
}

// Issue 45: offers made at once on two servers answered 500 "the game changed on another
// server"; the one that meets the other's save retries on it, as for the other actions, and the
// game has one rematch.
TEST(ServerPostgres, RematchOffersAtOnceOnTwoServersMakeOneRematch) {
  ASSERT_TRUE(cluster().ok());
  const std::string db = cluster().fresh_database("rematch-race");
  TestServer a(db), b(db);
  for (int round = 0; round < 6; ++round) {
    auto [st, g] = a.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump());
    ASSERT_EQ(st, 201);
    const std::string base = "/api/games/" + g["id"].get<std::string>();
    ASSERT_EQ(a.post(base + "/resign", json{{"token", g["token"]}}.dump()).first, 200);
    b.get(base);  // loaded, finished, on both
    std::pair<int, json> ra, rb;
    std::thread ta([&] { ra = a.post(base + "/rematch", json{{"token", g["token"]}, {"action", "offer"}}.dump()); });
    std::thread tb([&] {
      rb = b.post(base + "/rematch", json{{"token", g["opponent_token"]}, {"action", "offer"}}.dump());
    });
    ta.join();
    tb.join();
    ASSERT_EQ(ra.first, 200) << ra.second.dump();
    ASSERT_EQ(rb.first, 200) << rb.second.dump();
    // One of them met the other's offer and started the rematch; the other may have answered
    // before it (its own offer standing then). The other server hears of the save a moment later.
    json ga, gb;
    for (int tries = 0; tries < 100; ++tries) {
      ga = a.get(base).second["rematch"];
      gb = b.get(base).second["rematch"];
      if (ga["game"].is_string() && ga == gb) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_TRUE(ga["game"].is_string()) << ga.dump();
    EXPECT_EQ(ga, gb);
    EXPECT_EQ(a.get("/api/games/" + ga["game"].get<std::string>()).first, 200);
    for (const json& r : {ra.second, rb.second})
      if (r["rematch"]["game"].is_string()) EXPECT_EQ(r["rematch"]["game"], ga["game"]);
  }
  for (TestServer* s : {&a, &b}) EXPECT_EQ(s->get("/api/health").second["store"]["ok"], true);
}

// kirin serve names its database when it starts, but never a password in the URI.
TEST(ServerPostgres, ThePasswordInTheUriIsNeverShown) {
  ASSERT_TRUE(cluster().ok());
  std::string uri = cluster().fresh_database("secret");
  uri.insert(uri.find('@'), ":hunter2");  // trust authentication ignores it
  auto p = kirin::ServerProcess::start(KIRIN_BINARY, {"--db", uri, "--web", "", "--log-level", "warn"});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(p->banner().find("hunter2"), std::string::npos) << p->banner();
  EXPECT_NE(p->banner().find("postgresql://kirin:***@127.0.0.1:"), std::string::npos) << p->banner();
}
