// Ratings (issue 30 items 3 and 4): a rated game between two accounts moves both ratings as
// Glicko-2 says, once, in the transaction that saves its end; a rated game ended before each side
// moved twice is aborted and not rated; the players' pages, games and the leaderboard. On SQLite
// and PostgreSQL.
#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "account_http.h"
#include "raw_sql.h"
#include "server/rating/glicko2.h"
#include "server/rating/ratings.h"
#include "server/store/store.h"
#include "server_test_util.h"

using kirin::server::Glicko;
using kirin::server::glicko_after_idle;
using kirin::server::glicko_update;
using kirin::test::Browser;
using kirin::test::quick_hashing;
using kirin::test::raw_sql;
using kirin::test::signed_up;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

const Glicko NEWCOMER{1500, 500, 0.09};
constexpr int64_t DAY_MS = 24 * 3600 * 1000LL;

// Three minutes and two seconds a move: 180 + 40 x 2 = 260 s, under 8 minutes: blitz.
const json BLITZ = {{"initial_ms", 180000}, {"increment_ms", 2000}};

json rated_challenge(const json& opponent = {{"kind", "human"}, {"open", true}}) {
  return {{"game", "xiangqi"}, {"color", "first"}, {"rated", true},
          {"casual", false},   {"clock", BLITZ},   {"opponent", opponent}};
}

// A rated open challenge by `a` accepted by `b`: the game's id, `a` playing first.
std::string rated_game(Browser& a, Browser& b) {
  auto made = a.post("/api/games", rated_challenge());
  EXPECT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body.value("id", "");
  auto joined = b.post("/api/games/" + id + "/join");
  EXPECT_EQ(joined.status, 200) << joined.body.dump();
  return id;
}

