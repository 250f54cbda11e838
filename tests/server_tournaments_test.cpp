// Tournaments through the API (issue 49): a Swiss, a round robin and an arena played to their end
// by several accounts, their pairings exact; the refusals; and, on PostgreSQL, two servers
// sharing one event, the second directing it when the first is gone. On SQLite and PostgreSQL.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <set>
#include <thread>

#include "account_http.h"
#include "raw_http.h"
#include "raw_sql.h"
#include "server_test_util.h"

using kirin::test::Browser;
using kirin::test::quick_hashing;
using kirin::test::raw_sql;
using kirin::test::signed_up;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

class ServerTournaments : public kirin::test::OnEachStore {};

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

json new_event(const std::string& kind, json extra = json::object()) {
  json b = {{"kind", kind},
            {"game", "xiangqi"},
            {"clock", {{"initial_ms", 300000}, {"increment_ms", 2000}}},
            {"starts_at", now_ms() + 3600 * 1000}};
  b.update(extra);
  return b;
}

// The event once `ready` holds of it (the director looks every second), at most 8 s on.
json event_when(Browser& b, const std::string& id, const std::function<bool(const json&)>& ready) {
  json e;
  for (int i = 0; i < 80; ++i) {
    e = b.get("/api/tournaments/" + id).body;
    if (ready(e)) return e;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ADD_FAILURE() << "the event never got there: " << e.dump();
  return e;
}

// The boards of a round as "first-second" (or "first bye"/"first off"), board by board.
std::vector<std::string> boards(const json& e, int round) {
  std::vector<std::string> out;
  for (const json& p : e["pairings"])
    if (p["round"] == round)
      out.push_back(p["second"].is_null() ? p["first"].get<std::string>() + " " + p["result"].get<std::string>()
                                          : p["first"].get<std::string>() + "-" + p["second"].get<std::string>());
  return out;
}

// Ends every unfinished game of `round`: the first player wins it unless its name is in
// `draws` (a draw agreed) or `losers` (the first player resigns).
void play_round(std::map<std::string, Browser*>& players, const json& e, int round,
                const std::set<std::string>& draws = {}) {
  for (const json& p : e["pairings"]) {
    if (p["round"] != round || p["game"].is_null() || p["result"] != "") continue;
    const std::string game = "/api/games/" + p["game"].get<std::string>();
    Browser& first = *players.at(p["first"]);
    Browser& second = *players.at(p["second"]);
    if (draws.count(p["first"])) {
      ASSERT_EQ(first.post(game + "/move", {{"move", "h2e2"}}).status, 200);
      ASSERT_EQ(second.post(game + "/draw", {{"action", "offer"}}).status, 200);
      ASSERT_EQ(first.post(game + "/draw", {{"action", "accept"}}).status, 200);
    } else {
      ASSERT_EQ(second.post(game + "/resign").status, 200) << game;
    }
  }
}

std::vector<std::string> names(const json& standings) {
  std::vector<std::string> out;
  for (const json& s : standings) out.push_back(s["name"].get<std::string>() + " " + s["points"].dump());
  return out;
}

// Accounts signed up in order, and each by name (the pointers are into `players`, which is not
// resized after).
struct Field {
  std::vector<Browser> players;
  std::map<std::string, Browser*> by_name;
};
Field signed_up_all(TestServer& s, const std::vector<std::string>& names) {
  Field f;
  for (const std::string& n : names) f.players.push_back(signed_up(s, n));
  for (size_t i = 0; i < names.size(); ++i) f.by_name[names[i]] = &f.players[i];
  return f;
}

}  // namespace

