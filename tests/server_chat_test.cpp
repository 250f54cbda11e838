// Challenges by name, the "your turn" list and the games' chat (issue 30 items 5 and 6): a
// challenge only its account may accept or decline, told at once on the player's event stream;
// the chat's rooms, limits and reports; both across two servers of one PostgreSQL database.
// On SQLite and PostgreSQL.
#include <gtest/gtest.h>

#include "account_http.h"
#include "raw_http.h"
#include "raw_sql.h"
#include "server_test_util.h"

using kirin::test::Browser;
using kirin::test::quick_hashing;
using kirin::test::signed_up;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

json by_name(const std::string& name) {
  return {{"game", "xiangqi"}, {"color", "first"}, {"opponent", {{"kind", "human"}, {"name", name}}}};
}

// `a` challenges `b` by name and `b` accepts: the game's id, `a` playing first.
std::string accepted_challenge(Browser& a, Browser& b, const std::string& b_name) {
  auto made = a.post("/api/games", by_name(b_name));
  EXPECT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  EXPECT_EQ(b.post("/api/games/" + id + "/join").status, 200);
  return id;
}

// An event stream opened with a browser's session cookie.
void open_stream(kirin::test::RawConn& c, const std::string& path, const Browser& b) {
  c.send("GET " + path + " HTTP/1.1\r\nHost: t\r\nCookie: kirin_session=" + b.cookie + "\r\n\r\n");
}

json chat_line(const std::string& room, const std::string& text) { return {{"room", room}, {"text", text}}; }

class ServerChat : public kirin::test::OnEachStore {};

}  // namespace