void play(Browser& first, Browser& second, const std::string& id, int plies) {
  static const char* const MOVES[] = {"h2e2", "h9g7", "h0g2", "b9c7"};
  for (int i = 0; i < plies; ++i) {
    auto r = (i % 2 ? second : first).post("/api/games/" + id + "/move", {{"move", MOVES[i]}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
  }
}

int rounded(double x) { return int(std::lround(x)); }

class ServerRatings : public kirin::test::OnEachStore {};

}  // namespace

TEST_P(ServerRatings, ARatedGameMovesBothRatingsAsGlicko2Says) {
  TestServer s(db("ratings-game"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string id = rated_game(alice, bob);
  auto before = alice.get("/api/games/" + id).body;
  EXPECT_EQ(before["rated"], true);
  EXPECT_EQ(before["players"]["first"]["rating"], 1500);
  EXPECT_EQ(before["players"]["first"]["provisional"], true);
  EXPECT_TRUE(before["players"]["first"]["rating_diff"].is_null());
  EXPECT_EQ(before["players"]["second"]["rating"], 1500);
  play(alice, bob, id, 4);
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);

  const Glicko lost = glicko_update(NEWCOMER, {{NEWCOMER, 0}}, 0), won = glicko_update(NEWCOMER, {{NEWCOMER, 1}}, 0);
  ASSERT_LT(rounded(lost.rating), 1500);
  auto after = bob.get("/api/games/" + id).body;
  EXPECT_EQ(after["status"], "over");
  EXPECT_EQ(after["players"]["first"]["rating"], 1500);
  EXPECT_EQ(after["players"]["first"]["rating_diff"], rounded(lost.rating) - 1500);
  EXPECT_EQ(after["players"]["second"]["rating_diff"], rounded(won.rating) - 1500);

  auto a = alice.get("/api/players/Alice");  // names ignore case
  ASSERT_EQ(a.status, 200) << a.body.dump();
  EXPECT_EQ(a.body["name"], "alice");
  EXPECT_EQ(a.body["closed"], false);
  EXPECT_EQ(a.body["ratings"],
            json::parse(R"({"xiangqi": {"blitz": {"rating": )" + std::to_string(rounded(lost.rating)) + R"(, "rd": )" +
                        std::to_string(rounded(lost.deviation)) +
                        R"(, "provisional": true, "games": 1, "wins": 0, "draws": 0, "losses": 1}}})"));
  EXPECT_EQ(a.body["results"], json({{"wins", 0}, {"draws", 0}, {"losses", 1}}));
  ASSERT_EQ(a.body["history"].size(), 1u);
  EXPECT_EQ(a.body["history"][0]["rating"], rounded(lost.rating));
  EXPECT_EQ(a.body["history"][0]["speed"], "blitz");
  EXPECT_EQ(bob.get("/api/players/bob").body["ratings"]["xiangqi"]["blitz"]["rating"], rounded(won.rating));

  // The games list: newest first, filtered by game and by the player's result.
  auto games = bob.get("/api/players/bob/games");
  ASSERT_EQ(games.status, 200);
  ASSERT_EQ(games.body["games"].size(), 1u);
  EXPECT_EQ(games.body["games"][0]["id"], id);
  EXPECT_EQ(games.body["games"][0]["rated"], true);
  EXPECT_EQ(games.body["games"][0]["players"]["second"]["rating_diff"], rounded(won.rating) - 1500);
  EXPECT_EQ(games.body["more"], false);
  EXPECT_EQ(bob.get("/api/players/bob/games?result=win").body["games"].size(), 1u);
  EXPECT_EQ(bob.get("/api/players/bob/games?result=loss").body["games"].size(), 0u);
  EXPECT_EQ(alice.get("/api/players/alice/games?result=loss").body["games"].size(), 1u);
  EXPECT_EQ(alice.get("/api/players/alice/games?game=chushogi").body["games"].size(), 0u);
  EXPECT_EQ(alice.get("/api/players/alice/games?result=best").body["error"], "result must be win, loss or draw");

  // One game leaves both provisional: the leaderboard has nobody yet.
  auto board = alice.get("/api/players?game=xiangqi&speed=blitz");
  ASSERT_EQ(board.status, 200);
  EXPECT_EQ(board.body, json({{"game", "xiangqi"}, {"speed", "blitz"}, {"players", json::array()}}));
  EXPECT_EQ(alice.get("/api/players?game=xiangqi&speed=slow").body["error"],
            "speed must be bullet, blitz, rapid, classical or correspondence");
  EXPECT_EQ(alice.get("/api/players/nobody").status, 404);
  EXPECT_EQ(alice.get("/api/players/nobody").body["error"], "no player named nobody");

  // The download: the player's xiangqi games as PGN.
  httplib::Client c("127.0.0.1", s.port());
  auto pgn = c.Get("/api/players/alice/games?format=pgn");
  ASSERT_TRUE(pgn);
  EXPECT_EQ(pgn->status, 200);
  EXPECT_NE(pgn->body.find("[Result \"0-1\"]"), std::string::npos) << pgn->body;
  EXPECT_EQ(pgn->get_header_value("Transfer-Encoding"), "chunked");  // streamed, never whole in memory
  EXPECT_EQ(pgn->get_header_value("Content-Disposition"), "attachment; filename=\"alice.pgn\"");
  auto none = c.Get("/api/players/alice/games?format=kif");  // no shogi game: an empty file
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 200);
  EXPECT_EQ(none->body, "");
  auto kif = c.Get("/api/players/alice/games?format=kif&game=xiangqi");
  ASSERT_TRUE(kif);
  EXPECT_EQ(kif->status, 400);
}

TEST_P(ServerRatings, ARatedGameEndedBeforeEachSideMovedTwiceIsAbortedNotRated) {
  TestServer s(db("ratings-abort"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string id = rated_game(alice, bob);
  play(alice, bob, id, 2);
  ASSERT_EQ(bob.post("/api/games/" + id + "/resign").status, 200);
  auto after = alice.get("/api/games/" + id).body;
  EXPECT_EQ(after["status"], "aborted");
  EXPECT_TRUE(after["players"]["first"]["rating_diff"].is_null());
  EXPECT_EQ(alice.get("/api/players/alice").body["ratings"], json::object());
  // After two moves each, an abort is refused.
  const std::string next = rated_game(alice, bob);
  play(alice, bob, next, 4);
  auto refused = alice.post("/api/games/" + next + "/abort");
  EXPECT_EQ(refused.status, 409);
  EXPECT_EQ(refused.body["error"], "a rated game can be aborted only before each side has moved twice");
}

TEST_P(ServerRatings, RatedRequestsThatCannotBeRatedAreRefused) {
  TestServer s(db("ratings-refused"), quick_hashing());
  Browser anonymous(s.port());
  Browser alice = signed_up(s, "alice");
  auto refused = [&](Browser& b, json spec, const std::string& error) {
    auto r = b.post("/api/games", spec);
    EXPECT_EQ(r.status, 400) << spec.dump();
    EXPECT_EQ(r.body["error"], error) << spec.dump();
  };
  refused(anonymous, rated_challenge(), "a rated game is for players with an account: log in first");
  refused(alice, rated_challenge({{"kind", "kirin"}, {"strength", 1}}), "a game against Kirin cannot be rated");
  refused(alice, rated_challenge({{"kind", "human"}}),
          "a rated game is a challenge to another player with an account, open or by name");
  json untimed = rated_challenge();
  untimed.erase("clock");
  refused(alice, untimed, "a rated game needs a clock (or days per move)");
  json casual = rated_challenge();
  casual["casual"] = true;
  refused(alice, casual, "a rated game allows no take-backs: send casual: false");
  json from_fen = rated_challenge();
  from_fen["moves"] = {"h2e2"};
  refused(alice, from_fen, "a rated game starts from the standard position");
  // A rated challenge is for an account: a player without one cannot take it.
  auto made = alice.post("/api/games", rated_challenge());
  ASSERT_EQ(made.status, 201);
  auto join = anonymous.post("/api/games/" + made.body["id"].get<std::string>() + "/join");
  EXPECT_EQ(join.status, 409);
  EXPECT_EQ(join.body["error"], "a rated challenge is for players with an account: log in to accept it");
}

// A rated challenge by name: only the player named may take it, and the game is rated.
TEST_P(ServerRatings, ARatedChallengeByNameIsRated) {
  TestServer s(db("ratings-named"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob"), carol = signed_up(s, "carol");
  auto made = alice.post("/api/games", rated_challenge({{"kind", "human"}, {"name", "Bob"}}));
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  EXPECT_EQ(bob.get("/api/account/challenges").body["challenges"][0]["id"], id);
  EXPECT_EQ(s.get("/api/lobby").second["challenges"], json::array());
  EXPECT_EQ(carol.post("/api/games/" + id + "/join").status, 403);
  auto joined = bob.post("/api/games/" + id + "/join");
  ASSERT_EQ(joined.status, 200) << joined.body.dump();
  EXPECT_EQ(joined.body["rated"], true);
  EXPECT_EQ(joined.body["players"]["second"]["rating"], 1500);
  play(alice, bob, id, 4);
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  const json blitz = bob.get("/api/players/bob").body["ratings"]["xiangqi"]["blitz"];
  EXPECT_EQ(blitz["games"], 1) << blitz.dump();
  EXPECT_EQ(blitz["wins"], 1) << blitz.dump();
  EXPECT_GT(blitz["rating"].get<int>(), 1500);
}

// The deviation grows with the time a player does not play, as Glicko-2 says.
TEST_P(ServerRatings, AnIdlePlayersDeviationGrows) {
  const std::string stored = db("ratings-idle");
  TestServer s(stored, quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string id = rated_game(alice, bob);
  play(alice, bob, id, 4);
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  ASSERT_EQ(raw_sql(stored, "UPDATE ratings SET last_played = last_played - " + std::to_string(100 * DAY_MS)), "");
  const Glicko lost = glicko_update(NEWCOMER, {{NEWCOMER, 0}}, 0);
  const Glicko idle = glicko_after_idle(lost, 100 * DAY_MS);
  ASSERT_GT(rounded(idle.deviation), rounded(lost.deviation));
  EXPECT_EQ(alice.get("/api/players/alice").body["ratings"]["xiangqi"]["blitz"]["rd"], rounded(idle.deviation));
}

// A game's end saved twice (a retry, another server's copy) is rated once.
TEST_P(ServerRatings, AResultSavedTwiceIsRatedOnce) {
  const std::string stored = db("ratings-twice");
  auto store = kirin::server::open_store(stored);
  ASSERT_TRUE(store) << store.error();
  kirin::server::rate_ended_games(**store);  // as the server does
  auto& accounts = (*store)->accounts();
  int64_t ids[2];
  for (int c = 0; c < 2; ++c) {
    auto a = accounts.create_account({0, c ? "bob" : "alice", c ? "bob" : "alice", "x", 1, false});
    ASSERT_TRUE(a && *a);
    ids[c] = (**a).id;
  }
  kirin::server::GameRecord g;
  g.id = "twice1";
  g.game = "xiangqi";
  g.options = {};
  g.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  g.casual = false;
  g.rated = true;
  g.clock.initial_ms = 180000;
  g.clock.increment_ms = 2000;
  for (int c = 0; c < 2; ++c) {
    g.seats[c].account = ids[c];
    g.seats[c].account_name = c ? "bob" : "alice";
    g.seats[c].token = "t" + std::to_string(c);
  }
  ASSERT_TRUE((*store)->create(g));
  g.result = "1-0";
  g.reason = "resignation";
  auto saved = (*store)->save(g, 0);
  ASSERT_TRUE(saved && *saved == kirin::server::Saved::DONE);
  g.store_version = 1;
  saved = (*store)->save(g, 0);  // the same end again, from a copy without the change
  ASSERT_TRUE(saved && *saved == kirin::server::Saved::DONE);
  EXPECT_EQ(raw_sql(stored, "SELECT COUNT(*) FROM rating_history"), "2");
  EXPECT_EQ(raw_sql(stored, "SELECT SUM(games) FROM ratings"), "2");
  auto loaded = (*store)->load("twice1");
  ASSERT_TRUE(loaded && *loaded);
  const Glicko won = glicko_update(NEWCOMER, {{NEWCOMER, 1}}, 0);
  ASSERT_TRUE((**loaded).seats[0].rating_diff);
  EXPECT_EQ(*(**loaded).seats[0].rating_diff, rounded(won.rating) - 1500);
  EXPECT_EQ((**loaded).seats[0].rating, 1500);
  auto now = kirin::server::Ratings(**store).of(ids[0], "xiangqi", kirin::server::Speed::BLITZ, 0);
  ASSERT_TRUE(now);
  EXPECT_DOUBLE_EQ(now->glicko.rating, won.rating);
  EXPECT_DOUBLE_EQ(now->glicko.deviation, won.deviation);
  EXPECT_DOUBLE_EQ(now->glicko.volatility, won.volatility);
}

// A database made before ratings opens with its games and rates new games.
TEST_P(ServerRatings, ADatabaseFromBeforeRatingsIsMigrated) {
  const std::string stored = db("ratings-migrate");
  std::string old_id;
  {
    TestServer s(stored, quick_hashing());
    auto made = s.post("/api/games", R"({"game":"xiangqi","opponent":{"kind":"human"}})");
    ASSERT_EQ(made.first, 201);
    old_id = made.second["id"];
  }
  ASSERT_EQ(raw_sql(stored, "DROP TABLE ratings; DROP TABLE rating_history; ALTER TABLE games DROP COLUMN rated"), "");
  ASSERT_EQ(kirin::test::set_schema_version(stored, 9, 8), "");
  TestServer s(stored, quick_hashing());
  EXPECT_EQ(raw_sql(stored, "SELECT MAX(version) FROM schema_version"), kirin::test::latest_schema_version(stored));
  EXPECT_EQ(s.get("/api/games/" + old_id).second["rated"], false);
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string id = rated_game(alice, bob);
  play(alice, bob, id, 4);
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  EXPECT_EQ(alice.get("/api/players/alice").body["ratings"]["xiangqi"]["blitz"]["games"], 1);
}

KIRIN_ON_EACH_STORE(ServerRatings);

// Two servers on one PostgreSQL database end the same rated game at once: one end is saved and
// rated, the other meets the game over.
TEST(ServerRatingsShared, TwoServersEndingTheSameGameRateItOnce) {
  const std::string db = kirin::test::test_db(kirin::test::Store::POSTGRESQL, "ratings-race");
  kirin::test::ServerSetup many_signups = quick_hashing();
  many_signups.api.signups_per_hour = 1000;  // ten players from one address
  TestServer a(db, many_signups), b(db, many_signups);
  for (int round = 0; round < 5; ++round) {
    Browser alice = signed_up(a, "alice" + std::to_string(round)), bob = signed_up(a, "bob" + std::to_string(round));
    const std::string id = rated_game(alice, bob);
    play(alice, bob, id, 4);
    Browser alice_b(b.port());
    alice_b.cookie = alice.cookie;
    b.get("/api/games/" + id);  // loaded on both
    int status[2];
    std::thread ta([&] { status[0] = alice.post("/api/games/" + id + "/resign").status; });
    std::thread tb([&] { status[1] = alice_b.post("/api/games/" + id + "/resign").status; });
    ta.join();
    tb.join();
    EXPECT_EQ((status[0] == 200) + (status[1] == 200), 1) << status[0] << " " << status[1];
    EXPECT_EQ(alice.get("/api/players/alice" + std::to_string(round)).body["ratings"]["xiangqi"]["blitz"]["games"], 1);
    EXPECT_EQ(raw_sql(db, "SELECT COUNT(*) FROM rating_history WHERE game_id = '" + id + "'"), "2");
  }
}

// A player's first two rated games, ended at once on two servers: neither result is lost, though
// no rating row existed to lock when both began to rate.
TEST(ServerRatingsShared, TwoFirstGamesOfAPlayerEndingAtOnceOnTwoServersBothCount) {
  const std::string db = kirin::test::test_db(kirin::test::Store::POSTGRESQL, "ratings-first-race");
  kirin::test::ServerSetup many_signups = quick_hashing();
  many_signups.api.signups_per_hour = 1000;
  TestServer a(db, many_signups), b(db, many_signups);
  for (int round = 0; round < 5; ++round) {
    const std::string n = std::to_string(round);
    Browser alice = signed_up(a, "alice" + n), bob = signed_up(a, "bob" + n), carol = signed_up(a, "carol" + n);
    const std::string one = rated_game(alice, bob), two = rated_game(alice, carol);
    play(alice, bob, one, 4);
    play(alice, carol, two, 4);
    Browser alice_b(b.port());
    alice_b.cookie = alice.cookie;
    b.get("/api/games/" + two);
    int status[2];
    std::thread ta([&] { status[0] = alice.post("/api/games/" + one + "/resign").status; });
    std::thread tb([&] { status[1] = alice_b.post("/api/games/" + two + "/resign").status; });
    ta.join();
    tb.join();
    EXPECT_EQ(status[0], 200);
    EXPECT_EQ(status[1], 200);
    const json blitz = alice.get("/api/players/alice" + n).body["ratings"]["xiangqi"]["blitz"];
    EXPECT_EQ(blitz["games"], 2) << blitz.dump();
    EXPECT_EQ(blitz["losses"], 2) << blitz.dump();
  }
}
