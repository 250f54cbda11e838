// Aborted games (issue 29, lila's Finisher): a game nobody moved in may be aborted by a player
// before each side has moved, and is aborted by itself after a while without a change; either
// way it leaves "Playing now" and has no result for anybody.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "server_test_util.h"

using kirin::test::OnEachStore;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

struct People {
  std::string base, tokens[2];
};

People people_game(const TestServer& s) {
  auto [st, g] = s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump());
  EXPECT_EQ(st, 201) << g.dump();
  EXPECT_EQ(g["abortable"], true);
  return {"/api/games/" + g["id"].get<std::string>(), {g["token"], g["opponent_token"]}};
}

bool in_play(const TestServer& s, const std::string& base) {
  const json lobby = s.get("/api/lobby").second;
  for (const json& g : lobby["playing"])
    if ("/api/games/" + g["id"].get<std::string>() == base) return true;
  return false;
}

class ServerAbort : public OnEachStore {};

TEST_P(ServerAbort, APlayerAbortsBeforeEachSideHasMoved) {
  TestServer s(db("abort"));
  People p = people_game(s);
  ASSERT_EQ(s.post(p.base + "/move", json{{"token", p.tokens[0]}, {"move", "h2e2"}}.dump()).first, 200);
  EXPECT_TRUE(in_play(s, p.base));
  auto [spectator, refused] = s.post(p.base + "/abort", json::object().dump());
  EXPECT_EQ(spectator, 403) << refused.dump();
  // The second player has not moved yet: either player may abort.
  auto [st, g] = s.post(p.base + "/abort", json{{"token", p.tokens[1]}}.dump());
  ASSERT_EQ(st, 200) << g.dump();
  EXPECT_EQ(g["status"], "aborted");
  EXPECT_EQ(g["result"], "*");
  EXPECT_EQ(g["reason"], "aborted");
  EXPECT_EQ(g["abortable"], false);
  EXPECT_EQ(g["legal_moves"], json::array());
  EXPECT_FALSE(in_play(s, p.base));
  auto [late, over] = s.post(p.base + "/move", json{{"token", p.tokens[1]}, {"move", "h9g7"}}.dump());
  EXPECT_EQ(late, 409);
  EXPECT_EQ(over["error"], "the game is over (aborted)");
  // Nor is an aborted game rematched: it was never played.
  auto [rematch, no] = s.post(p.base + "/rematch", json{{"token", p.tokens[0]}}.dump());
  EXPECT_EQ(rematch, 409);
  EXPECT_EQ(no["error"], "a rematch follows a finished game");
}

TEST_P(ServerAbort, OnceEachSideHasMovedTheGameIsPlayedOut) {
  TestServer s(db("abort-late"));
  People p = people_game(s);
  ASSERT_EQ(s.post(p.base + "/move", json{{"token", p.tokens[0]}, {"move", "h2e2"}}.dump()).first, 200);
  auto [st, g] = s.post(p.base + "/move", json{{"token", p.tokens[1]}, {"move", "h9g7"}}.dump());
  ASSERT_EQ(st, 200);
  EXPECT_EQ(g["abortable"], false);
  auto [late, refused] = s.post(p.base + "/abort", json{{"token", p.tokens[0]}}.dump());
  EXPECT_EQ(late, 409);
  EXPECT_EQ(refused["error"], "a game can be aborted only before each side has moved");
}

TEST_P(ServerAbort, AGameNobodyMovedInIsAbortedAfterAWhile) {
  kirin::test::ServerSetup setup;
  setup.service.abort_after_ms = 400;
  TestServer s(db("abort-idle"), setup);
  People idle = people_game(s), played = people_game(s);
  for (auto [side, move] : {std::pair{0, "h2e2"}, std::pair{1, "h9g7"}})
    ASSERT_EQ(s.post(played.base + "/move", json{{"token", played.tokens[side]}, {"move", move}}.dump()).first, 200);
  EXPECT_TRUE(in_play(s, idle.base));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  json g = s.get(idle.base).second;
  EXPECT_EQ(g["status"], "aborted") << g.dump();
  EXPECT_EQ(g["reason"], "aborted");
  EXPECT_FALSE(in_play(s, idle.base));
  // A game both sides have moved in goes on, however long they think.
  EXPECT_EQ(s.get(played.base).second["status"], "playing");
  EXPECT_TRUE(in_play(s, played.base));
}

KIRIN_ON_EACH_STORE(ServerAbort);

}  // namespace