TEST_P(ServerTournaments, ASwissIsPairedRoundByRoundToItsEnd) {
  TestServer s(db("swiss"), quick_hashing());
  auto [field, by_name] = signed_up_all(s, {"alice", "bob", "carol", "dave", "eve"});
  auto made = field[0].post("/api/tournaments", new_event("swiss", {{"rounds", 3}, {"max_players", 10}}));
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  for (Browser& b : field) ASSERT_EQ(b.post("/api/tournaments/" + id + "/join").status, 200);
  EXPECT_EQ(field[1].post("/api/tournaments/" + id + "/start").status, 403);
  auto started = field[0].post("/api/tournaments/" + id + "/start");
  ASSERT_EQ(started.status, 200) << started.body.dump();
  EXPECT_EQ(started.body["status"], "started");
  // Round 1, FIDE's Dutch system on an unrated field seeded by joining: S1 {1, 2} against
  // S2 {3, 4}, board 2's colours alternated, and the lowest (5) has the bye.
  EXPECT_EQ(boards(started.body, 1), (std::vector<std::string>{"alice-carol", "dave-bob", "eve bye"}));
  // Its games name it, on their pages and in their records.
  const std::string first_game = started.body["pairings"][0]["game"];
  auto game = field[0].get("/api/games/" + first_game).body;
  EXPECT_EQ(game["tournament"], json({{"id", id}, {"name", "xiangqi swiss"}}));
  EXPECT_NE(field[0]
                .get("/api/games/" + first_game + "/record?format=pgn")
                .body["text"]
                .get<std::string>()
                .find("[Event \"xiangqi swiss\"]\n"),
            std::string::npos);
  play_round(by_name, started.body, 1, {"dave"});
  json e = event_when(field[0], id, [](const json& e) { return e["round"] == 2; });
  // Alice and Eve lead (1) but Bob and Dave (1/2) met: both leaders float down to them, and the
  // bye goes to Carol, the lowest who has not had one.
  EXPECT_EQ(boards(e, 2), (std::vector<std::string>{"bob-alice", "eve-dave", "carol bye"}));
  play_round(by_name, e, 2);
  e = event_when(field[0], id, [](const json& e) { return e["round"] == 3; });
  ASSERT_EQ(boards(e, 3).size(), 3u);
  play_round(by_name, e, 3);
  e = event_when(field[0], id, [](const json& e) { return e["status"] == "finished"; });
  EXPECT_EQ(e["standings"].size(), 5u);
  double total = 0;
  for (const json& st : e["standings"]) total += st["points"].get<double>();
  EXPECT_EQ(total, 9.0);  // two games and a bye a round, three rounds
  EXPECT_EQ(e["standings"][0]["rank"], 1);
  auto trf = s.client().Get("/api/tournaments/" + id + "/trf");
  ASSERT_TRUE(trf);
  EXPECT_EQ(trf->status, 200);
  EXPECT_TRUE(trf->body.starts_with("012 ")) << trf->body.substr(0, 200);
  EXPECT_EQ(field[0].post("/api/tournaments/" + id + "/join").status, 409);
}

TEST_P(ServerTournaments, ARoundRobinPlaysBergersTables) {
  TestServer s(db("round-robin"), quick_hashing());
  auto [field, by_name] = signed_up_all(s, {"ann", "ben", "cat", "dan"});
  auto made = field[0].post("/api/tournaments", new_event("round-robin", {{"max_players", 4}}));
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  for (Browser& b : field) ASSERT_EQ(b.post("/api/tournaments/" + id + "/join").status, 200);
  json e = field[0].post("/api/tournaments/" + id + "/start").body;
  // FIDE's Berger table for four: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
  EXPECT_EQ(boards(e, 1), (std::vector<std::string>{"ann-dan", "ben-cat"}));
  EXPECT_EQ(field[0].post("/api/tournaments/" + id + "/join").status, 409);  // its table is fixed
  play_round(by_name, e, 1);
  e = event_when(field[0], id, [](const json& e) { return e["round"] == 2; });
  EXPECT_EQ(boards(e, 2), (std::vector<std::string>{"dan-cat", "ann-ben"}));
  play_round(by_name, e, 2);
  e = event_when(field[0], id, [](const json& e) { return e["round"] == 3; });
  EXPECT_EQ(boards(e, 3), (std::vector<std::string>{"ben-dan", "cat-ann"}));
  play_round(by_name, e, 3);
  e = event_when(field[0], id, [](const json& e) { return e["status"] == "finished"; });
  // The first player won every game: Ann (rounds 1, 2) and Ben (1, 3) twice, Cat and Dan once;
  // Sonneborn-Berger puts Ann (who beat Ben) above Ben, and Cat (who beat Ann) above Dan.
  EXPECT_EQ(names(e["standings"]), (std::vector<std::string>{"ann 2.0", "ben 2.0", "cat 1.0", "dan 1.0"}));
}

