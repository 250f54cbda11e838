// What a visitor can make the server replay (issue 45): games that end by the rules are stored
// finished, positions no game can be played from are refused, and no request replays more than
// MAX_GAME_PLIES moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "account_http.h"
#include "game/game.h"
#include "game/quiet_line.h"
#include "notation/move_text.h"
#include "raw_http.h"
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

// A long Chu Shogi game of quiet moves that neither check nor end it, the same every run: what
// an attacker imports to make the server replay as much as it takes.
std::vector<std::string> long_chu_game(size_t plies) {
  return kirin::quiet_line(kirin::make_variant(kirin::GameId::CHUSHOGI), plies);
}

// POST from the loopback address `from`; the status and the time to the answer (ms).
std::pair<int, double> post_from(int port, const char* from, const std::string& path, const std::string& body) {
  const kirin::LoopbackReply r = kirin::loopback_request(port, from, "POST", path, body, {}, 60000);
  return {r.status, r.ms};
}

// GET from the loopback address `from`; the status and the time to the answer (ms).
std::pair<int, double> get_from(int port, const char* from, const std::string& path) {
  const kirin::LoopbackReply r = kirin::loopback_request(port, from, "GET", path);
  return {r.status, r.ms};
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

// A xiangqi repetition's ending in words (docs/xiangqi-repetition.md): the reason as before, the
// detail for the page.
TEST_P(ServerGameLimits, APerpetualChaseSaysWhoChasedWhat) {
  TestServer s(db("rep-chase"));
  json body = game_with("xiangqi", {"c1b1", "b7c9", "b1c1", "c9b7", "c1b1", "b7c9", "b1c1", "c9b7"});
  body["fen"] = "4k4/9/1n7/9/9/9/9/9/2R6/3K5 w - - 0 1";
  auto [st, b] = s.post("/api/games", body.dump());
  ASSERT_EQ(st, 201) << b.dump();
  EXPECT_EQ(b["result"], "0-1");
  EXPECT_EQ(b["reason"], "perpetual chase");
  EXPECT_EQ(b["detail"], "Red chased the Horse perpetually");
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
  struct Refused {
    const char *game, *fen, *error;
  };
  const Refused cases[] = {
      // Chu Shogi's movement tests have boards without Kings; a game cannot be played on one.
      {"chushogi", "12/12/12/12/12/12/12/12/12/12/12/12 b - 1", "bad start position: Black has no King"},
      {"chushogi", "6k5/12/12/12/12/12/12/12/12/12/12/12 b - 1",
       "bad start position: invalid position: Black has no King"},
      // Two bare Kings: nothing to play with, the game would be over before a move.
      {"chushogi", "6k5/12/12/12/12/12/12/12/12/12/12/5K6 b - 1",
       "bad start position: the game is over before a move (1/2-1/2 impossible to win)"},
      // No move for the side to move (in xiangqi a loss, checkmate or not).
      {"xiangqi", "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1",
       "bad start position: the game is over before a move (1-0 stalemate)"},
  };
  for (const Refused& c : cases) {
    auto [status, body] =
        s.post("/api/games", json{{"game", c.game}, {"fen", c.fen}, {"opponent", {{"kind", "human"}}}}.dump());
    EXPECT_EQ(status, 400) << c.fen;
    EXPECT_EQ(body["error"], c.error);
  }
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

// One address reading many games keeps at most its share of them loaded (3 here), its own least
// recently used going first: another address's game stays in memory.
TEST_P(ServerGameLimits, OneAddressKeepsAtMostItsShareOfTheGamesLoaded) {
  kirin::test::ServerSetup setup;
  setup.service.cache_games_per_client = 3;
  setup.api.games_per_minute = 0;
  TestServer s(db("cache-share"), setup);
  const std::string human = game_with("xiangqi", {}).dump();
  ASSERT_EQ(post_from(s.port(), "127.0.0.3", "/api/games", human).first, 201);
  std::vector<std::string> ids;
  for (int i = 0; i < 6; ++i) {
    const kirin::LoopbackReply r = kirin::loopback_request(s.port(), "127.0.0.2", "POST", "/api/games", human);
    ASSERT_EQ(r.status, 201);
    ids.push_back(json::parse(r.body)["id"]);
  }
  EXPECT_EQ(s.get("/api/health").second["games_loaded"], 4);  // 127.0.0.3's game and three of 127.0.0.2's
  for (const auto& id : ids) ASSERT_EQ(get_from(s.port(), "127.0.0.2", "/api/games/" + id).first, 200);
  EXPECT_EQ(s.get("/api/health").second["games_loaded"], 4);
  // A game loaded already is read by anyone without loading another.
  ASSERT_EQ(get_from(s.port(), "127.0.0.4", "/api/games/" + ids.back()).first, 200);
  EXPECT_EQ(s.get("/api/health").second["games_loaded"], 4);
}

// A record far longer than any game of MAX_GAME_PLIES (a megabyte of moves) is refused by its
// word count, before it is read and replayed.
TEST_P(ServerGameLimits, AMegabyteRecordIsRefusedUnread) {
  TestServer s(db("record-words"));
  std::string record = "moves";
  for (int i = 0; i < 200'000; ++i) record += " h0g2";  // 1 MB
  auto [st, why] =
      s.post("/api/games", json{{"game", "xiangqi"}, {"record", record}, {"opponent", {{"kind", "human"}}}}.dump());
  EXPECT_EQ(st, 413);
  EXPECT_EQ(why["error"], "record: 200001 words; at most 32000 are read (a game of 4000 plies takes far fewer)");
}

// Player names read from a record are kept without what would make one look like another.
TEST_P(ServerGameLimits, ARecordsPlayerNamesLoseTheirInvisibleCharacters) {
  TestServer s(db("record-names"));
  const std::string pgn =
      "[Event \"x\"]\n[Red \"\xE2\x80\xAEnirik\"]\n[Black \"ad\xE2\x80\x8Bmin\"]\n[Result \"*\"]\n\n1. h2e2 h9g7 *\n";
  auto [st, g] =
      s.post("/api/games", json{{"game", "xiangqi"}, {"record", pgn}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201) << g.dump();
  EXPECT_EQ(g["players"]["first"]["player"], "nirik");
  EXPECT_EQ(g["players"]["second"]["player"], "admin");
}

// The start of an event stream reads and replays its game where the requests' work runs, not
// on the threads that hold the connections: an address opening streams on long games nobody
// has loaded holds up no other address's requests (before, each start replayed on an I/O
// thread and /api/health waited for them).
TEST_P(ServerGameLimits, StreamsOnLongUnloadedGamesHoldUpNoOtherAddress) {
  kirin::test::ServerSetup setup;
  setup.service.cache_games = 1;
  setup.api.games_per_minute = 0;
  TestServer s(db("stream-starts"), setup);
  const std::string longest = game_with("chushogi", long_chu_game(kirin::server::MAX_GAME_PLIES)).dump();
  std::vector<std::string> ids;
  for (int i = 0; i < 40; ++i) {
    auto [st, g] = s.post("/api/games", longest);
    ASSERT_EQ(st, 201);
    ids.push_back(g["id"]);
  }
  std::vector<kirin::test::RawConn> streams;
  for (const auto& id : ids) {
    streams.emplace_back(s.port(), "127.0.0.2");
    streams.back().send("GET /api/games/" + id + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  }
  double worst = 0;
  for (int i = 0; i < 10; ++i) {
    auto [st, ms] = get_from(s.port(), "127.0.0.3", "/api/health");
    EXPECT_EQ(st, 200);
    worst = std::max(worst, ms);
  }
  int opened = 0;
  for (auto& c : streams) opened += c.read_until("\n\n", 30000).find("event: state") != std::string::npos;
  EXPECT_EQ(opened, 40);
  // Done on the I/O threads, the 40 replays held /api/health up for over a second.
  EXPECT_LT(worst, 500) << "the other address's slowest answer, ms";
  std::printf("the other address's slowest /api/health: %.0f ms\n", worst);
}

// One address importing the longest games it may, as many at once as it is allowed and more:
// another address's new game and move are answered while the imports are replayed (on this
// 2-core machine in tens of ms; before, two 6,000-ply imports kept everyone waiting 39 s).
TEST_P(ServerGameLimits, LongImportsFromOneAddressHoldUpNoOtherAddress) {
  TestServer s(db("import-flood"));
  const std::string longest = game_with("chushogi", long_chu_game(kirin::server::MAX_GAME_PLIES)).dump();
  std::vector<std::thread> attackers;
  std::vector<int> statuses(96);
  for (size_t i = 0; i < statuses.size(); ++i)
    attackers.emplace_back([&, i] { statuses[i] = post_from(s.port(), "127.0.0.2", "/api/games", longest).first; });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the imports are under way
  double worst = 0;
  for (int i = 0; i < 3; ++i) {
    auto [made, made_ms] = post_from(s.port(), "127.0.0.3", "/api/games", game_with("xiangqi", {"h2e2"}).dump());
    EXPECT_EQ(made, 201);
    auto [hint, hint_ms] =
        post_from(s.port(), "127.0.0.3", "/api/analyse", json{{"game", "xiangqi"}, {"strength", 1}}.dump());
    EXPECT_EQ(hint, 200);
    worst = std::max({worst, made_ms, hint_ms});
  }
  // On PostgreSQL the victim's save also waits for one of the store's 4 connections, which the
  // attacker's 4,000-row inserts hold: a looser bound there (done inline, SQLite took 2,965 ms).
  EXPECT_LT(worst, GetParam() == kirin::test::Store::SQLITE ? 1000 : 3000) << "the victim's slowest answer, ms";
  for (auto& t : attackers) t.join();
  // The attacker's share of the workers: 16 at once; the rest were told to wait for them.
  const auto made = std::count(statuses.begin(), statuses.end(), 201);
  const auto refused = std::count(statuses.begin(), statuses.end(), 429);
  EXPECT_EQ(made + refused, long(statuses.size()));
  EXPECT_GE(refused, 1);
  std::printf("victim's slowest answer %.0f ms; attacker: %ld made, %ld told to wait\n", worst, long(made),
              long(refused));
}

// New games are limited per address (2 at once, then 4 a minute here) and per account
// wherever it logs in from; another address and another account are not held up.
TEST_P(ServerGameLimits, NewGamesAreLimitedPerAddressAndPerAccount) {
  kirin::test::ServerSetup setup = kirin::test::quick_hashing();
  setup.api.games_per_minute = 4;
  setup.limits.trusted_proxies = {"127.0.0.1"};
  TestServer s(db("new-games"), setup);
  const std::string spec = game_with("xiangqi", {}).dump();
  kirin::test::Browser anon(s.port());
  anon.forwarded_for = "127.0.0.20";
  EXPECT_EQ(anon.post("/api/games", json::parse(spec)).status, 201);
  EXPECT_EQ(anon.post("/api/games", json::parse(spec)).status, 201);
  auto refused = anon.post("/api/games", json::parse(spec));
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.body["error"], "too many new games from your address (at most 4 a minute); try again in 15 s");
  EXPECT_EQ(refused.retry_after, "15");
  kirin::test::Browser other(s.port());
  other.forwarded_for = "127.0.0.21";
  EXPECT_EQ(other.post("/api/games", json::parse(spec)).status, 201);

  // One account from three addresses: two games, then refused though each address has room.
  kirin::test::Browser first(s.port());
  first.forwarded_for = "127.0.0.22";
  ASSERT_EQ(first.post("/api/account/signup", {{"name", "maker"}, {"password", "correct horse"}}).status, 201);
  EXPECT_EQ(first.post("/api/games", json::parse(spec)).status, 201);
  kirin::test::Browser second = first;
  second.forwarded_for = "127.0.0.23";
  EXPECT_EQ(second.post("/api/games", json::parse(spec)).status, 201);
  kirin::test::Browser third = first;
  third.forwarded_for = "127.0.0.24";
  auto mine = third.post("/api/games", json::parse(spec));
  EXPECT_EQ(mine.status, 429);
  EXPECT_EQ(mine.body["error"], "too many new games from your account (at most 4 a minute); try again in 15 s");
}

// Issue 45: 3,000 games each watched by one stream stayed in memory (a watcher held its game).
// Now a watched game that is idle leaves the cache like any other, and the next change, which
// loads it again, still reaches its watcher.
TEST_P(ServerGameLimits, AWatchedGameLeavesTheCacheAndItsWatcherHearsTheNextMove) {
  kirin::test::ServerSetup setup;
  setup.service.cache_games = 1;
  TestServer s(db("watched-evicted"), setup);
  auto [st, g] = s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201);
  const std::string id = g["id"];
  kirin::test::RawConn watcher(s.port());
  watcher.send("GET /api/games/" + id + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  ASSERT_NE(watcher.read_until("\n\n").find("\"ply\":0"), std::string::npos);
  ASSERT_EQ(s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump()).first, 201);
  EXPECT_EQ(s.get("/api/health").second["games_loaded"], 1);  // the new game alone
  ASSERT_EQ(s.post("/api/games/" + id + "/move", json{{"token", g["token"]}, {"move", "h2e2"}}.dump()).first, 200);
  const std::string pushed = watcher.read_until("\"ply\":1", 3000);
  EXPECT_NE(pushed.find("\"last_move\":\"h2e2\""), std::string::npos) << pushed.substr(0, 300);
}
