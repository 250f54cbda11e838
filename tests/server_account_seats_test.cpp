// Seats of accounts and fair play (issue 30 item 2): a game made or joined while logged in is the
// account's, played with the session from any device; the players of a game between two people
// get no engine help from the site until it has ended. On SQLite and PostgreSQL.
#include <gtest/gtest.h>

#include "account_http.h"
#include "server_test_util.h"

using kirin::test::Browser;
using kirin::test::quick_hashing;
using kirin::test::ServerSetup;
using kirin::test::signed_up;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

// An open challenge by `a` accepted by `b`: the game's id, `a` playing first.
std::string challenge(Browser& a, Browser& b) {
  auto made = a.post("/api/games",
                     {{"game", "xiangqi"}, {"color", "first"}, {"opponent", {{"kind", "human"}, {"open", true}}}});
  EXPECT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  auto joined = b.post("/api/games/" + id + "/join");
  EXPECT_EQ(joined.status, 200) << joined.body.dump();
  EXPECT_EQ(joined.body["you"], "second");
  return id;
}

class ServerAccountSeats : public kirin::test::OnEachStore {};

}  // namespace

TEST_P(ServerAccountSeats, TwoAccountsPlayWithTheirSessionsAndNoToken) {
  TestServer s(db("seats-play"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string id = challenge(alice, bob);
  auto seen = alice.get("/api/games/" + id);
  EXPECT_EQ(seen.body["you"], "first");
  EXPECT_EQ(seen.body["players"]["first"]["player"], "alice");  // the display name defaults to the account's
  EXPECT_EQ(seen.body["players"]["first"]["account"], "alice");
  EXPECT_EQ(seen.body["players"]["second"]["account"], "bob");
  EXPECT_EQ(alice.post("/api/games/" + id + "/move", {{"move", "h2e2"}}).status, 200);
  auto wrong_turn = alice.post("/api/games/" + id + "/move", {{"move", "h9g7"}});
  EXPECT_EQ(wrong_turn.status, 403);
  EXPECT_EQ(wrong_turn.body["error"], "not your turn");
  EXPECT_EQ(bob.post("/api/games/" + id + "/move", {{"move", "h9g7"}}).status, 200);
  // On another device: a new login is the same player.
  Browser phone(s.port());
  ASSERT_EQ(phone.post("/api/account/login", {{"name", "alice"}, {"password", "password1"}}).status, 200);
  EXPECT_EQ(phone.get("/api/games/" + id).body["you"], "first");
  EXPECT_EQ(phone.post("/api/games/" + id + "/move", {{"move", "h0g2"}}).status, 200);
  // Another account is a spectator: it sees the game and may not act in it.
  Browser carol = signed_up(s, "carol");
  EXPECT_TRUE(carol.get("/api/games/" + id).body["you"].is_null());
  auto refused = carol.post("/api/games/" + id + "/resign");
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.body["error"], "only the players of game " + id + " may do that (bad or missing token)");
  // After a logout the browser is nobody's.
  ASSERT_EQ(bob.post("/api/account/logout").status, 200);
  EXPECT_EQ(bob.post("/api/games/" + id + "/resign").status, 403);
}

TEST_P(ServerAccountSeats, TheTokenStillWorksAndAnAccountCannotAcceptItsOwnChallenge) {
  TestServer s(db("seats-token"), quick_hashing());
  Browser alice = signed_up(s, "alice");
  auto made = alice.post(
      "/api/games",
      {{"game", "xiangqi"}, {"color", "first"}, {"name", "Ali"}, {"opponent", {{"kind", "human"}, {"open", true}}}});
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  EXPECT_EQ(made.body["players"]["first"]["player"], "Ali");  // a name given is the display name
  EXPECT_EQ(made.body["players"]["first"]["account"], "alice");
  auto own = alice.post("/api/games/" + id + "/join");
  EXPECT_EQ(own.status, 409);
  EXPECT_EQ(own.body["error"], "you cannot accept your own challenge");
  // An anonymous player takes the seat with a token, as before.
  auto joined = s.post("/api/games/" + id + "/join", R"({"name":"Guest"})");
  ASSERT_EQ(joined.first, 200);
  EXPECT_TRUE(joined.second["players"]["second"]["account"].is_null());
  EXPECT_EQ(alice.post("/api/games/" + id + "/move", {{"move", "h2e2"}}).status, 200);
  httplib::Client c("127.0.0.1", s.port());
  auto moved =
      c.Post("/api/games/" + id + "/move", {{"Authorization", "Bearer " + joined.second["token"].get<std::string>()}},
             R"({"move":"h9g7"})", "application/json");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->status, 200);
  // The creator's token works beside the session.
  auto by_token =
      c.Post("/api/games/" + id + "/move", {{"Authorization", "Bearer " + made.body["token"].get<std::string>()}},
             R"({"move":"h0g2"})", "application/json");
  ASSERT_TRUE(by_token);
  EXPECT_EQ(by_token->status, 200);
}

