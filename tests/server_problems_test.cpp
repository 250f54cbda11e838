// Composed problems over the JSON API: made from a position (the mate solver proves it on the
// engine pool), stored like games (SQLite and PostgreSQL), and solved move by move against
// Kirin's longest defence.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "pg_cluster.h"
#include "raw_sql.h"
#include "server_problem_util.h"

using kirin::test::attempt;
using kirin::test::CHU_1;
using kirin::test::ServerSetup;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

// Xiangqi, mate in 7 plies (data/problems and docs/analysis.md): the Red King steps aside, so the
// Generals face each other down the e-file.
constexpr const char* XIANGQI_7 = "9/3k5/9/5P3/9/9/9/9/5K3/9 w - - 0 1";
// Chu Shogi, mate in 7 plies with checks only (the kirin mate example of docs/analysis.md).
constexpr const char* CHU_7 = "10k1/8H1n1/10n1/8+O3/8+HD2/12/12/12/12/12/12/12 b - 1";

ServerSetup quick() { return kirin::test::quick_problems(); }

std::pair<int, json> make(const TestServer& s, const std::string& game, const std::string& fen) {
  return s.post("/api/problems", json{{"game", game}, {"fen", fen}}.dump());
}

}  // namespace

TEST(ServerProblems, ASoundProblemIsStoredWithItsLinkAndItsSolutionKept) {
  TestServer s(kirin::test::temp_db("problem-sound"), quick());
  auto [status, made] = make(s, "xiangqi", XIANGQI_7);
  ASSERT_EQ(status, 201) << made.dump();
  const std::string id = made["id"];
  EXPECT_EQ(id.size(), 10u);
  EXPECT_EQ(made["url"], "/p/" + id);
  EXPECT_EQ(made["plies"], 7);
  EXPECT_EQ(made["solution"], json::array({"f1e1", "d8d7", "f6f7", "d7d8", "f7e7", "d8d9", "e7e8"}));
  EXPECT_EQ(made["checks_only"], false);  // xiangqi's convention
  // The page gets the position and the legal moves, never the solution.
  auto [gs, page] = s.get("/api/problems/" + id);
  ASSERT_EQ(gs, 200) << page.dump();
  EXPECT_EQ(page["fen"], XIANGQI_7);
  EXPECT_EQ(page["side"], "first");
  EXPECT_EQ(page["plies"], 7);
  EXPECT_FALSE(page.contains("solution"));
  EXPECT_FALSE(page.contains("alternative_moves"));
  EXPECT_NE(std::find(page["legal_moves"].begin(), page["legal_moves"].end(), "f1e1"), page["legal_moves"].end());
  auto [ss, sol] = s.get("/api/problems/" + id + "/solution");
  ASSERT_EQ(ss, 200);
  EXPECT_EQ(sol["solution"], made["solution"]);
  // The position before each move of it and after the last, for the page to step through.
  ASSERT_EQ(sol["positions"].size(), 8u);
  EXPECT_EQ(sol["positions"][0], XIANGQI_7);
  EXPECT_EQ(sol["positions"][1].get<std::string>().rfind("9/3k5/9/5P3/9/9/9/9/4K4/9 b", 0), 0u) << sol["positions"][1];
}

