// A game's version across restarts of `kirin serve` on the same database (issue 29): a page keeps
// the state with the highest version it has seen, so a version that went down after a restart
// froze the pages that followed the game. Stopped (SIGTERM) or killed (SIGKILL), on both stores.
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <optional>

#include "process/server_process.h"
#include "server_test_util.h"

using nlohmann::json;

namespace {

enum class Stop { TERM, KILL };

struct RestartCase {
  kirin::test::Store store;
  Stop stop;
};

std::string case_name(const ::testing::TestParamInfo<RestartCase>& info) {
  return std::string(info.param.store == kirin::test::Store::SQLITE ? "sqlite" : "postgresql") +
         (info.param.stop == Stop::TERM ? "_sigterm" : "_sigkill");
}

class ServerRestart : public ::testing::TestWithParam<RestartCase> {
 protected:
  void start(const std::string& db) {
    auto p = kirin::ServerProcess::start(KIRIN_BINARY, {"--db", db, "--web", "", "--log-level", "warn"});
    ASSERT_TRUE(p) << p.error();
    server.emplace(std::move(*p));
  }
  void stop() {
    if (GetParam().stop == Stop::KILL) server->kill_now();
    server.reset();  // SIGTERM and a wait, or the wait for a process already gone
  }
  std::pair<int, json> post(const std::string& path, const json& body) {
    httplib::Client c("127.0.0.1", server->port());
    auto r = c.Post(path, body.dump(), "application/json");
    if (!r) return {0, json()};
    return {r->status, json::parse(r->body, nullptr, false)};
  }
  json get(const std::string& path) {
    httplib::Client c("127.0.0.1", server->port());
    auto r = c.Get(path);
    return r ? json::parse(r->body, nullptr, false) : json();
  }

  std::optional<kirin::ServerProcess> server;
};

TEST_P(ServerRestart, AGamesVersionNeverGoesDown) {
  const std::string db = kirin::test::test_db(GetParam().store, "restart");
  ASSERT_NO_FATAL_FAILURE(start(db));
  auto [st, g] = post("/api/games", {{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}});
  ASSERT_EQ(st, 201) << g.dump();
  const std::string base = "/api/games/" + g["id"].get<std::string>();
  const std::string tokens[2] = {g["token"], g["opponent_token"]};
  int64_t last = g["version"];
  for (auto [side, move] : {std::pair{0, "h2e2"}, std::pair{1, "h9g7"}}) {
    auto [ms, moved] = post(base + "/move", {{"token", tokens[side]}, {"move", move}});
    ASSERT_EQ(ms, 200) << moved.dump();
    EXPECT_GT(moved["version"].get<int64_t>(), last) << "each change raises the version";
    last = moved["version"];
  }

  for (int restart = 0; restart < 2; ++restart) {
    stop();
    ASSERT_NO_FATAL_FAILURE(start(db));
    json after = get(base);
    ASSERT_EQ(after["ply"], 2 + restart) << after.dump();
    EXPECT_EQ(after["version"], last) << "the same state as before the restart, at the same version";
    auto [ms, moved] = post(base + "/move", {{"token", tokens[restart]}, {"move", restart ? "b9c7" : "h0g2"}});
    ASSERT_EQ(ms, 200) << moved.dump();
    EXPECT_GT(moved["version"].get<int64_t>(), last) << "a move after restart " << restart + 1;
    last = moved["version"];
  }
}

INSTANTIATE_TEST_SUITE_P(Store, ServerRestart,
                         ::testing::Values(RestartCase{kirin::test::Store::SQLITE, Stop::TERM},
                                           RestartCase{kirin::test::Store::SQLITE, Stop::KILL},
                                           RestartCase{kirin::test::Store::POSTGRESQL, Stop::TERM},
                                           RestartCase{kirin::test::Store::POSTGRESQL, Stop::KILL}),
                         case_name);

}  // namespace
