// Clocks kept by the server: increment, byoyomi, correspondence, the flag falling by itself and
// pushed to the watchers, a draw when the other side cannot win, Kirin on its clock, restarts.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "game_test_util.h"
#include "gate_bot.h"
#include "raw_http.h"
#include "rules/end_rules.h"
#include "server_test_util.h"

using kirin::test::RawConn;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

struct Timed {
  std::string id, tokens[2];
};

Timed timed_game(const TestServer& s, const std::string& game, const json& clock, const std::string& fen = "") {
  json spec = {{"game", game}, {"opponent", {{"kind", "human"}}}, {"clock", clock}};
  if (!fen.empty()) spec["fen"] = fen;
  auto [st, g] = s.post("/api/games", spec.dump());
  EXPECT_EQ(st, 201) << g.dump();
  return {g["id"], {g["token"], g["opponent_token"]}};
}

json play(const TestServer& s, const Timed& g, int side, const std::string& move) {
  auto [st, b] = s.post("/api/games/" + g.id + "/move", json{{"token", g.tokens[side]}, {"move", move}}.dump());
  EXPECT_EQ(st, 200) << move << " " << b.dump();
  return b;
}

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

}  // namespace

class ServerClock : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerClock);

TEST_P(ServerClock, IncrementIsAddedAfterEachTimedMove) {
  TestServer s(db("increment"));
  Timed g = timed_game(s, "xiangqi", {{"initial_ms", 60000}, {"increment_ms", 2000}});
  json c = s.get("/api/games/" + g.id).second["clock"];
  EXPECT_EQ(c, json({{"initial_ms", 60000},
                     {"increment_ms", 2000},
                     {"byoyomi_ms", 0},
                     {"days_per_move", 0},
                     {"running", nullptr},
                     {"first_ms", 60000},
                     {"second_ms", 60000},
                     {"first_byoyomi", false},
                     {"second_byoyomi", false}}));
  // The first move starts the clocks; it is not timed and earns no increment.
  c = play(s, g, 0, "h2e2")["clock"];
  const auto started = std::chrono::steady_clock::now();  // Black's time runs from before this
  EXPECT_EQ(c["running"], "second");
  EXPECT_EQ(c["first_ms"], 60000);
  sleep_ms(300);
  c = play(s, g, 1, "h9g7")["clock"];
  const int64_t waited =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(c["running"], "first");
  // 60 s, less Black's thinking (at least the 0.3 s slept, at most what this side saw pass), + 2 s.
  const int64_t second = c["second_ms"];
  EXPECT_GE(second, 62000 - waited - 10);
  EXPECT_LE(second, 62000 - 300);
}