// By correspondence a round robin is paired all at once, and what is not over by its deadline
// is drawn.
TEST_P(ServerTournaments, ACorrespondenceRoundRobinIsAdjudicatedAtItsDeadline) {
  const std::string path = db("round-robin-post");
  TestServer s(path, quick_hashing());
  Browser ann = signed_up(s, "ann"), ben = signed_up(s, "ben"), cat = signed_up(s, "cat");
  json event = new_event("round-robin", {{"days_per_move", 3}, {"deadline_days", 40}});
  event.erase("clock");
  EXPECT_EQ(ann.post("/api/tournaments", new_event("swiss", {{"rounds", 2}, {"deadline_days", 4}})).body["error"],
            "deadline_days is for a Swiss or round robin played in days per move");
  json late = event;
  late["deadline_days"] = 400;
  EXPECT_EQ(ann.post("/api/tournaments", late).body["error"], "deadline_days must be 1..365");
  auto made = ann.post("/api/tournaments", event);
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  for (Browser* b : {&ann, &ben, &cat}) ASSERT_EQ(b->post("/api/tournaments/" + id + "/join").status, 200);
  json e = ann.post("/api/tournaments/" + id + "/start").body;
  // Three rounds of Berger's table for three (a dummy fourth: its opponent has the round off), at once.
  EXPECT_EQ(e["round"], 3);
  EXPECT_EQ(boards(e, 1), (std::vector<std::string>{"ben-cat", "ann off"}));
  EXPECT_EQ(boards(e, 2), (std::vector<std::string>{"ann-ben", "cat off"}));
  EXPECT_EQ(boards(e, 3), (std::vector<std::string>{"cat-ann", "ben off"}));
  EXPECT_EQ(e["deadline_days"], 40);
  EXPECT_EQ(e["ends_at"].get<int64_t>() - e["starts_at"].get<int64_t>(), 40LL * 24 * 3600 * 1000);
  // Round 3 is played first; the other two are left to the deadline.
  const std::string third = e["pairings"][4]["game"];
  ASSERT_EQ(ann.post("/api/games/" + third + "/resign").status, 200);
  ASSERT_EQ(raw_sql(path, "UPDATE tournaments SET ends_at = 1 WHERE id = '" + id + "'"), "");
  e = event_when(ann, id, [](const json& e) { return e["status"] == "finished"; });
  for (const json& p : e["pairings"]) {
    if (p["game"].is_null()) continue;
    EXPECT_EQ(p["result"], p["game"] == third ? "1-0" : "1/2-1/2") << p.dump();
    if (p["game"] == third) continue;
    auto game = ann.get("/api/games/" + p["game"].get<std::string>()).body;
    EXPECT_EQ(game["reason"], "adjudicated draw, the tournament's deadline");
  }
  EXPECT_EQ(names(e["standings"]), (std::vector<std::string>{"cat 1.5", "ben 1.0", "ann 0.5"}));
}

// By correspondence a Swiss round has its own deadline, from its pairing: what is not over by it
// is drawn, and the next round is paired with a deadline of its own.
TEST_P(ServerTournaments, ACorrespondenceSwissRoundIsAdjudicatedAtItsDeadline) {
  const std::string path = db("swiss-post");
  TestServer s(path, quick_hashing());
  auto [field, by_name] = signed_up_all(s, {"ann", "ben", "cat", "dan"});
  json event = new_event("swiss", {{"rounds", 2}, {"days_per_move", 2}});
  event.erase("clock");
  auto made = field[0].post("/api/tournaments", event);
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  for (Browser& b : field) ASSERT_EQ(b.post("/api/tournaments/" + id + "/join").status, 200);
  // An account's events, for the notice on every page: before the start, no game yet.
  json mine = field[1].get("/api/account/tournaments").body;
  ASSERT_EQ(mine["tournaments"].size(), 1u) << mine.dump();
  EXPECT_EQ(mine["tournaments"][0]["id"], id);
  EXPECT_TRUE(mine["tournaments"][0]["your_game"].is_null());
  EXPECT_EQ(mine["tournaments"][0]["game"], "xiangqi");
  Browser guest(s.port());
  auto anonymous = guest.get("/api/account/tournaments");
  EXPECT_EQ(anonymous.status, 401);
  EXPECT_EQ(anonymous.body["error"], "log in first");
  const int64_t started = now_ms();
  json e = field[0].post("/api/tournaments/" + id + "/start").body;
  EXPECT_EQ(e["deadline_days"], 14);
  EXPECT_EQ(e["round"], 1);
  EXPECT_GE(e["ends_at"].get<int64_t>() - started, 14LL * 24 * 3600 * 1000);
  ASSERT_EQ(boards(e, 1).size(), 2u);
  // Board 1 is played (its second player resigns); board 2 is left to the deadline.
  const json played = e["pairings"][0], left = e["pairings"][1];
  mine = by_name.at(left["first"])->get("/api/account/tournaments").body;
  ASSERT_EQ(mine["tournaments"].size(), 1u) << mine.dump();
  EXPECT_EQ(mine["tournaments"][0]["your_game"], left["game"]);
  ASSERT_EQ(by_name.at(played["second"])->post("/api/games/" + played["game"].get<std::string>() + "/resign").status,
            200);
  e = event_when(field[0], id, [&](const json& e) { return e["pairings"][0]["result"] == "1-0"; });
  EXPECT_EQ(e["round"], 1) << "the round waits for its deadline";
  ASSERT_EQ(raw_sql(path, "UPDATE tournaments SET ends_at = 1 WHERE id = '" + id + "'"), "");
  const int64_t adjudicated = now_ms();
  e = event_when(field[0], id, [](const json& e) { return e["round"] == 2; });
  EXPECT_EQ(e["pairings"][1]["result"], "1/2-1/2");
  EXPECT_EQ(field[0].get("/api/games/" + left["game"].get<std::string>()).body["reason"],
            "adjudicated draw, the tournament's deadline");
  // Round 2 has 14 days of its own.
  EXPECT_GE(e["ends_at"].get<int64_t>() - adjudicated, 14LL * 24 * 3600 * 1000);
  ASSERT_EQ(boards(e, 2).size(), 2u);
  ASSERT_EQ(raw_sql(path, "UPDATE tournaments SET ends_at = 1 WHERE id = '" + id + "'"), "");
  e = event_when(field[0], id, [](const json& e) { return e["status"] == "finished"; });
  for (const json& p : e["pairings"])
    if (p["round"] == 2) EXPECT_EQ(p["result"], "1/2-1/2") << p.dump();
  EXPECT_EQ(e["round"], 2);
}