TEST_P(ServerChat, AChallengeByNameIsOnlyForItsAccount) {
  TestServer s(db("chat-challenge"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "Bob"), carol = signed_up(s, "carol");
  auto unknown = alice.post("/api/games", by_name("zed"));
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(unknown.body["error"], "no player named zed");
  auto self = alice.post("/api/games", by_name("ALICE"));
  EXPECT_EQ(self.status, 400);
  EXPECT_EQ(self.body["error"], "you cannot challenge yourself");
  auto anonymous = s.post("/api/games", by_name("bob").dump());
  EXPECT_EQ(anonymous.first, 401);
  EXPECT_EQ(anonymous.second["error"], "log in to challenge a player by name");
  auto kirin = alice.post("/api/games", {{"game", "xiangqi"}, {"opponent", {{"kind", "kirin"}, {"name", "bob"}}}});
  EXPECT_EQ(kirin.status, 400);
  EXPECT_EQ(kirin.body["error"], "opponent.name is for a person (kind 'human'), not Kirin");

  auto made = alice.post("/api/games", by_name("bob"));  // names ignore case
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"];
  // Bob sees it; the lobby and Carol do not.
  auto to_bob = bob.get("/api/account/challenges").body["challenges"];
  ASSERT_EQ(to_bob.size(), 1u) << to_bob.dump();
  EXPECT_EQ(to_bob[0]["id"], id);
  EXPECT_EQ(to_bob[0]["from"], "alice");
  EXPECT_EQ(to_bob[0]["color"], "first");
  EXPECT_EQ(carol.get("/api/account/challenges").body["challenges"], json::array());
  EXPECT_EQ(s.get("/api/lobby").second["challenges"], json::array());
  EXPECT_TRUE(bob.get("/api/games/" + id).body["you"].is_null());  // no player before accepting
  for (auto* other : {&carol}) {
    auto refused = other->post("/api/games/" + id + "/join");
    EXPECT_EQ(refused.status, 403);
    EXPECT_EQ(refused.body["error"], "this challenge is for Bob");
  }
  auto guest = s.post("/api/games/" + id + "/join", "{}");
  EXPECT_EQ(guest.first, 403);
  auto not_bobs = carol.post("/api/games/" + id + "/decline");
  EXPECT_EQ(not_bobs.status, 403);
  EXPECT_EQ(not_bobs.body["error"], "only the player a challenge names may decline it");
  auto joined = bob.post("/api/games/" + id + "/join");
  ASSERT_EQ(joined.status, 200) << joined.body.dump();
  EXPECT_EQ(joined.body["you"], "second");
  EXPECT_EQ(joined.body["players"]["second"]["account"], "Bob");
  EXPECT_EQ(bob.get("/api/account/challenges").body["challenges"], json::array());
  auto late = bob.post("/api/games/" + id + "/decline");
  EXPECT_EQ(late.status, 403);  // no open seat names Bob any more
}

TEST_P(ServerChat, ADeclinedChallengeEndsAndBobsPageIsToldAtOnce) {
  TestServer s(db("chat-decline"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  kirin::test::RawConn page(s.port());
  open_stream(page, "/api/account/events", bob);
  ASSERT_NE(page.read_until("{\"challenges\":[]}").find("event: challenges"), std::string::npos);
  auto made = alice.post("/api/games", by_name("bob"));
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  EXPECT_NE(page.read_until("\"id\":\"" + id + "\"").find("\"from\":\"alice\""), std::string::npos);
  auto declined = bob.post("/api/games/" + id + "/decline");
  ASSERT_EQ(declined.status, 200) << declined.body.dump();
  EXPECT_EQ(declined.body["result"], "*");
  EXPECT_EQ(declined.body["reason"], "challenge declined");
  EXPECT_NE(page.read_until("{\"challenges\":[]}").find("challenges"), std::string::npos);
  auto again = bob.post("/api/games/" + id + "/join");
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["error"], "this challenge was withdrawn");
  // A challenge the challenger withdraws leaves Bob's list too.
  auto second = alice.post("/api/games", by_name("bob"));
  const std::string id2 = second.body["id"];
  page.read_until("\"id\":\"" + id2 + "\"");
  ASSERT_EQ(alice.post("/api/games/" + id2 + "/cancel").status, 200);
  EXPECT_NE(page.read_until("{\"challenges\":[]}").find("challenges"), std::string::npos);
}

TEST_P(ServerChat, YourTurnListsTheGamesWhereYouAreToMove) {
  TestServer s(db("chat-turn"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  EXPECT_EQ(s.get("/api/account/games?turn=mine").first, 401);
  auto bad = alice.get("/api/account/games?turn=yours");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body["error"], "turn must be 'mine' (the games where it is your move)");
  const std::string id = accepted_challenge(alice, bob, "bob");
  // A correspondence game too: three days a move.
  auto corr = alice.post("/api/games", {{"game", "xiangqi"},
                                        {"color", "second"},
                                        {"days_per_move", 3},
                                        {"opponent", {{"kind", "human"}, {"name", "bob"}}}});
  ASSERT_EQ(corr.status, 201) << corr.body.dump();
  const std::string corr_id = corr.body["id"];
  ASSERT_EQ(bob.post("/api/games/" + corr_id + "/join").status, 200);
  auto mine = alice.get("/api/account/games?turn=mine").body["games"];
  ASSERT_EQ(mine.size(), 1u) << mine.dump();
  EXPECT_EQ(mine[0]["id"], id);
  EXPECT_EQ(mine[0]["you"], "first");
  EXPECT_EQ(mine[0]["opponent"]["account"], "bob");
  auto bobs = bob.get("/api/account/games?turn=mine").body["games"];
  ASSERT_EQ(bobs.size(), 1u) << bobs.dump();
  EXPECT_EQ(bobs[0]["id"], corr_id);
  EXPECT_EQ(bobs[0]["days_per_move"], 3);
  ASSERT_EQ(alice.post("/api/games/" + id + "/move", {{"move", "h2e2"}}).status, 200);
  EXPECT_EQ(alice.get("/api/account/games?turn=mine").body["games"], json::array());
  EXPECT_EQ(bob.get("/api/account/games?turn=mine").body["games"].size(), 2u);
}

TEST_P(ServerChat, TheRoomsAndTheirRules) {
  TestServer s(db("chat-rooms"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob"), carol = signed_up(s, "carol");
  const std::string id = accepted_challenge(alice, bob, "bob"), chat = "/api/games/" + id + "/chat";
  auto anonymous = s.post(chat, chat_line("spectators", "hi").dump());
  EXPECT_EQ(anonymous.first, 401);
  EXPECT_EQ(anonymous.second["error"], "log in to chat");
  const std::string long_text(141, 'x');
  auto too_long = alice.post(chat, chat_line("players", long_text));
  EXPECT_EQ(too_long.status, 400);
  EXPECT_EQ(too_long.body["error"], "text must be at most 140 characters (it has 141)");
  // Characters, not bytes: 140 CJK characters are 420 bytes.
  std::string cjk;
  for (int i = 0; i < 140; ++i) cjk += "\xe5\xb0\x86";  // 将
  EXPECT_EQ(alice.post(chat, chat_line("players", cjk)).status, 201);
  auto control = alice.post(chat, chat_line("players", "two\nlines"));
  EXPECT_EQ(control.status, 400);
  EXPECT_EQ(control.body["error"], "text must not hold control characters (line breaks, tabs)");
  EXPECT_EQ(alice.post(chat, chat_line("players", "   ")).body["error"], "text must not be empty");
  EXPECT_EQ(alice.post(chat, chat_line("lounge", "hi")).body["error"], "room must be 'players' or 'spectators'");
  // The players' room is the players'; the spectators' room is not theirs while the game runs.
  auto intruder = carol.post(chat, chat_line("players", "hello"));
  EXPECT_EQ(intruder.status, 403);
  EXPECT_EQ(intruder.body["error"], "only the players of game " + id + " write in its players' chat");
  auto peek = carol.get(chat + "?room=players");
  EXPECT_EQ(peek.status, 403);
  EXPECT_EQ(peek.body["error"], "only the players of game " + id + " read its players' chat");
  EXPECT_EQ(s.get(chat + "?room=players").first, 403);
  auto player_in_gallery = bob.post(chat, chat_line("spectators", "psst"));
  EXPECT_EQ(player_in_gallery.status, 403);
  EXPECT_EQ(player_in_gallery.body["error"], "the players write in the spectators' chat once the game has ended");
  auto xss = bob.post(chat, chat_line("players", " <img src=x onerror=alert(1)> "));
  ASSERT_EQ(xss.status, 201);
  EXPECT_EQ(xss.body["line"]["text"], "<img src=x onerror=alert(1)>");  // trimmed, kept as written
  EXPECT_EQ(xss.body["line"]["name"], "bob");
  ASSERT_EQ(carol.post(chat, chat_line("spectators", "nice opening")).status, 201);
  auto players = alice.get(chat + "?room=players").body["lines"];
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[1]["text"], "<img src=x onerror=alert(1)>");
  auto gallery = s.get(chat + "?room=spectators").second["lines"];  // anyone reads the spectators
  ASSERT_EQ(gallery.size(), 1u);
  EXPECT_EQ(gallery[0]["name"], "carol");
  EXPECT_EQ(s.get(chat + "?room=attic").first, 400);
  // Once the game has ended the players may join the spectators.
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  EXPECT_EQ(bob.post(chat, chat_line("spectators", "gg")).status, 201);
}

TEST_P(ServerChat, TheSixthLineInThirtySecondsIsRefused) {
  TestServer s(db("chat-limit"), quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string chat = "/api/games/" + accepted_challenge(alice, bob, "bob") + "/chat";
  for (int i = 1; i <= 5; ++i)
    EXPECT_EQ(alice.post(chat, chat_line("players", "line " + std::to_string(i))).status, 201) << i;
  auto sixth = alice.post(chat, chat_line("players", "line 6"));
  EXPECT_EQ(sixth.status, 429);
  EXPECT_EQ(sixth.retry_after, "6");  // a line back every 6 s (5 in 30 s)
  EXPECT_EQ(sixth.body["error"], "too many chat lines; wait 6 s");
  EXPECT_EQ(bob.post(chat, chat_line("players", "my turn")).status, 201);  // per account
}

TEST_P(ServerChat, LinesArePushedToTheRoomsReadersAndMaybeReported) {
  const std::string path = db("chat-push");
  TestServer s(path, quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob"), carol = signed_up(s, "carol");
  const std::string id = accepted_challenge(alice, bob, "bob"), chat = "/api/games/" + id + "/chat";
  kirin::test::RawConn player(s.port()), spectator(s.port());
  open_stream(player, "/api/games/" + id + "/events", bob);
  open_stream(spectator, "/api/games/" + id + "/events", carol);
  player.read_until("\n\n");
  spectator.read_until("\n\n");
  auto secret = alice.post(chat, chat_line("players", "for bob only"));
  ASSERT_EQ(secret.status, 201);
  ASSERT_EQ(carol.post(chat, chat_line("spectators", "hello gallery")).status, 201);
  std::string got = player.read_until("hello gallery");
  EXPECT_NE(got.find("event: chat\ndata: {\"at\":"), std::string::npos) << got;
  EXPECT_NE(got.find("for bob only"), std::string::npos);
  std::string seen = spectator.read_until("hello gallery");
  EXPECT_EQ(seen.find("for bob only"), std::string::npos) << seen;  // the players' room is hidden
  // Reports: a spectator cannot see, so cannot report, a players' line.
  const int64_t line = secret.body["line"]["id"];
  auto hidden = carol.post(chat + "/" + std::to_string(line) + "/report");
  EXPECT_EQ(hidden.status, 404);
  EXPECT_EQ(hidden.body["error"], "no chat line " + std::to_string(line) + " in game " + id);
  EXPECT_EQ(s.post(chat + "/" + std::to_string(line) + "/report", "{}").first, 401);
  for (int i = 0; i < 2; ++i) {  // twice by one account counts once
    auto reported = bob.post(chat + "/" + std::to_string(line) + "/report");
    EXPECT_EQ(reported.status, 200);
    EXPECT_EQ(reported.body["reported"], true);
  }
  EXPECT_EQ(kirin::test::raw_sql(path, "SELECT reports FROM chat_lines WHERE id = " + std::to_string(line)), "1");
}

TEST_P(ServerChat, AnAccountTheOperatorMutedMayNotChat) {
  const std::string path = db("chat-muted");
  TestServer s(path, quick_hashing());
  Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
  const std::string chat = "/api/games/" + accepted_challenge(alice, bob, "bob") + "/chat";
  EXPECT_EQ(kirin::test::raw_sql(path, "UPDATE accounts SET muted = 1 WHERE name_key = 'alice'"), "");
  auto muted = alice.post(chat, chat_line("players", "hi"));
  EXPECT_EQ(muted.status, 403);
  EXPECT_EQ(muted.body["error"], "your account may not chat: the operator muted it");
  EXPECT_EQ(bob.post(chat, chat_line("players", "hi")).status, 201);
}

// Two servers on one PostgreSQL database: a line posted on A reaches B's pages of the game, and
// a challenge made on A reaches the challenged player's page on B.
TEST_P(ServerChat, ChatAndChallengesCrossServers) {
  if (GetParam() != kirin::test::Store::POSTGRESQL) GTEST_SKIP() << "one SQLite file is one server's";
  const std::string path = db("chat-cross");
  TestServer a(path, quick_hashing()), b(path, quick_hashing());
  Browser alice = signed_up(a, "alice"), bob = signed_up(a, "bob");
  kirin::test::RawConn bobs_page(b.port());
  open_stream(bobs_page, "/api/account/events", bob);
  bobs_page.read_until("{\"challenges\":[]}");
  auto made = alice.post("/api/games", by_name("bob"));
  ASSERT_EQ(made.status, 201);
  const std::string id = made.body["id"];
  EXPECT_NE(bobs_page.read_until("\"id\":\"" + id + "\"", 3000).find("\"from\":\"alice\""), std::string::npos);
  Browser bob_on_b(b.port());
  bob_on_b.cookie = bob.cookie;
  ASSERT_EQ(bob_on_b.post("/api/games/" + id + "/join").status, 200);
  kirin::test::RawConn game_page(b.port());
  open_stream(game_page, "/api/games/" + id + "/events", bob);
  game_page.read_until("\n\n");
  ASSERT_EQ(alice.post("/api/games/" + id + "/chat", chat_line("players", "from server A")).status, 201);
  EXPECT_NE(game_page.read_until("from server A", 3000).find("event: chat"), std::string::npos);
}

// A database of the version before the chat (SQLite 8, PostgreSQL 9) opens with its games and
// accounts, gains the chat tables and the accounts' mute, and chats.
TEST_P(ServerChat, ADatabaseFromBeforeTheChatIsMigrated) {
  const std::string path = db("chat-migrate");
  std::string id;
  {
    TestServer s(path, quick_hashing());
    Browser alice = signed_up(s, "alice"), bob = signed_up(s, "bob");
    id = accepted_challenge(alice, bob, "bob");
    ASSERT_EQ(alice.post("/api/games/" + id + "/move", {{"move", "h2e2"}}).status, 200);
  }
  ASSERT_EQ(kirin::test::raw_sql(path,
                                 "DROP TABLE chat_lines; DROP TABLE chat_reports; "
                                 "ALTER TABLE accounts DROP COLUMN muted"),
            "");
  ASSERT_EQ(kirin::test::set_schema_version(path, 9, 8), "");
  TestServer s(path, quick_hashing());
  EXPECT_EQ(kirin::test::raw_sql(path, "SELECT MAX(version) FROM schema_version"),
            kirin::test::latest_schema_version(path));
  EXPECT_EQ(s.get("/api/games/" + id).second["moves"], json::array({"h2e2"}));
  Browser alice(s.port());
  ASSERT_EQ(alice.post("/api/account/login", {{"name", "alice"}, {"password", "password1"}}).status, 200);
  EXPECT_EQ(alice.post("/api/games/" + id + "/chat", chat_line("players", "still here")).status, 201);
  EXPECT_EQ(kirin::test::raw_sql(path, "SELECT muted FROM accounts WHERE name_key = 'alice'"), "0");
}

KIRIN_ON_EACH_STORE(ServerChat);