// The lobby and the recent games name the account of each seat, for the pages' links to player
// pages; an anonymous seat and Kirin have none.
TEST_P(ServerAccountSeats, TheLobbyNamesTheAccountsOfItsSeats) {
  TestServer s(db("seats-lobby"), quick_hashing());
  Browser alice = signed_up(s, "Alice"), bob = signed_up(s, "bob");
  auto made = alice.post(
      "/api/games",
      {{"game", "xiangqi"}, {"color", "first"}, {"name", "Ali"}, {"opponent", {{"kind", "human"}, {"open", true}}}});
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  ASSERT_EQ(s.post("/api/games", R"({"game":"xiangqi","opponent":{"kind":"human","open":true}})").first, 201);
  json challenges = s.get("/api/lobby").second["challenges"];
  ASSERT_EQ(challenges.size(), 2u);
  EXPECT_TRUE(challenges[0]["account"].is_null());  // the anonymous challenge, newest first
  EXPECT_EQ(challenges[1]["name"], "Ali");
  EXPECT_EQ(challenges[1]["account"], "Alice");
  ASSERT_EQ(bob.post("/api/games/" + id + "/join").status, 200);
  ASSERT_EQ(alice.post("/api/games/" + id + "/move", {{"move", "h2e2"}}).status, 200);
  json playing = s.get("/api/lobby").second["playing"];
  ASSERT_EQ(playing.size(), 1u);
  EXPECT_EQ(playing[0]["players"]["first"]["account"], "Alice");
  EXPECT_EQ(playing[0]["players"]["second"]["account"], "bob");
  ASSERT_EQ(s.post("/api/games", R"({"game":"xiangqi","opponent":{"kind":"kirin","strength":1}})").first, 201);
  json recent = s.get("/api/games?limit=2").second["games"];
  ASSERT_EQ(recent.size(), 2u);
  EXPECT_TRUE(recent[0]["names"]["first"]["account"].is_null());
  EXPECT_TRUE(recent[0]["names"]["second"]["account"].is_null());  // Kirin
  EXPECT_EQ(recent[1]["id"], id);
  EXPECT_EQ(recent[1]["names"]["second"]["account"], "bob");
}

TEST_P(ServerAccountSeats, ARematchKeepsTheAccountsWithTheColoursSwapped) {
  TestServer s(db("seats-rematch"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string id = challenge(alice, bob);
  ASSERT_EQ(alice.post("/api/games/" + id + "/move", {{"move", "h2e2"}}).status, 200);
  ASSERT_EQ(bob.post("/api/games/" + id + "/move", {{"move", "h9g7"}}).status, 200);
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  ASSERT_EQ(bob.post("/api/games/" + id + "/rematch", {{"action", "offer"}}).status, 200);
  auto agreed = alice.post("/api/games/" + id + "/rematch", {{"action", "accept"}});
  ASSERT_EQ(agreed.status, 200) << agreed.body.dump();
  const std::string next = agreed.body["rematch"]["game"];
  EXPECT_EQ(alice.get("/api/games/" + next).body["you"], "second");
  EXPECT_EQ(bob.get("/api/games/" + next).body["you"], "first");
}

TEST_P(ServerAccountSeats, PlayersOfAGameBetweenTwoPeopleGetNoEngineHelpUntilItEnds) {
  TestServer s(db("seats-fair"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string id = challenge(alice, bob);
  const json hint = {{"game", "xiangqi"}, {"of", id}, {"strength", 1}};
  const std::string closed =
      "no engine help for the players of game " + id + " while it is being played: it opens when the game has ended";
  for (Browser* player : {&alice, &bob}) {
    auto r = player->post("/api/analyse", hint);
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(r.body["error"], closed);
    auto live = player->get("/api/analysis/events?game=xiangqi&of=" + id);
    EXPECT_EQ(live.status, 403);
    EXPECT_EQ(live.body["error"], closed);
  }
  // Spectators may analyse it.
  EXPECT_EQ(s.post("/api/analyse", hint.dump()).first, 200);
  EXPECT_EQ(signed_up(s, "carol").post("/api/analyse", hint).status, 200);
  // An anonymous player's token is a player's too.
  auto anon = s.post("/api/games", R"({"game":"xiangqi","opponent":{"kind":"human"}})");
  httplib::Client c("127.0.0.1", s.port());
  auto by_token =
      c.Post("/api/analyse", {{"Authorization", "Bearer " + anon.second["token"].get<std::string>()}},
             json{{"game", "xiangqi"}, {"of", anon.second["id"]}, {"strength", 1}}.dump(), "application/json");
  ASSERT_TRUE(by_token);
  EXPECT_EQ(by_token->status, 403);
  // Once the game has ended, its players may analyse it.
  ASSERT_EQ(alice.post("/api/games/" + id + "/abort").status, 200);
  EXPECT_EQ(alice.post("/api/analyse", hint).status, 200);
  // Against Kirin the issue closes nothing: the game is no contest between two people.
  auto kirin = alice.post("/api/games", {{"game", "xiangqi"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}});
  ASSERT_EQ(kirin.status, 201);
  EXPECT_EQ(alice.post("/api/analyse", {{"game", "xiangqi"}, {"of", kirin.body["id"]}, {"strength", 1}}).status, 200);
}

KIRIN_ON_EACH_STORE(ServerAccountSeats);