TEST_P(ServerTournaments, AnArenaPairsWhoeverIsFreeUntilItsEnd) {
  const std::string path = db("arena");
  TestServer s(path, quick_hashing());
  auto [field, by_name] = signed_up_all(s, {"ann", "ben", "cat", "dan"});
  auto made = field[0].post("/api/tournaments", new_event("arena", {{"minutes", 30}}));
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  for (Browser& b : field) ASSERT_EQ(b.post("/api/tournaments/" + id + "/join").status, 200);
  json e = field[0].post("/api/tournaments/" + id + "/start").body;
  EXPECT_EQ(e["round"], 1);
  EXPECT_EQ(boards(e, 1).size(), 2u);
  // Board 1's first player berserks: half the main time, once, before their first move.
  const json board = e["pairings"][0];
  Browser& berserker = *by_name.at(board["first"]);
  Browser& other = *by_name.at(board["second"]);
  const std::string game = "/api/games/" + board["game"].get<std::string>();
  ASSERT_EQ(berserker.post("/api/tournaments/" + id + "/berserk").status, 200);
  EXPECT_EQ(berserker.get(game).body["clock"]["first_ms"], 150000);
  auto again = berserker.post("/api/tournaments/" + id + "/berserk");
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["error"], "you have berserked already");
  EXPECT_EQ(berserker.get("/api/tournaments/" + id).body["pairings"][0]["berserk"],
            json({{"first", true}, {"second", false}}));
  // A berserked win counts once the game has 7 moves a side: 14 plies, then the other resigns.
  for (int ply = 0; ply < 14; ++ply) {
    json state = berserker.get(game).body;
    Browser& mover = state["side_to_move"] == "first" ? berserker : other;
    ASSERT_EQ(mover.post(game + "/move", {{"move", state["legal_moves"][0]}}).status, 200) << ply;
  }
  auto late = other.post("/api/tournaments/" + id + "/berserk");
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(late.body["error"], "too late to berserk: you have moved");
  play_round(by_name, e, 1);
  // Four free players again: a second wave, nobody against the opponent just played.
  e = event_when(field[0], id, [](const json& e) { return e["round"] == 2; });
  const std::vector<std::string> wave1 = boards(e, 1);
  const std::set<std::string> first_wave(wave1.begin(), wave1.end());
  for (const std::string& b : boards(e, 2)) {
    const std::string flipped = b.substr(b.find('-') + 1) + "-" + b.substr(0, b.find('-'));
    EXPECT_FALSE(first_wave.count(b) || first_wave.count(flipped)) << b;
  }
  // Its time is up (as the clock would say 30 minutes on): it ends, the games under way not counted.
  ASSERT_EQ(raw_sql(path, "UPDATE tournaments SET ends_at = 1 WHERE id = '" + id + "'"), "");
  e = event_when(field[0], id, [](const json& e) { return e["status"] == "finished"; });
  double total = 0;
  for (const json& st : e["standings"]) total += st["points"].get<double>();
  EXPECT_EQ(total, 5.0);  // two wins of 2 points, one berserked (+1)
  EXPECT_EQ(e["standings"][0]["name"], board["first"]);
  EXPECT_EQ(e["standings"][0]["sheet"], "3");
}