TEST_P(ServerClock, ByoyomiGivesEachMoveItsPeriodAndTheFlagFallsByItself) {
  TestServer s(db("byoyomi"));
  Timed g = timed_game(s, "chushogi", {{"initial_ms", 0}, {"byoyomi_ms", 1000}});
  RawConn watcher(s.port());
  watcher.send("GET /api/games/" + g.id + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  ASSERT_NE(watcher.read_until("\n\n").find("event: state"), std::string::npos);
  play(s, g, 0, "7i7h");
  sleep_ms(600);
  json c = play(s, g, 1, "6d6e")["clock"];  // within its period
  EXPECT_EQ(c["second_byoyomi"], true);
  EXPECT_EQ(c["second_ms"], 1000);  // a fresh period for the next move
  EXPECT_EQ(c["first_byoyomi"], true);
  // First does not move: the server ends the game when its period runs out, and says so.
  std::string pushed = watcher.read_until("\"reason\":\"time forfeit\"", 3000);
  pushed += watcher.read_until("\n\n");
  EXPECT_NE(pushed.find("\"result\":\"0-1\""), std::string::npos) << pushed.substr(0, 300);
  json over = s.get("/api/games/" + g.id).second;
  EXPECT_EQ(over["status"], "over");
  EXPECT_EQ(over["reason"], "time forfeit");
  EXPECT_EQ(over["clock"]["running"], nullptr);
  EXPECT_EQ(over["clock"]["first_ms"], 0);  // the period is used up
  EXPECT_EQ(over["clock"]["second_ms"], 1000);
  EXPECT_EQ(over["legal_moves"], json::array());
  auto [st, late] = s.post("/api/games/" + g.id + "/move", json{{"token", g.tokens[0]}, {"move", "6i6h"}}.dump());
  EXPECT_EQ(st, 409);
  EXPECT_EQ(late["error"], "the game is over (time forfeit)");
}

TEST_P(ServerClock, TimeForfeitIsADrawWhenTheOtherSideCannotWin) {
  TestServer s(db("cannot-win"));
  // Black has only its General and an Advisor, which never cross the river.
  Timed g = timed_game(s, "xiangqi", {{"initial_ms", 400}}, "4k4/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  play(s, g, 0, "a0a1");
  play(s, g, 1, "e9d9");
  sleep_ms(900);
  json over = s.get("/api/games/" + g.id).second;
  EXPECT_EQ(over["result"], "1/2-1/2");
  EXPECT_EQ(over["reason"], "time forfeit, the opponent cannot win");
}

TEST_P(ServerClock, CorrespondenceGivesDaysPerMove) {
  TestServer s(db("days"));
  auto [st, g] = s.post("/api/games",
                        json{{"game", "chuseireigi"}, {"opponent", {{"kind", "human"}}}, {"days_per_move", 3}}.dump());
  ASSERT_EQ(st, 201);
  EXPECT_EQ(g["clock"]["first_ms"], 3 * 86400000LL);
  EXPECT_EQ(g["clock"]["days_per_move"], 3);
}

TEST_P(ServerClock, BadTimeControlsAreRefusedByName) {
  TestServer s(db("bad-clock"));
  auto refused = [&](const json& extra) {
    json spec = {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}};
    spec.update(extra);
    auto [st, b] = s.post("/api/games", spec.dump());
    EXPECT_EQ(st, 400) << extra.dump();
    return b["error"].get<std::string>();
  };
  EXPECT_EQ(refused({{"clock", {{"initial_ms", -5}}}}), "clock.initial_ms must be a whole number of ms, 0 or more");
  EXPECT_EQ(refused({{"clock", {{"initial_ms", 1000}, {"byoyomi_ms", 1000}}}}),
            "byoyomi is for the shogi games; xiangqi uses increment_ms");
  EXPECT_EQ(refused({{"clock", {{"initial_ms", 0}}}}), "a clock needs initial_ms or byoyomi_ms above 0");
  EXPECT_EQ(refused({{"clock", {{"initial", 1000}}}}),
            "unknown clock field 'initial' (initial_ms, increment_ms, byoyomi_ms)");
  EXPECT_EQ(refused({{"clock", {{"initial_ms", 99999999}}}}), "clock.initial_ms must be at most 36000000 (ten hours)");
  EXPECT_EQ(refused({{"clock", {{"initial_ms", 1000}}}, {"days_per_move", 2}}),
            "give either clock or days_per_move, not both");
  EXPECT_EQ(refused({{"days_per_move", 0}}), "days_per_move must be a whole number of days from 1 to 14");
}

TEST_P(ServerClock, ARestartChargesNobodyForItsDowntime) {
  const std::string stored = db("clock-restart");
  Timed g;
  {
    TestServer s(stored);
    g = timed_game(s, "xiangqi", {{"initial_ms", 60000}});
    play(s, g, 0, "h2e2");
    play(s, g, 1, "h9g7");  // first's time runs
    sleep_ms(200);
  }
  sleep_ms(1500);  // the server is down
  TestServer s(stored);
  json c = s.get("/api/games/" + g.id).second["clock"];
  EXPECT_EQ(c["running"], "first");
  const int64_t first = c["first_ms"];
  EXPECT_LE(first, 59800);  // the 0.2 s before the stop are charged
  EXPECT_GE(first, 59600);  // the 1.5 s of downtime are not
}

// Issue 45: a store of long games took a minute to start, replaying every unfinished one. Now
// none is loaded at the start, and still each one's flag falls and Kirin takes its turn.
TEST_P(ServerClock, ARestartLoadsNoGameAndStillKeepsEveryDeadlineAndKirinsTurn) {
  const std::string stored = db("clock-lazy");
  Timed flagged;
  std::string kirins;
  {
    auto gate = std::make_shared<kirin::test::Gate>();  // Kirin does not answer before the stop
    TestServer s(stored, {.bots = kirin::test::gate_bots(gate)});
    flagged = timed_game(s, "xiangqi", {{"initial_ms", 1500}});
    play(s, flagged, 0, "h2e2");
    play(s, flagged, 1, "h9g7");  // first's 1.5 s run
    auto [st, g] = s.post(
        "/api/games",
        json{{"game", "xiangqi"}, {"color", "second"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}}.dump());
    ASSERT_EQ(st, 201);
    kirins = g["id"];
    ASSERT_TRUE(kirin::test::Gate::wait_for(gate->started, 1));
    for (int i = 0; i < 3; ++i) timed_game(s, "chushogi", {{"initial_ms", 60000}});
  }
  TestServer s(stored);
  // Only the game Kirin is to move in, which its move loads (on an engine thread: a loaded
  // machine may take a moment), long before the flag falls in the other.
  int loaded = 0;
  for (int i = 0; i < 50 && loaded == 0; ++i) {
    loaded = s.get("/api/health").second["games_loaded"].get<int>();
    if (loaded == 0) sleep_ms(10);
  }
  EXPECT_EQ(loaded, 1);
  json lost, moved;
  for (int i = 0; i < 250; ++i) {
    sleep_ms(20);
    if (lost.empty() || lost["result"] == "") lost = s.get("/api/games/" + flagged.id).second;
    if (moved.empty() || moved["ply"] == 0) moved = s.get("/api/games/" + kirins).second;
    if (lost["result"] != "" && moved["ply"] == 1) break;
  }
  EXPECT_EQ(lost["result"], "0-1") << lost.dump();
  EXPECT_EQ(lost["reason"], "time forfeit");
  EXPECT_EQ(moved["ply"], 1) << moved.dump();
}

TEST_P(ServerClock, KirinPlaysByItsClock) {
  TestServer s(db("kirin-clock"), {.bots = kirin::test::engine_bots()});
  auto [st, g] = s.post(
      "/api/games",
      json{{"game", "xiangqi"}, {"opponent", {{"kind", "kirin"}, {"strength", 8}}}, {"clock", {{"initial_ms", 3000}}}}
          .dump());
  ASSERT_EQ(st, 201);
  const std::string id = g["id"];
  ASSERT_EQ(s.post("/api/games/" + id + "/move", json{{"token", g["token"]}, {"move", "h2e2"}}.dump()).first, 200);
  json now;
  for (int i = 0; i < 200 && (now = s.get("/api/games/" + id).second)["ply"] != 2; ++i) sleep_ms(20);
  ASSERT_EQ(now["ply"], 2);
  // Strength 8 alone may think 2 s a move; with 3 s for the whole game it spends far less.
  EXPECT_GT(now["clock"]["second_ms"].get<int64_t>(), 2400);
}

TEST(GameEnds, TimeForfeitIsADrawOnlyWhenTheOpponentCannotWin) {
  using kirin::GameId;
  using kirin::test::game_at;
  // Xiangqi: General, Advisors, Elephants never cross the river; a Soldier does.
  EXPECT_TRUE(
      kirin::cannot_win(game_at(GameId::XIANGQI, "4k4/4a4/4b4/9/9/9/9/9/9/R3K4 w - - 0 1").position(), kirin::SECOND));
  EXPECT_FALSE(
      kirin::cannot_win(game_at(GameId::XIANGQI, "4k4/4a4/4p4/9/9/9/9/9/9/R3K4 w - - 0 1").position(), kirin::SECOND));
  EXPECT_FALSE(
      kirin::cannot_win(game_at(GameId::XIANGQI, "4k4/4a4/4b4/9/9/9/9/9/9/R3K4 w - - 0 1").position(), kirin::FIRST));
  // Shogi games: a lone King cannot win; a piece in hand (Chu Seireigi) can.
  EXPECT_TRUE(kirin::cannot_win(game_at(GameId::CHUSHOGI, "5k6/12/12/12/12/12/12/12/12/12/12/4GK6 b").position(),
                                kirin::SECOND));
  EXPECT_FALSE(kirin::cannot_win(game_at(GameId::CHUSHOGI, "5k6/12/12/12/12/12/12/12/12/12/12/4GK6 b").position(),
                                 kirin::FIRST));
  EXPECT_FALSE(kirin::cannot_win(game_at(GameId::CHUSEIREIGI, "5k6/12/12/12/12/12/12/12/12/12/12/5K6 b p 1").position(),
                                 kirin::SECOND));
  EXPECT_TRUE(kirin::cannot_win(game_at(GameId::CHUSEIREIGI, "5k6/12/12/12/12/12/12/12/12/12/12/5K6 b P 1").position(),
                                kirin::SECOND));
  kirin::Game g = game_at(GameId::XIANGQI, "4k4/4a4/4b4/9/9/9/9/9/9/R3K4 w - - 0 1");
  EXPECT_EQ(*g.lose_on_time(kirin::FIRST), kirin::GameResult::draw("time forfeit, the opponent cannot win"));
  kirin::Game h = game_at(GameId::XIANGQI, "4k4/4a4/4b4/9/9/9/9/9/9/R3K4 w - - 0 1");
  EXPECT_EQ(*h.lose_on_time(kirin::SECOND), kirin::GameResult::win(kirin::FIRST, "time forfeit"));
}
