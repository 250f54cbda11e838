// Idempotency-Key on the API's POSTs: a request sent again with its key is answered as the
// first was and acts once; the key with another body is a 422.
#include <gtest/gtest.h>

#include "account_http.h"
#include "server_test_util.h"

using kirin::test::TestServer;
using nlohmann::json;

namespace {

struct Answer {
  int status = 0;
  json body;
  std::string replayed;  // the Idempotent-Replayed header
};

Answer post(const TestServer& s, const std::string& path, const json& body, const std::string& key,
            const std::string& token = "") {
  auto c = s.client();
  httplib::Headers headers;
  if (!key.empty()) headers.emplace("Idempotency-Key", key);
  if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
  auto r = c.Post(path, headers, body.dump(), "application/json");
  if (!r) return {};
  return {r->status, json::parse(r->body, nullptr, false), r->get_header_value("Idempotent-Replayed")};
}

}  // namespace

class ServerIdempotency : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerIdempotency);

TEST_P(ServerIdempotency, ARequestSentAgainWithItsKeyActsOnceAndGetsTheSameAnswer) {
  TestServer s(db("idempotency"));
  const json spec = {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}};
  Answer made = post(s, "/api/games", spec, "create-1-2f9c0e7a4b3d");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  EXPECT_EQ(made.replayed, "");
  Answer again = post(s, "/api/games", spec, "create-1-2f9c0e7a4b3d");
  EXPECT_EQ(again.status, 201);
  EXPECT_EQ(again.replayed, "true");
  EXPECT_EQ(again.body, made.body);
  EXPECT_EQ(s.get("/api/games").second["games"].size(), 1u);  // one game made, not two

  const std::string id = made.body["id"], token = made.body["token"], other = made.body["opponent_token"];
  const std::string path = "/api/games/" + id + "/move";
  Answer moved = post(s, path, {{"move", "h2e2"}}, "click-1", token);
  ASSERT_EQ(moved.status, 200) << moved.body.dump();
  Answer twice = post(s, path, {{"move", "h2e2"}}, "click-1", token);
  EXPECT_EQ(twice.status, 200);
  EXPECT_EQ(twice.body, moved.body);
  EXPECT_EQ(s.get("/api/games/" + id).second["moves"], json::array({"h2e2"}));
  // The same key for another request: refused, nothing done.
  Answer other_body = post(s, path, {{"move", "b2e2"}}, "click-1", token);
  EXPECT_EQ(other_body.status, 422);
  EXPECT_EQ(other_body.body["error"], "this Idempotency-Key was used for a different request");
  // A key is its client's: the opponent's request with the same key is a request of its own.
  Answer theirs = post(s, path, {{"move", "h9g7"}}, "click-1", other);
  EXPECT_EQ(theirs.status, 200) << theirs.body.dump();
  EXPECT_EQ(theirs.replayed, "");
  EXPECT_EQ(s.get("/api/games/" + id).second["moves"], json::array({"h2e2", "h9g7"}));
  // Without a key a request sent again acts again (here: refused, the game is over).
  EXPECT_EQ(post(s, "/api/games/" + id + "/resign", json::object(), "", token).status, 200);
  EXPECT_EQ(post(s, "/api/games/" + id + "/resign", json::object(), "", token).status, 409);
  EXPECT_EQ(post(s, "/api/games/" + id + "/rematch", json::object(), std::string(256, 'k'), token).status, 400);
}

// Two servers sharing a PostgreSQL store: a retry that reaches the other server is answered as
// the first request was, and acts once. (A SQLite store has one server, which keeps its keys.)
TEST(ServerIdempotencyShared, ARetryOnAnotherServerActsOnce) {
  const std::string stored = kirin::test::test_db(kirin::test::Store::POSTGRESQL, "idempotency-shared");
  TestServer a(stored), b(stored);
  const json spec = {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}};
  Answer made = post(a, "/api/games", spec, "shared-create-5d1e9a70");
  ASSERT_EQ(made.status, 201) << made.body.dump();
  Answer again = post(b, "/api/games", spec, "shared-create-5d1e9a70");
  EXPECT_EQ(again.status, 201) << again.body.dump();
  EXPECT_EQ(again.replayed, "true");
  EXPECT_EQ(again.body, made.body);
  EXPECT_EQ(b.get("/api/games").second["games"].size(), 1u);

  const std::string id = made.body["id"], token = made.body["token"];
  const std::string path = "/api/games/" + id + "/move";
  Answer moved = post(b, path, {{"move", "h2e2"}}, "shared-move", token);
  ASSERT_EQ(moved.status, 200) << moved.body.dump();
  Answer twice = post(a, path, {{"move", "h2e2"}}, "shared-move", token);
  EXPECT_EQ(twice.status, 200) << twice.body.dump();
  EXPECT_EQ(twice.replayed, "true");
  EXPECT_EQ(twice.body, moved.body);
  EXPECT_EQ(a.get("/api/games/" + id).second["moves"], json::array({"h2e2"}));
  Answer other_body = post(a, path, {{"move", "b2e2"}}, "shared-move", token);
  EXPECT_EQ(other_body.status, 422);
  EXPECT_EQ(other_body.body["error"], "this Idempotency-Key was used for a different request");
}

// A key is its sender's: an account's session and an anonymous request are scoped apart even
// from one address, an anonymous key (at least 16 characters) by the key alone, never the
// address (issue 45: another account at the address got the first game and its secret token).
TEST_P(ServerIdempotency, AKeyIsTheSessionsOrTheSeatsNeverTheAddresss) {
  kirin::test::TestServer s(db("idempotency-scope"), kirin::test::quick_hashing());
  const json spec = {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}};
  EXPECT_EQ(post(s, "/api/games", spec, "short-key").body["error"],
            "an Idempotency-Key sent without a session or a seat's token must be at least 16 characters (a UUID)");
  const std::string key = "9b2f64c1-7d3e-4a55-8c1f-0e6d2b7a9f31";
  Answer anonymous = post(s, "/api/games", spec, key);
  ASSERT_EQ(anonymous.status, 201);
  // Another player at the same address, logged in, sending the same key: a game of its own.
  kirin::test::Browser other(s.port());
  ASSERT_EQ(other.post("/api/account/signup", {{"name", "neighbour"}, {"password", "correct horse"}}).status, 201);
  httplib::Client c("127.0.0.1", s.port());
  httplib::Headers h = {{"Idempotency-Key", key},
                        {"Cookie", "kirin_session=" + other.cookie},
                        {"Origin", "http://127.0.0.1:" + std::to_string(s.port())}};
  auto theirs = c.Post("/api/games", h, spec.dump(), "application/json");
  ASSERT_TRUE(theirs);
  EXPECT_EQ(theirs->status, 201);
  EXPECT_EQ(theirs->get_header_value("Idempotent-Replayed"), "");
  const json body = json::parse(theirs->body);
  EXPECT_NE(body["id"], anonymous.body["id"]);
  EXPECT_NE(body["token"], anonymous.body["token"]);
  // A seat's token scopes its moves: the other seat's same key acts for itself.
  const std::string id = anonymous.body["id"], path = "/api/games/" + id + "/move";
  const std::string first = anonymous.body["token"], second = anonymous.body["opponent_token"];
  EXPECT_EQ(post(s, path, {{"move", "h2e2"}}, "move-key", first).status, 200);
  Answer reply = post(s, path, {{"move", "h7e7"}}, "move-key", second);
  EXPECT_EQ(reply.status, 200) << reply.body.dump();
  EXPECT_EQ(reply.replayed, "");
  EXPECT_EQ(s.get("/api/games/" + id).second["ply"], 2);
}
