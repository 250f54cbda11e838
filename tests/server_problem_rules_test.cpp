// A composed problem's rule options (a Chu Shogi rule set: ../shared/rules/chu_shogi.md section
// 11), on each store: taken as a game's are, kept with the problem, and used by every judgement.
#include <gtest/gtest.h>

#include "raw_sql.h"
#include "server_problem_util.h"

using kirin::test::attempt;
using kirin::test::CHU_1;
using kirin::test::raw_sql;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

// Chu Shogi, mate in 1 ply by lishogi's and the JCSA's rules only. The Black Lion's jump to 3c
// checks the White King in the corner and covers its three squares; only the Go-Between on 3d
// protects it there. The White Lion can take it only through that Go-Between (2e3d3c): the
// seed's bridge rule allows that (a captured Go-Between protects nothing), lishogi's and the
// JCSA's do not (it still counts as the Lion's foot).
constexpr const char* LION_BRIDGE = "11k/12/12/9I2/7N2n1/12/12/12/12/12/12/12 b - 1";

std::pair<int, json> make(const TestServer& s, const std::string& fen, const json& options) {
  return s.post("/api/problems", json{{"game", "chushogi"}, {"fen", fen}, {"options", options}}.dump());
}

}  // namespace

class ServerProblemRules : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerProblemRules);

TEST_P(ServerProblemRules, AProblemByTheJcsaRulesKeepsThemAcrossARestart) {
  const std::string stored = db("problem-jcsa");
  std::string id;
  {
    TestServer s(stored, kirin::test::quick_problems());
    auto [status, made] = make(s, LION_BRIDGE, {"rules=jcsa"});
    ASSERT_EQ(status, 201) << made.dump();
    EXPECT_EQ(made["options"], json::array({"rules=jcsa"}));
    id = made["id"];
  }
  TestServer s(stored, kirin::test::quick_problems());
  auto [gs, page] = s.get("/api/problems/" + id);
  ASSERT_EQ(gs, 200) << page.dump();
  EXPECT_EQ(page["options"], json::array({"rules=jcsa"}));
  EXPECT_EQ(page["fen"], LION_BRIDGE);
  // Judged by the JCSA's rules after the restart too: by the seed's, 2e3d3c would refute it.
  auto [ts, t] = attempt(s, id, json::array({"5e3c"}));
  ASSERT_EQ(ts, 200) << t.dump();
  EXPECT_EQ(t["verdict"], "solved");
}

TEST_P(ServerProblemRules, AnUnknownRuleOptionIsRefusedAsForAGame) {
  TestServer s(db("problem-bad-rules"), kirin::test::quick_problems());
  auto [s1, b1] = make(s, CHU_1, {"rules=fide"});
  EXPECT_EQ(s1, 400);
  EXPECT_EQ(b1["error"], "option rules: expected seed, lishogi or jcsa, got 'fide'");
  auto [s2, b2] = make(s, CHU_1, {"sakishishi=on"});
  EXPECT_EQ(s2, 400);
  EXPECT_EQ(b2["error"], "unknown rule option 'sakishishi' for chushogi");
  // The same words as a new game gets.
  auto [gs, g] = s.post("/api/games", json{{"game", "chushogi"}, {"options", {"sakishishi=on"}}}.dump());
  EXPECT_EQ(gs, 400);
  EXPECT_EQ(g["error"], b2["error"]);
  auto [s3, b3] = make(s, CHU_1, 5);
  EXPECT_EQ(s3, 400);
  EXPECT_EQ(b3["error"], "bad request: options: expected a list of strings");
}

TEST_P(ServerProblemRules, AMateThatOnlySomeRuleSetsAllowIsJudgedByTheProblemsOwn) {
  TestServer s(db("problem-rule-sets"), kirin::test::quick_problems());
  auto [seed, refused] = make(s, LION_BRIDGE, json::array());
  EXPECT_EQ(seed, 400);
  EXPECT_EQ(refused["error"], "not a problem: the side to move has no forced mate with checks only");
  auto [es, explicit_seed] = make(s, LION_BRIDGE, {"rules=seed"});
  EXPECT_EQ(es, 400);
  EXPECT_EQ(explicit_seed["error"], refused["error"]);
  for (const char* rules : {"rules=lishogi", "rules=jcsa"}) {
    auto [status, made] = make(s, LION_BRIDGE, {rules});
    ASSERT_EQ(status, 201) << rules << made.dump();
    EXPECT_EQ(made["solution"], json::array({"5e3c"}));
    EXPECT_EQ(made["key_unique"], true);
    EXPECT_EQ(made["options"], json::array({rules}));
    auto [ts, t] = attempt(s, made["id"], json::array({"5e3c"}));
    ASSERT_EQ(ts, 200) << t.dump();
    EXPECT_EQ(t["verdict"], "solved") << rules;
  }
}

// A problem stored before the problems had rule options reads as one with none, and the file
// (or database) is brought to the version that has them.
TEST_P(ServerProblemRules, AProblemStoredBeforeRuleOptionsHasNone) {
  const std::string stored = db("problem-old-row");
  std::string id;
  {
    TestServer s(stored, kirin::test::quick_problems());
    auto [status, made] = make(s, CHU_1, json::array());
    ASSERT_EQ(status, 201) << made.dump();
    id = made["id"];
  }
  ASSERT_EQ(raw_sql(stored, "ALTER TABLE problems DROP COLUMN options"), "");
  ASSERT_EQ(kirin::test::set_schema_version(stored, 5, 4), "");
  TestServer s(stored, kirin::test::quick_problems());
  auto [gs, page] = s.get("/api/problems/" + id);
  ASSERT_EQ(gs, 200) << page.dump();
  EXPECT_EQ(page["options"], json::array());
  EXPECT_EQ(attempt(s, id, json::array({"5d5a"})).second["verdict"], "solved");
  EXPECT_EQ(raw_sql(stored, "SELECT MAX(version) FROM schema_version"), kirin::test::latest_schema_version(stored));
  auto [ms, made] = make(s, LION_BRIDGE, {"rules=jcsa"});
  EXPECT_EQ(ms, 201) << made.dump();
}
