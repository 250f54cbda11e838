// The PostgreSQL store under the same API as SQLite's, on a throwaway cluster: games made,
// played, ended and listed; clocks and rematches; a restart; a database that goes away.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "pg_cluster.h"
#include "server_test_util.h"

using nlohmann::json;
using kirin::test::PgCluster;
using kirin::test::TestServer;

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
    auto [st, g] = s.post("/api/games", json{{"game", "chuseireigi"}, {"name", "Ann"}, {"opponent", {{"kind", "human"}}},
                                             {"clock", {{"initial_ms", 60000}, {"byoyomi_ms", 5000}}}}.dump());
    ASSERT_EQ(st, 201) << g.dump();
    id = g["id"];
    tokens[0] = g["token"];
    tokens[1] = g["opponent_token"];
    const char* moves[] = {"6i6h", "6d6e", "6h6g", "6e6f"};
    for (int i = 0; i < 4; ++i)
      ASSERT_EQ(s.post("/api/games/" + id + "/move", json{{"token", tokens[i % 2]}, {"move", moves[i]}}.dump()).first, 200);
    // A take-back rewrites the stored moves.
    ASSERT_EQ(s.post("/api/games/" + id + "/takeback", json{{"token", tokens[1]}}.dump()).first, 200);
    ASSERT_EQ(s.post("/api/games/" + id + "/takeback", json{{"token", tokens[0]}, {"action", "accept"}}.dump()).first, 200);
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
  auto [st, c] = s.post("/api/games", json{{"game", "xiangqi"}, {"name", "Li"}, {"opponent", {{"kind", "human"}, {"open", true}}}}.dump());
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
  auto [sm, m] = s.post("/api/games/" + g["id"].get<std::string>() + "/move", json{{"token", g["token"]}, {"move", "h2e2"}}.dump());
  EXPECT_EQ(sm, 500);
  EXPECT_EQ(m["error"].get<std::string>().rfind("database: ", 0), 0u) << m.dump();
  auto [hs, health] = s.get("/api/health");
  EXPECT_EQ(hs, 503);
  EXPECT_EQ(health["store"]["ok"], false);
}

TEST(ServerPostgres, AnUnreachableDatabaseIsRefusedAtStart) {
  std::string error;
  EXPECT_EQ(kirin::server::open_store("postgresql://kirin@127.0.0.1:1/none", error), nullptr);
  EXPECT_EQ(error.rfind("cannot connect to the database: ", 0), 0u) << error;
}
