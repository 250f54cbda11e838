// What a visitor can make the server replay (issue 45): games that end by the rules are stored
// finished, positions no game can be played from are refused, and no request replays more than
// MAX_GAME_PLIES moves.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/play/round.h"
#include "server_test_util.h"

using kirin::test::TestServer;
using nlohmann::json;

namespace {

// Both Horses out and back, again and again: the start position recurs every 4 plies.
std::vector<std::string> horse_shuffle(size_t plies) {
  const char* cycle[] = {"h0g2", "h9g7", "g2h0", "g7h9"};
  std::vector<std::string> out;
  for (size_t i = 0; i < plies; ++i) out.push_back(cycle[i % 4]);
  return out;
}

json game_with(const std::string& game, const std::vector<std::string>& moves) {
  return {{"game", game}, {"moves", moves}, {"opponent", {{"kind", "human"}}}};
}

std::string joined(const std::vector<std::string>& moves) {
  std::string out;
  for (const auto& m : moves) out += (out.empty() ? "" : ",") + m;
  return out;
}

}  // namespace

class ServerGameLimits : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerGameLimits);

TEST_P(ServerGameLimits, AMoveListEndingInRepetitionIsStoredFinished) {
  TestServer s(db("rep-end"));
  auto [st, b] = s.post("/api/games", game_with("xiangqi", horse_shuffle(8)).dump());
  ASSERT_EQ(st, 201) << b.dump();
  EXPECT_EQ(b["status"], "over");
  EXPECT_EQ(b["result"], "1/2-1/2");
  EXPECT_EQ(b["reason"], "threefold repetition");
  EXPECT_TRUE(b["legal_moves"].empty());
  // As stored: a restart, or another server, reads the same ending.
  auto [got, again] = s.get("/api/games/" + b["id"].get<std::string>());
  EXPECT_EQ(got, 200);
  EXPECT_EQ(again["status"], "over");
  auto [resign, why] =
      s.post("/api/games/" + b["id"].get<std::string>() + "/resign", json{{"token", b["token"]}}.dump());
  EXPECT_EQ(resign, 409);
  EXPECT_EQ(why["error"], "the game is over (threefold repetition)");
}

TEST_P(ServerGameLimits, MovesAfterTheRulesEndingAreRefusedNamingThePly) {
  TestServer s(db("rep-after"));
  auto [st, b] = s.post("/api/games", game_with("xiangqi", horse_shuffle(9)).dump());
  EXPECT_EQ(st, 400);
  EXPECT_EQ(b["error"], "move 9 (h0g2): the game ended after ply 8 (1/2-1/2 threefold repetition)");
  // A record read the same way: the imported game ends where the rules end it.
  std::string record = "moves";
  for (const auto& m : horse_shuffle(12)) record += " " + m;
  auto [rst, rb] =
      s.post("/api/games", json{{"game", "xiangqi"}, {"record", record}, {"opponent", {{"kind", "human"}}}}.dump());
  EXPECT_EQ(rst, 400);
  EXPECT_EQ(rb["error"], "move 9 (h0g2): the game ended after ply 8 (1/2-1/2 threefold repetition)");
}

TEST_P(ServerGameLimits, PositionsNoGameCanBePlayedFromAreRefused) {
  TestServer s(db("no-king"));
  auto made = [&](const std::string& game, const std::string& fen) {
    return s.post("/api/games", json{{"game", game}, {"fen", fen}, {"opponent", {{"kind", "human"}}}}.dump());
  };
  // Chu Shogi's movement tests have boards without Kings; a game cannot be played on one.
  auto [empty, e] = made("chushogi", "12/12/12/12/12/12/12/12/12/12/12/12 b - 1");
  EXPECT_EQ(empty, 400);
  EXPECT_EQ(e["error"], "bad start position: Black has no King");
  auto [one, o] = made("chushogi", "6k5/12/12/12/12/12/12/12/12/12/12/12 b - 1");
  EXPECT_EQ(one, 400);
  EXPECT_EQ(o["error"], "bad start position: invalid position: Black has no King");
  // Two bare Kings: nothing to play with, the game would be over before a move.
  auto [bare, b] = made("chushogi", "6k5/12/12/12/12/12/12/12/12/12/12/5K6 b - 1");
  EXPECT_EQ(bare, 400);
  EXPECT_EQ(b["error"], "bad start position: the game is over before a move (1/2-1/2 impossible to win)");
  // A position with no move for the side to move (in xiangqi a loss, checkmate or not).
  auto [mated, m] = made("xiangqi", "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_EQ(mated, 400);
  EXPECT_EQ(m["error"], "bad start position: the game is over before a move (1-0 stalemate)");
}

TEST_P(ServerGameLimits, NoRequestReplaysMoreThanTheLongestGamesLimit) {
  kirin::test::ServerSetup setup;
  setup.limits.header_bytes = 64 * 1024;  // room in the query for more moves than the limit
  TestServer s(db("too-long"), setup);
  const size_t limit = kirin::server::MAX_GAME_PLIES;
  EXPECT_EQ(limit, 4000u);
  // Up to the limit a line replays (a shuffle, whose repetitions are judged once, not per ply).
  const std::vector<std::string> longest = horse_shuffle(limit);
  auto [ok, positions] = s.get("/api/positions?game=xiangqi&moves=" + joined(longest));
  ASSERT_EQ(ok, 200) << positions.dump().substr(0, 200);
  EXPECT_EQ(positions["positions"].size(), limit + 1);
  const std::string start = positions["positions"][0], end = positions["positions"][limit];
  EXPECT_EQ(end.substr(0, end.find(' ')), start.substr(0, start.find(' ')));
  const std::vector<std::string> over = horse_shuffle(limit + 1);
  const std::string error = "the game has 4001 plies; at most 4000 are taken (real games run to about 1,000)";
  auto [big, why] = s.get("/api/positions?game=xiangqi&moves=" + joined(over));
  EXPECT_EQ(big, 413);
  EXPECT_EQ(why["error"], error);
  auto [made, made_why] = s.post("/api/games", game_with("xiangqi", over).dump());
  EXPECT_EQ(made, 413);
  EXPECT_EQ(made_why["error"], error);
  std::string record = "moves";
  for (const auto& m : over) record += " " + m;
  auto [rec, rec_why] =
      s.post("/api/games", json{{"game", "xiangqi"}, {"record", record}, {"opponent", {{"kind", "human"}}}}.dump());
  EXPECT_EQ(rec, 413);
  EXPECT_EQ(rec_why["error"], "record: " + error);
  auto [live, live_why] = s.post("/api/analyse", json{{"game", "xiangqi"}, {"moves", over}}.dump());
  EXPECT_EQ(live, 413);
  EXPECT_EQ(live_why["error"], error);
}
