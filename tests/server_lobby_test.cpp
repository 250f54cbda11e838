// The lobby: open challenges with display names, taken by whoever joins first, withdrawn by
// their creator; games being played now; the lobby's own event stream; rematches that swap the
// colours and keep each player's token.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "raw_http.h"
#include "server_test_util.h"

using kirin::test::RawConn;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

json post_ok(const TestServer& s, const std::string& path, const json& body, int want = 200) {
  auto [st, b] = s.post(path, body.dump());
  EXPECT_EQ(st, want) << path << " " << b.dump();
  return b;
}

}  // namespace

class ServerLobby : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerLobby);

TEST_P(ServerLobby, AnOpenChallengeWaitsUntilSomeoneJoins) {
  TestServer s(db("lobby"));
  json c = post_ok(s, "/api/games",
                   {{"game", "chushogi"},
                    {"name", "  Alice "},
                    {"opponent", {{"kind", "human"}, {"open", true}}},
                    {"clock", {{"initial_ms", 300000}, {"byoyomi_ms", 30000}}}},
                   201);
  const std::string id = c["id"];
  EXPECT_EQ(c["status"], "waiting");
  EXPECT_FALSE(c.contains("opponent_token"));
  EXPECT_EQ(c["legal_moves"], json::array());
  EXPECT_EQ(c["players"]["first"]["player"], "Alice");
  auto [st, refused] = s.post("/api/games/" + id + "/move", json{{"token", c["token"]}, {"move", "7i7h"}}.dump());
  EXPECT_EQ(st, 409);
  EXPECT_EQ(refused["error"], "the game waits for an opponent to accept the challenge");

  json lobby = s.get("/api/lobby").second;
  ASSERT_EQ(lobby["challenges"].size(), 1u);
  EXPECT_EQ(lobby["challenges"][0]["id"], id);
  EXPECT_EQ(lobby["challenges"][0]["name"], "Alice");
  EXPECT_EQ(lobby["challenges"][0]["color"], "first");
  EXPECT_EQ(lobby["challenges"][0]["clock"]["byoyomi_ms"], 30000);
  EXPECT_EQ(lobby["playing"], json::array());

  RawConn watcher(s.port());
  watcher.send("GET /api/lobby/events HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_NE(watcher.read_until("\n\n").find("event: lobby\ndata: {\"challenges\":[{"), std::string::npos);
  RawConn creator(s.port());
  creator.send("GET /api/games/" + id + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  creator.read_until("\n\n");

  json joined = post_ok(s, "/api/games/" + id + "/join", {{"name", "Bob"}});
  EXPECT_EQ(joined["you"], "second");
  EXPECT_EQ(joined["status"], "playing");
  EXPECT_EQ(joined["players"]["second"]["player"], "Bob");
  EXPECT_EQ(joined["token"].get<std::string>().size(), 32u);
  // The creator's page hears that the game began; the lobby's watchers see it move on.
  EXPECT_NE(creator.read_until("\n\n").find("\"status\":\"playing\""), std::string::npos);
  std::string update = watcher.read_until("\n\n", 3000);
  EXPECT_NE(update.find("\"challenges\":[]"), std::string::npos) << update;
  EXPECT_NE(update.find("\"id\":\"" + id + "\""), std::string::npos) << update;
  auto [st2, late] = s.post("/api/games/" + id + "/join", json{{"name", "Carol"}}.dump());
  EXPECT_EQ(st2, 409);
  EXPECT_EQ(late["error"], "this challenge was already taken");
  json recent = s.get("/api/games?limit=1").second["games"][0];
  EXPECT_EQ(recent["names"]["first"]["player"], "Alice");
  EXPECT_EQ(recent["names"]["second"]["player"], "Bob");
  // Both play with their own tokens.
  post_ok(s, "/api/games/" + id + "/move", {{"token", c["token"]}, {"move", "7i7h"}});
  post_ok(s, "/api/games/" + id + "/move", {{"token", joined["token"]}, {"move", "6d6e"}});
}

TEST_P(ServerLobby, AWithdrawnChallengeCannotBeJoined) {
  TestServer s(db("withdraw"));
  json c = post_ok(s, "/api/games",
                   {{"game", "xiangqi"}, {"color", "second"}, {"opponent", {{"kind", "human"}, {"open", true}}}}, 201);
  const std::string id = c["id"];
  EXPECT_EQ(s.post("/api/games/" + id + "/cancel", "{}").first, 403);
  json w = post_ok(s, "/api/games/" + id + "/cancel", {{"token", c["token"]}});
  EXPECT_EQ(w["status"], "cancelled");
  auto [st, b] = s.post("/api/games/" + id + "/join", "{}");
  EXPECT_EQ(st, 409);
  EXPECT_EQ(b["error"], "this challenge was withdrawn");
  EXPECT_EQ(s.get("/api/lobby").second["challenges"], json::array());
  auto [st2, b2] = s.post("/api/games/" + id + "/cancel", json{{"token", c["token"]}}.dump());
  EXPECT_EQ(st2, 409);
  EXPECT_EQ(b2["error"], "only a challenge that nobody has accepted can be withdrawn");
}

TEST_P(ServerLobby, NamesAndColoursAreChecked) {
  TestServer s(db("names"));
  auto refused = [&](const json& spec) { return s.post("/api/games", spec.dump()).second["error"].get<std::string>(); };
  EXPECT_EQ(refused({{"game", "xiangqi"}, {"name", std::string(31, 'x')}}), "name must be at most 30 characters");
  EXPECT_EQ(refused({{"game", "xiangqi"}, {"name", "a\tb"}}), "name must not hold control characters");
  EXPECT_EQ(refused({{"game", "xiangqi"}, {"color", "red"}}), "color must be 'first', 'second' or 'random'");
  EXPECT_EQ(refused({{"game", "xiangqi"}, {"opponent", {{"kind", "kirin"}, {"open", true}}}}),
            "an open challenge is for a person, not Kirin");
  // Thirty characters of kanji are thirty characters.
  std::string kanji;
  for (int i = 0; i < 30; ++i) kanji += "\xe7\x8e\x8b";
  EXPECT_EQ(s.post("/api/games", json{{"game", "chushogi"}, {"name", kanji}}.dump()).first, 201);
  bool seen[2] = {false, false};
  for (int i = 0; i < 24; ++i)
    seen[s.post("/api/games", json{{"game", "xiangqi"}, {"color", "random"}, {"opponent", {{"kind", "human"}}}}.dump())
             .second["you"] == "second"] = true;
  EXPECT_TRUE(seen[0] && seen[1]);
}

TEST_P(ServerLobby, ARematchSwapsTheColoursAndKeepsEachToken) {
  TestServer s(db("rematch"));
  json g = post_ok(
      s, "/api/games",
      {{"game", "xiangqi"}, {"name", "Ann"}, {"opponent", {{"kind", "human"}}}, {"clock", {{"initial_ms", 60000}}}},
      201);
  const std::string id = g["id"], first = g["token"], second = g["opponent_token"];
  auto [st0, early] = s.post("/api/games/" + id + "/rematch", json{{"token", first}}.dump());
  EXPECT_EQ(st0, 409);
  EXPECT_EQ(early["error"], "a rematch follows a finished game");
  post_ok(s, "/api/games/" + id + "/resign", {{"token", first}});
  json offered = post_ok(s, "/api/games/" + id + "/rematch", {{"token", second}, {"action", "offer"}});
  EXPECT_EQ(offered["rematch"], json({{"offer", "second"}, {"game", nullptr}}));
  json declined = post_ok(s, "/api/games/" + id + "/rematch", {{"token", first}, {"action", "decline"}});
  EXPECT_EQ(declined["rematch"]["offer"], nullptr);
  post_ok(s, "/api/games/" + id + "/rematch", {{"token", second}, {"action", "offer"}});
  json agreed = post_ok(s, "/api/games/" + id + "/rematch", {{"token", first}, {"action", "accept"}});
  ASSERT_TRUE(agreed["rematch"]["game"].is_string());
  const std::string next = agreed["rematch"]["game"];
  auto [st, n1] = s.get("/api/games/" + next + "?token=" + first);
  ASSERT_EQ(st, 200);
  EXPECT_EQ(n1["you"], "second");
  EXPECT_EQ(n1["players"]["second"]["player"], "Ann");
  EXPECT_EQ(n1["ply"], 0);
  EXPECT_EQ(n1["clock"]["first_ms"], 60000);
  EXPECT_EQ(s.get("/api/games/" + next + "?token=" + second).second["you"], "first");
  auto [st2, again] = s.post("/api/games/" + id + "/rematch", json{{"token", first}}.dump());
  EXPECT_EQ(st2, 409);
  EXPECT_EQ(again["error"], "the rematch has begun: game " + next);
}

TEST_P(ServerLobby, KirinTakesARematchAtOnceAndMovesFirst) {
  TestServer s(db("rematch-kirin"));
  json g = post_ok(s, "/api/games", {{"game", "chushogi"}, {"opponent", {{"kind", "kirin"}, {"strength", 2}}}}, 201);
  post_ok(s, "/api/games/" + g["id"].get<std::string>() + "/resign", {{"token", g["token"]}});
  json r = post_ok(s, "/api/games/" + g["id"].get<std::string>() + "/rematch", {{"token", g["token"]}});
  const std::string next = r["rematch"]["game"];
  json n;
  for (int i = 0; i < 200 && (n = s.get("/api/games/" + next).second)["ply"] != 1; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(n["ply"], 1);  // Kirin, now first, has moved
  EXPECT_EQ(n["players"]["first"]["kind"], "kirin");
  EXPECT_EQ(n["players"]["first"]["strength"], 2);
}
