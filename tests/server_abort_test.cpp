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
  setup.service.abort = {400, 0};
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

// As lichess: each side's first move is due within a short time (--first-move-time), the clock's or
// not; a game whose player opened it and left is aborted then, not ten minutes later.
TEST_P(ServerAbort, AFirstMoveNotMadeInTimeAbortsTheGame) {
  kirin::test::ServerSetup setup;
  setup.service.abort = {600 * 1000, 500};
  TestServer s(db("abort-first"), setup);
  People left = people_game(s), answered = people_game(s);
  ASSERT_EQ(s.post(left.base + "/move", json{{"token", left.tokens[0]}, {"move", "h2e2"}}.dump()).first, 200);
  for (auto [side, move] : {std::pair{0, "h2e2"}, std::pair{1, "h9g7"}})
    ASSERT_EQ(s.post(answered.base + "/move", json{{"token", answered.tokens[side]}, {"move", move}}.dump()).first,
              200);
  std::this_thread::sleep_for(std::chrono::milliseconds(1600));
  const json g = s.get(left.base).second;
  EXPECT_EQ(g["status"], "aborted") << g.dump();
  EXPECT_FALSE(in_play(s, left.base));
  // Both first moves made: the ten minutes of --abort-after, not the first move's time.
  EXPECT_EQ(s.get(answered.base).second["status"], "playing");
}

// The home page's recent games are finished ones: not a game still on, nor an aborted one.
TEST_P(ServerAbort, OnlyFinishedGamesAreListedAsFinished) {
  TestServer s(db("abort-lists"));
  People aborted = people_game(s), resigned = people_game(s), going = people_game(s);
  ASSERT_EQ(s.post(aborted.base + "/abort", json{{"token", aborted.tokens[0]}}.dump()).first, 200);
  ASSERT_EQ(s.post(resigned.base + "/move", json{{"token", resigned.tokens[0]}, {"move", "h2e2"}}.dump()).first, 200);
  ASSERT_EQ(s.post(resigned.base + "/resign", json{{"token", resigned.tokens[1]}}.dump()).first, 200);
  ASSERT_EQ(s.post(going.base + "/move", json{{"token", going.tokens[0]}, {"move", "h2e2"}}.dump()).first, 200);
  std::vector<std::string> finished, all;
  const json finished_list = s.get("/api/games?status=finished").second, all_list = s.get("/api/games").second;
  for (const json& g : finished_list["games"]) finished.push_back("/api/games/" + g["id"].get<std::string>());
  for (const json& g : all_list["games"]) all.push_back("/api/games/" + g["id"].get<std::string>());
  EXPECT_EQ(finished, std::vector<std::string>{resigned.base});
  EXPECT_EQ(all.size(), 3u);
  auto [st, bad] = s.get("/api/games?status=open");
  EXPECT_EQ(st, 400);
  EXPECT_EQ(bad["error"], "status must be 'all' or 'finished'");
}

KIRIN_ON_EACH_STORE(ServerAbort);

}  // namespace