TEST(ServerProblems, APositionWithNoMateIsRefused) {
  TestServer s(kirin::test::temp_db("problem-nomate"), quick());
  auto [status, body] = make(s, "xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(body["error"], "not a problem: the side to move has no forced mate");
  // In Chu Shogi a mate that needs a quiet move is no tsume: the checks-only solver refuses it.
  auto [cs, cbody] = make(s, "chushogi", "11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1");
  EXPECT_EQ(cs, 400);
  EXPECT_EQ(cbody["error"], "not a problem: the side to move has no forced mate with checks only");
}

TEST(ServerProblems, BadInputIsRefusedWithOneLine) {
  TestServer s(kirin::test::temp_db("problem-bad"), quick());
  auto [s1, b1] = make(s, "xiangqi", "9/3k5/9/5P3/9/9/9/9/5K3 w - - 0 1");
  EXPECT_EQ(s1, 400);
  EXPECT_TRUE(b1["error"].get<std::string>().starts_with("bad fen: ")) << b1.dump();
  auto [s2, b2] = make(s, "chess", XIANGQI_7);
  EXPECT_EQ(s2, 400);
  EXPECT_EQ(b2["error"], "unknown game 'chess' (expected xiangqi, chushogi or chuseireigi)");
  auto [s3, b3] = make(s, "xiangqi", std::string(401, '9'));
  EXPECT_EQ(s3, 400);
  EXPECT_EQ(b3["error"], "fen too long (at most 400 characters)");
  // The Dragon King could take the King at once: no problem.
  auto [s5, b5] = make(s, "chushogi", "10k1/12/9G+R1/12/12/12/12/12/12/12/12/12 b - 1");
  EXPECT_EQ(s5, 400);
  EXPECT_EQ(b5["error"], "not a problem: the side not to move is in check already");
  auto [s4, b4] = s.post("/api/problems", json{{"game", "xiangqi"}}.dump());
  EXPECT_EQ(s4, 400);
  EXPECT_EQ(b4["error"], "missing field 'fen'");
  EXPECT_EQ(s.get("/api/problems/nosuch").first, 404);
  EXPECT_EQ(s.get("/api/problems/nosuch").second["error"], "no problem nosuch");
}

TEST(ServerProblems, OtherFirstMovesThatMateAsFastAreListed) {
  TestServer s(kirin::test::temp_db("problem-cook"), quick());
  // The Rook's check on the last rank mates, and so do two quiet moves: with the Generals
  // facing each other on the e-file the General has no move, and having none loses in xiangqi.
  auto [status, made] = make(s, "xiangqi", "3k5/9/3P5/9/9/9/9/9/9/3K4R w - - 0 1");
  ASSERT_EQ(status, 201) << made.dump();
  EXPECT_EQ(made["solution"], json::array({"i0i9"}));
  EXPECT_EQ(made["key_unique"], false);
  EXPECT_EQ(made["alternatives"], 2);
  EXPECT_EQ(made["alternative_moves"], json::parse(R"([{"move":"d0e0","plies":1},{"move":"i0e0","plies":1}])"));
  // Checks only, a key the Gold guards is the only mate.
  auto [cs, chu] = make(s, "chushogi", CHU_1);
  ASSERT_EQ(cs, 201) << chu.dump();
  EXPECT_EQ(chu["solution"], json::array({"5d5a"}));
  EXPECT_EQ(chu["key_unique"], true);
  EXPECT_EQ(chu["alternative_moves"], json::array());
}

TEST(ServerProblems, TheSolverPlaysTheAttackAndKirinDefendsUntilMate) {
  TestServer s(kirin::test::temp_db("problem-solve"), quick());
  auto [status, made] = make(s, "xiangqi", XIANGQI_7);
  ASSERT_EQ(status, 201) << made.dump();
  const std::string id = made["id"];
  const json solution = made["solution"];
  json line = json::array();
  for (size_t i = 0; i < solution.size(); i += 2) {
    line.push_back(solution[i]);
    auto [ts, t] = attempt(s, id, line);
    ASSERT_EQ(ts, 200) << t.dump();
    if (i + 1 == solution.size()) {
      EXPECT_EQ(t["verdict"], "solved");
      EXPECT_EQ(t["reply"], nullptr);
      break;
    }
    EXPECT_EQ(t["verdict"], "correct") << i;
    // Kirin's reply is the longest defence, the one the solution has.
    EXPECT_EQ(t["reply"], solution[i + 1]);
    EXPECT_FALSE(t["legal_moves"].empty());
    line.push_back(t["reply"]);
  }
}

TEST(ServerProblems, AWrongMoveIsToldSoWithTheDefenceThatBeatsIt) {
  TestServer s(kirin::test::temp_db("problem-wrong"), quick());
  auto [status, made] = make(s, "xiangqi", XIANGQI_7);
  ASSERT_EQ(status, 201) << made.dump();
  const std::string id = made["id"];
  // The Pawn steps aside: the General gets away.
  auto [ts, t] = attempt(s, id, json::array({"f6g6"}));
  ASSERT_EQ(ts, 200) << t.dump();
  EXPECT_EQ(t["verdict"], "wrong");
  EXPECT_EQ(t["reason"], "no mate in the 7 plies left");
  EXPECT_EQ(t["refutation"], "d8d7");
  EXPECT_EQ(t["reply"], nullptr);
  // Bad lines are refused before any search.
  auto [is, illegal] = attempt(s, id, json::array({"f1f3"}));
  EXPECT_EQ(is, 400);
  EXPECT_TRUE(illegal["error"].get<std::string>().starts_with("move 1 (f1f3): ")) << illegal.dump();
  auto [es, even] = attempt(s, id, json::array({"f1e1", "d8d7"}));
  EXPECT_EQ(es, 400);
  EXPECT_EQ(even["error"], "moves must end with the attacker's move (an odd number of them)");
  auto [ls, longer] =
      attempt(s, id, json::array({"f1e1", "d8d7", "f6f7", "d7d8", "f7e7", "d8d9", "e7e8", "d9d8", "e1d1"}));
  EXPECT_EQ(ls, 400);
  EXPECT_EQ(longer["error"], "problem " + id + " is solved in 7 plies; no more moves");
}

// The answers in the notation the player chose (issue 46 item 2): the move judged, Kirin's reply
// or refutation, and the solution, as the move list writes them; 400 for another game's notation.
TEST(ServerProblems, AnswersAreInTheChosenNotation) {
  TestServer s(kirin::test::temp_db("problem-notation"), quick());
  auto [status, made] = make(s, "xiangqi", XIANGQI_7);
  ASSERT_EQ(status, 201) << made.dump();
  const std::string base = "/api/problems/" + made["id"].get<std::string>();
  auto [ws, wrong] = s.post(base + "/try", json{{"moves", {"f6g6"}}, {"notation", "chinese"}}.dump());
  ASSERT_EQ(ws, 200) << wrong.dump();
  EXPECT_EQ(wrong["move"], "f6g6");
  EXPECT_EQ(wrong["move_notation"], "兵四平三");
  EXPECT_EQ(wrong["refutation_notation"], "将４进１");
  EXPECT_EQ(wrong["reply_notation"], nullptr);
  auto [rs, right] = s.post(base + "/try", json{{"moves", {"f1e1"}}, {"notation", "wxf"}}.dump());
  ASSERT_EQ(rs, 200) << right.dump();
  EXPECT_EQ(right["move_notation"], "K4=5");
  auto [ss, solution] = s.get(base + "/solution?notation=chinese-traditional");
  ASSERT_EQ(ss, 200) << solution.dump();
  ASSERT_EQ(solution["solution_notation"].size(), 7u);
  EXPECT_EQ(solution["solution_notation"][0], "帥四平五");
  EXPECT_EQ(s.get(base + "/solution").second.contains("solution_notation"), false);
  auto [bs, bad] = s.post(base + "/try", json{{"moves", {"f1e1"}}, {"notation", "japanese"}}.dump());
  EXPECT_EQ(bs, 400);
  EXPECT_EQ(bad["error"],
            "unknown notation 'japanese' for xiangqi: it is written in wxf, chinese, chinese-traditional, iccs");
}

TEST(ServerProblems, InTsumeAMoveThatIsNoCheckIsWrong) {
  TestServer s(kirin::test::temp_db("problem-tsume"), quick());
  auto [status, made] = make(s, "chushogi", CHU_7);
  ASSERT_EQ(status, 201) << made.dump();
  EXPECT_EQ(made["checks_only"], true);
  EXPECT_EQ(made["plies"], 7);
  EXPECT_EQ(made["solution"][0], "4e2c");
  auto [ts, t] = attempt(s, made["id"], json::array({"4d5d"}));
  ASSERT_EQ(ts, 200) << t.dump();
  EXPECT_EQ(t["verdict"], "wrong");
  EXPECT_EQ(t["reason"], "not a check: every attacking move of this problem must check");
}

// Tsume's conventions in a problem with drops: with rest_to_defender White holds the rest of the
// set, stored so; the futile Pawn drops on 1c and 1d do not lengthen the solution, and the
// solver's 12e1e is answered by the one drop that counts.
TEST(ServerProblems, TheDefenderMayHoldTheRestOfTheSet) {
  // The proof takes about 3 s alone and more on a loaded CI machine; the search for other first
  // moves then spends what is left of the budget unfinished (the defender's drops are many), so the
  // budget is the test's time: 15 s, five times the proof's.
  kirin::test::ServerSetup setup = quick();
  setup.service.problem_ms = 15000;
  TestServer s(kirin::test::temp_db("problem-rest"), setup);
  const std::string fen = "11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b - 1";
  auto [status, made] =
      s.post("/api/problems", json{{"game", "chuseireigi"}, {"fen", fen}, {"rest_to_defender", true}}.dump());
  ASSERT_EQ(status, 201) << made.dump();
  EXPECT_EQ(made["fen"], "11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b 2q2ib2x2o2e2y2w4u4g4s4c4f4n4j4a4l24p 1");
  EXPECT_EQ(made["solution"], json::array({"12e1e", "P*1b", "1e1b+"}));
  auto [ts, t] = attempt(s, made["id"], json::array({"12e1e"}));
  ASSERT_EQ(ts, 200) << t.dump();
  EXPECT_EQ(t["verdict"], "correct");
  EXPECT_EQ(t["reply"], "P*1b");
  auto [xs, x] =
      s.post("/api/problems", json{{"game", "xiangqi"}, {"fen", XIANGQI_7}, {"rest_to_defender", true}}.dump());
  EXPECT_EQ(xs, 400);
  EXPECT_EQ(x["error"], "rest_to_defender: xiangqi has no pieces in hand");
}

TEST(ServerProblems, ProblemsSurviveARestart) {
  const std::string db = kirin::test::temp_db("problem-restart");
  std::string id;
  json solution;
  {
    TestServer s(db, quick());
    auto [status, made] = make(s, "xiangqi", XIANGQI_7);
    ASSERT_EQ(status, 201) << made.dump();
    id = made["id"];
    solution = made["solution"];
  }
  TestServer s(db, quick());
  auto [gs, page] = s.get("/api/problems/" + id);
  ASSERT_EQ(gs, 200) << page.dump();
  EXPECT_EQ(page["fen"], XIANGQI_7);
  EXPECT_EQ(page["key_unique"], false);
  EXPECT_EQ(page["alternatives"], 3);
  EXPECT_EQ(s.get("/api/problems/" + id + "/solution").second["solution"], solution);
  auto [ts, t] = attempt(s, id, json::array({"f1e1"}));
  EXPECT_EQ(t["verdict"], "correct") << t.dump();
}

TEST(ServerProblems, ProblemsAreStoredInPostgresToo) {
  kirin::test::PgCluster cluster;
  ASSERT_TRUE(cluster.ok()) << "initdb or pg_ctl failed (Debian's postgresql is installed by scripts/deps.sh)";
  const std::string db = cluster.fresh_database("problems");
  std::string id;
  {
    TestServer s(db, quick());
    auto [status, made] = make(s, "xiangqi", XIANGQI_7);
    ASSERT_EQ(status, 201) << made.dump();
    id = made["id"];
  }
  TestServer s(db, quick());
  auto [gs, page] = s.get("/api/problems/" + id);
  ASSERT_EQ(gs, 200) << page.dump();
  EXPECT_EQ(page["plies"], 7);
  EXPECT_EQ(s.get("/api/problems/" + id + "/solution").second["solution"][0], "f1e1");
}

TEST(ServerProblems, AMateNotProvenInTheTimeIsRefused) {
  ServerSetup setup = quick();
  setup.service.problem_ms = 50;
  TestServer s(kirin::test::temp_db("problem-slow"), setup);
  // A mate of 27 plies (data/problems/mates.txt): seconds of work, not 50 ms.
  auto [status, body] = make(s, "chushogi", "6k5/7t4/5c6/12/3R5+D2/12/12/12/12/12/12/12 b - 1");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(body["error"], "not a problem: Kirin proved no mate within 0.05 s (too long or too hard)");
}

// A file of schema version 3 (before problems) gains the problems table when it is opened.
TEST(ServerProblems, AVersion3FileIsMigratedToTheProblemsTable) {
  const std::string db = kirin::test::temp_db("problem-migrate");
  { TestServer s(db, quick()); }
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(
        sqlite3_exec(raw, "DROP TABLE problems; UPDATE schema_version SET version = 3", nullptr, nullptr, nullptr),
        SQLITE_OK);
    sqlite3_close(raw);
  }
  TestServer s(db, quick());
  auto [status, made] = make(s, "chushogi", CHU_1);
  EXPECT_EQ(status, 201) << made.dump();
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* q = nullptr;
  sqlite3_prepare_v2(raw, "SELECT version FROM schema_version", -1, &q, nullptr);
  ASSERT_EQ(sqlite3_step(q), SQLITE_ROW);
  EXPECT_EQ(std::to_string(sqlite3_column_int(q, 0)), kirin::test::latest_schema_version(db));
  sqlite3_finalize(q);
  sqlite3_close(raw);
}
