// Puzzles over the JSON API: the shipped sets (data/puzzles) load, a puzzle is given without
// its solution, and the solver's moves are checked on the server.
#include <gtest/gtest.h>

#include "server_test_util.h"

using kirin::server::PuzzleSets;
using kirin::test::ServerSetup;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

const std::string PUZZLES = std::string(KIRIN_TEST_DATA) + "/../../data/puzzles";

ServerSetup with_puzzles(std::shared_ptr<const PuzzleSets> sets) {
  ServerSetup s;
  s.api.puzzles = std::move(sets);
  return s;
}

}  // namespace

TEST(ServerPuzzles, TheShippedSetsHoldAtLeast200PuzzlesPerGame) {
  auto sets = PuzzleSets::load(PUZZLES);
  ASSERT_TRUE(sets) << sets.error();
  const json counts = sets->counts().body["games"];
  EXPECT_EQ(counts, json({{"chushogi", 296}, {"chuseireigi", 286}, {"xiangqi", 314}}));
}

TEST(ServerPuzzles, ABadLineIsRefusedWithItsFileAndLine) {
  const auto dir = std::filesystem::temp_directory_path() / ("kirin-puzzles-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "xiangqi.txt") << "# a comment\n"
                                     << "xiangqi|3k5/9/3P5/9/9/9/9/9/9/3K4R w - - 0 1|i0i9|mate in 1\n"
                                     << "xiangqi|3k5/9/3P5/9/9/9/9/9/9/3K4R w - - 0 1|i0i8 d9a9 i8i9|material\n";
  auto sets = PuzzleSets::load(dir.string());
  ASSERT_FALSE(sets);
  EXPECT_TRUE(sets.error().starts_with((dir / "xiangqi.txt").string() + ":3: move d9a9: ")) << sets.error();
  std::filesystem::remove_all(dir);
}

TEST(ServerPuzzles, APuzzleIsGivenWithoutItsSolutionAndCheckedMoveByMove) {
  auto sets = std::make_shared<PuzzleSets>();
  ASSERT_EQ(error_of(sets->add("xiangqi", "xiangqi|3k5/9/3P5/9/9/9/9/9/9/3K4R w - - 0 1|i0i9|mate in 1")), "");
  // The first shipped xiangqi puzzle: Black's Rook takes on h0, the Elephant takes back, the
  // other Rook takes it.
  const std::string fen = "2bak4/4a4/2Cc5/p4RN1p/2p6/9/P5rrP/2N1B2cR/4A4/4KA3 b - - 3 20";
  ASSERT_EQ(error_of(sets->add("xiangqi", "xiangqi|" + fen + "|h2h0 e2g0 g3g0|quiet move")), "");
  TestServer s(kirin::test::temp_db("puzzles"), with_puzzles(sets));
  EXPECT_EQ(s.get("/api/puzzles").second["games"], json({{"chushogi", 0}, {"chuseireigi", 0}, {"xiangqi", 2}}));
  auto [gs, p] = s.get("/api/puzzles/xiangqi/1");
  ASSERT_EQ(gs, 200) << p.dump();
  EXPECT_EQ(p["theme"], "quiet move");
  EXPECT_EQ(p["fen"], fen);
  EXPECT_EQ(p["count"], 2);
  EXPECT_EQ(p["plies"], 3);
  EXPECT_EQ(p["side"], "second");
  EXPECT_FALSE(p.contains("solution"));
  // A wrong move: told so, the position as it was.
  auto [ws, wrong] = s.post("/api/puzzles/xiangqi/1/move", json{{"moves", {"a6a5"}}}.dump());
  ASSERT_EQ(ws, 200) << wrong.dump();
  EXPECT_EQ(wrong["verdict"], "wrong");
  EXPECT_EQ(wrong["move_notation"], "P1+1");
  EXPECT_EQ(wrong["fen"], p["fen"]);
  // The key move: the reply comes from the solution.
  auto [cs, right] = s.post("/api/puzzles/xiangqi/1/move", json{{"moves", {"h2h0"}}}.dump());
  ASSERT_EQ(cs, 200) << right.dump();
  EXPECT_EQ(right["verdict"], "correct");
  EXPECT_EQ(right["reply"], "e2g0");
  EXPECT_EQ(right["move_notation"], "C8+2");  // as the pages write moves (WXF; Black's files)
  EXPECT_EQ(right["reply_notation"], "E5-3");
  auto [fs, done] = s.post("/api/puzzles/xiangqi/1/move", json{{"moves", {"h2h0", "e2g0", "g3g0"}}}.dump());
  ASSERT_EQ(fs, 200) << done.dump();
  EXPECT_EQ(done["verdict"], "solved");
  json solution = s.get("/api/puzzles/xiangqi/1/solution").second;
  EXPECT_EQ(solution["solution"], json::array({"h2h0", "e2g0", "g3g0"}));
  // The position before each move of it and after the last, for the page to step through.
  ASSERT_EQ(solution["positions"].size(), 4u);
  EXPECT_EQ(solution["positions"][0], p["fen"]);
  EXPECT_EQ(solution["positions"][2], right["fen"]);
  EXPECT_EQ(solution["positions"][3], done["fen"]);
  // Any mate in one is as good as the one written down.
  auto [ms, mate] = s.post("/api/puzzles/xiangqi/0/move", json{{"moves", {"d0e0"}}}.dump());
  EXPECT_EQ(mate["verdict"], "solved") << mate.dump();
}

TEST(ServerPuzzles, BadRequestsAreRefusedWithOneLine) {
  auto sets = std::make_shared<PuzzleSets>();
  ASSERT_EQ(error_of(sets->add("xiangqi", "xiangqi|3k5/9/3P5/9/9/9/9/9/9/3K4R w - - 0 1|i0i9|mate in 1")), "");
  TestServer s(kirin::test::temp_db("puzzles-bad"), with_puzzles(sets));
  EXPECT_EQ(s.get("/api/puzzles/xiangqi/1").second["error"], "no puzzle 1 for xiangqi (0..0)");
  EXPECT_EQ(s.get("/api/puzzles/chushogi/0").second["error"], "no puzzles for chushogi");
  EXPECT_EQ(s.get("/api/puzzles/xiangqi/x").first, 404);
  auto [is, illegal] = s.post("/api/puzzles/xiangqi/0/move", json{{"moves", {"i0h2"}}}.dump());
  EXPECT_EQ(is, 400);
  EXPECT_TRUE(illegal["error"].get<std::string>().starts_with("move 1 (i0h2): ")) << illegal.dump();
  auto [es, even] = s.post("/api/puzzles/xiangqi/0/move", json{{"moves", json::array()}}.dump());
  EXPECT_EQ(es, 400);
  EXPECT_EQ(even["error"], "moves must end with the solver's move (an odd number of them)");
  EXPECT_EQ(s.post("/api/puzzles/xiangqi/0/move", "{}").second["error"], "missing field 'moves' (a list)");
}