TEST_P(ServerTournaments, BadRequestsAreRefusedByName) {
  TestServer s(db("refusals"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob"), guest(s.port());
  auto anonymous = guest.post("/api/tournaments", new_event("swiss", {{"rounds", 3}}));
  EXPECT_EQ(anonymous.status, 401);
  EXPECT_EQ(anonymous.body["error"], "log in first");
  auto kind = alice.post("/api/tournaments", new_event("knockout"));
  EXPECT_EQ(kind.status, 400);
  EXPECT_EQ(kind.body["error"], "kind must be arena, swiss or round-robin");
  auto rounds = alice.post("/api/tournaments", new_event("swiss", {{"rounds", 21}}));
  EXPECT_EQ(rounds.body["error"], "rounds must be 1..20");
  // A field of the wrong type is named too.
  EXPECT_EQ(alice.post("/api/tournaments", new_event("swiss", {{"rounds", "five"}})).body["error"],
            "bad request: rounds: expected a whole number");
  EXPECT_EQ(alice.post("/api/tournaments", new_event("swiss", {{"rounds", 2.5}})).body["error"],
            "bad request: rounds: expected a whole number");
  EXPECT_EQ(alice.post("/api/tournaments", new_event("swiss", {{"rounds", 1e300}})).body["error"],
            "bad request: rounds: expected a whole number");
  EXPECT_EQ(alice.post("/api/tournaments", new_event("swiss", {{"rounds", 3}, {"rated", "yes"}})).body["error"],
            "bad request: rated: expected true or false");
  auto minutes = alice.post("/api/tournaments", new_event("arena", {{"minutes", 2}}));
  EXPECT_EQ(minutes.body["error"], "minutes must be 5..1440");
  auto big = alice.post("/api/tournaments", new_event("round-robin", {{"max_players", 40}}));
  EXPECT_EQ(big.body["error"], "max_players must be 2..16");
  auto past = alice.post("/api/tournaments", new_event("swiss", {{"rounds", 3}, {"starts_at", 1000}}));
  EXPECT_EQ(past.body["error"], "starts_at is in the past");
  json no_clock = new_event("swiss", {{"rounds", 3}});
  no_clock.erase("clock");
  auto untimed = alice.post("/api/tournaments", no_clock);
  EXPECT_EQ(untimed.body["error"], "a tournament needs a clock (or days per move)");
  auto game = alice.post("/api/tournaments", new_event("swiss", {{"rounds", 3}, {"game", "chess"}}));
  EXPECT_EQ(game.status, 400);
  EXPECT_EQ(game.body["error"], "unknown game 'chess' (expected xiangqi, chushogi or chuseireigi)");
  auto fen = alice.post("/api/tournaments", new_event("swiss", {{"rounds", 3}, {"position", "not a fen"}}));
  EXPECT_EQ(fen.status, 400);
  auto typed = alice.post("/api/tournaments", new_event("swiss", {{"rounds", "three"}}));
  EXPECT_EQ(typed.status, 400);
  EXPECT_EQ(alice.get("/api/tournaments/nosuch").status, 404);
  EXPECT_EQ(alice.get("/api/tournaments/NO-SUCH").status, 404);
  EXPECT_EQ(alice.post("/api/tournaments/nosuch/join").status, 404);
  auto made = alice.post("/api/tournaments", new_event("swiss", {{"rounds", 3}, {"max_players", 2}}));
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  EXPECT_EQ(bob.post("/api/tournaments/" + id + "/withdraw").status, 409);
  ASSERT_EQ(alice.post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(bob.post("/api/tournaments/" + id + "/join").status, 200);
  Browser carol = signed_up(s, "carol");
  auto full = carol.post("/api/tournaments/" + id + "/join");
  EXPECT_EQ(full.status, 409);
  EXPECT_EQ(full.body["error"], "tournament " + id + " is full (2 players)");
  EXPECT_EQ(bob.post("/api/tournaments/" + id + "/start").body["error"], "only its creator starts tournament " + id);
  EXPECT_EQ(s.get("/api/tournaments").second["created"].size(), 1u);
  EXPECT_EQ(alice.post("/api/tournaments/" + id + "/trf").status, 405);
  EXPECT_EQ(alice.post("/api/tournaments/" + id + "/berserk").body["error"],
            "berserk is an arena's; " + id + " is not one");
  // One player left: the event starts and ends with no game.
  ASSERT_EQ(bob.post("/api/tournaments/" + id + "/withdraw").status, 200);
  auto lonely = alice.post("/api/tournaments/" + id + "/start");
  EXPECT_EQ(lonely.body["status"], "finished");
  EXPECT_EQ(lonely.body["pairings"], json::array());
}

// An event's page follows it on an event stream: its state now, then at each change.
TEST_P(ServerTournaments, AnEventStreamTellsEachChange) {
  TestServer s(db("tournament-stream"), quick_hashing());
  Browser ann = signed_up(s, "ann"), ben = signed_up(s, "ben");
  auto made = ann.post("/api/tournaments", new_event("arena", {{"minutes", 10}}));
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  kirin::test::RawConn page(s.port());
  page.send("GET /api/tournaments/" + id + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_NE(page.read_until("\"status\":\"created\"", 3000).find("event: tournament"), std::string::npos);
  ASSERT_EQ(ben.post("/api/tournaments/" + id + "/join").status, 200);
  EXPECT_NE(page.read_until("\"name\":\"ben\"", 3000).find("\"standings\""), std::string::npos);
  ASSERT_EQ(ann.post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(ann.post("/api/tournaments/" + id + "/start").status, 200);
  EXPECT_NE(page.read_until("\"status\":\"started\"", 3000).find("event: tournament"), std::string::npos);
  kirin::test::RawConn nowhere(s.port());
  nowhere.send("GET /api/tournaments/nosuch/events HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_NE(nowhere.read_until("no such tournament", 3000).find("404"), std::string::npos);
}

// Two servers of one database show one event; the pairing is done once, and when the server
// directing it is gone the other goes on with it.
TEST_P(ServerTournaments, TwoServersDirectOneEventOnce) {
  if (GetParam() != kirin::test::Store::POSTGRESQL) GTEST_SKIP() << "one SQLite file is one server's";
  const std::string path = db("tournament-cross");
  auto setup = quick_hashing();
  setup.service.tournament_lease_ms = 1500;
  auto a = std::make_unique<TestServer>(path, setup);
  TestServer b(path, setup);
  Browser ann = signed_up(*a, "ann"), ben = signed_up(*a, "ben"), cat = signed_up(*a, "cat");
  auto made = ann.post("/api/tournaments", new_event("swiss", {{"rounds", 2}, {"starts_at", now_ms() + 1500}}));
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  Browser ben_on_b(b.port());
  ben_on_b.cookie = ben.cookie;
  ASSERT_EQ(ann.post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(ben_on_b.post("/api/tournaments/" + id + "/join").status, 200);
  ASSERT_EQ(cat.post("/api/tournaments/" + id + "/join").status, 200);
  // It starts at its time, by whichever server holds it: one board and a bye, seen alike on both.
  json e = event_when(ben_on_b, id, [](const json& e) { return e["round"] == 1; });
  EXPECT_EQ(boards(e, 1), (std::vector<std::string>{"ann-ben", "cat bye"}));
  EXPECT_EQ(ann.get("/api/tournaments/" + id).body["pairings"], e["pairings"]);
  a.reset();  // the first server is gone; its lease runs out
  const std::string game = "/api/games/" + e["pairings"][0]["game"].get<std::string>();
  ASSERT_EQ(ben_on_b.post(game + "/resign").status, 200);
  e = event_when(ben_on_b, id, [](const json& e) { return e["round"] == 2; });
  // Ann and Cat lead and have not met (Ann had the first move: Cat has it now); Ben has the bye.
  EXPECT_EQ(boards(e, 2), (std::vector<std::string>{"cat-ann", "ben bye"}));
  EXPECT_EQ(raw_sql(path, "SELECT COUNT(*) FROM tournament_pairings WHERE tournament_id = '" + id + "'"), "4");
}

KIRIN_ON_EACH_STORE(ServerTournaments);
