// A tournament after every server of it was killed (SIGKILL) and started again on the same
// database (issue 49 item 4): it goes on where it was, on both stores.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "process/server_process.h"
#include "server_test_util.h"

using nlohmann::json;

namespace {

class ServerTournamentRestart : public kirin::test::OnEachStore {
 protected:
  void start(const std::string& db) {
    auto p = kirin::ServerProcess::start(KIRIN_BINARY, {"--db", db, "--web", "", "--log-level", "warn",
                                                        "--signups-per-hour", "0", "--games-per-minute", "0"});
    ASSERT_TRUE(p) << p.error();
    server.emplace(std::move(*p));
  }
  // A request as a browser of the site sends it, with the account's session.
  std::pair<int, json> send(const std::string& path, const std::string& session, const json* body) {
    httplib::Client c("127.0.0.1", server->port());
    c.set_read_timeout(30);
    httplib::Headers h;
    if (!session.empty()) h.emplace("Cookie", "kirin_session=" + session);
    h.emplace("Origin", "http://127.0.0.1:" + std::to_string(server->port()));
    auto r = body ? c.Post(path, h, body->dump(), "application/json") : c.Get(path, h);
    if (!r) return {0, json()};
    if (std::string cookie = r->get_header_value("Set-Cookie"); cookie.starts_with("kirin_session="))
      last_cookie = cookie.substr(14, cookie.find(';') - 14);
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  std::string sign_up(const std::string& name) {
    const json body = {{"name", name}, {"password", name + " password"}};
    EXPECT_EQ(send("/api/account/signup", "", &body).first, 201);
    return last_cookie;
  }
  // The event once `ready` holds of it, at most 20 s on: a killed server's lease on it (10 s)
  // runs out before another directs it.
  json event_when(const std::string& id, const std::function<bool(const json&)>& ready) {
    json e;
    for (int i = 0; i < 200; ++i) {
      e = send("/api/tournaments/" + id, "", nullptr).second;
      if (ready(e)) return e;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ADD_FAILURE() << "the event never got there: " << e.dump();
    return e;
  }
  std::optional<kirin::ServerProcess> server;
  std::string last_cookie;
};

}  // namespace

TEST_P(ServerTournamentRestart, ASwissGoesOnAfterItsServerWasKilled) {
  const std::string db = this->db("tournament-restart");
  ASSERT_NO_FATAL_FAILURE(start(db));
  std::map<std::string, std::string> session;
  for (const char* n : {"ann", "ben", "cat"}) session[n] = sign_up(n);
  const json event = {{"kind", "swiss"},
                      {"game", "xiangqi"},
                      {"rounds", 2},
                      {"clock", {{"initial_ms", 600000}, {"increment_ms", 5000}}}};
  auto [made, body] = send("/api/tournaments", session["ann"], &event);
  ASSERT_EQ(made, 201) << body.dump();
  const std::string id = body["id"];
  const json none = json::object();
  for (const auto& [name, s] : session) ASSERT_EQ(send("/api/tournaments/" + id + "/join", s, &none).first, 200);
  // Its start time (now) is the director's to act on: the first round is paired by the heartbeat.
  json e = event_when(id, [](const json& e) { return e["round"] == 1; });
  ASSERT_EQ(e["pairings"].size(), 2u) << e.dump();
  EXPECT_EQ(e["pairings"][0]["first"], "ann");
  EXPECT_EQ(e["pairings"][0]["second"], "ben");
  EXPECT_EQ(e["pairings"][1]["result"], "bye");
  const std::string game = "/api/games/" + e["pairings"][0]["game"].get<std::string>();
  server->kill_now();
  server.reset();
  ASSERT_NO_FATAL_FAILURE(start(db));
  // The same event, its game and the players' sessions; Ben resigns and round 2 is paired.
  EXPECT_EQ(send("/api/tournaments/" + id, "", nullptr).second["pairings"], e["pairings"]);
  ASSERT_EQ(send(game + "/resign", session["ben"], &none).first, 200);
  e = event_when(id, [](const json& e) { return e["round"] == 2; });
  ASSERT_EQ(e["pairings"].size(), 4u) << e.dump();
  EXPECT_EQ(e["pairings"][0]["result"], "1-0");
  // Ann and Cat lead, and meet (Ann had the first move: Cat has it now); Ben has the bye.
  EXPECT_EQ(e["pairings"][2]["first"], "cat");
  EXPECT_EQ(e["pairings"][2]["second"], "ann");
  EXPECT_EQ(e["pairings"][3]["first"], "ben");
  EXPECT_EQ(e["pairings"][3]["result"], "bye");
}

KIRIN_ON_EACH_STORE(ServerTournamentRestart);
