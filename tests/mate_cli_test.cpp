// kirin mate and kirin bench mate: answers, exit codes and errors.
#include <gtest/gtest.h>

#include "cli_test_util.h"

using kirin::test::run_kirin;

TEST(MateCli, MateIsExitZeroWithTheLine) {
  auto r = run_kirin("mate --game chushogi --fen '11k/R11/1R10/12/12/12/12/12/12/12/12/12 b - 1'");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("info nodes "), std::string::npos);
  EXPECT_NE(r.out.find(" pn 0 dn inf "), std::string::npos);
  EXPECT_NE(r.out.find("mate in 1 ply: 11c11a\n"), std::string::npos) << r.out;
}

TEST(MateCli, NoMateAndTimeoutAreExitOne) {
  auto none = run_kirin("mate --game chushogi --fen '11k/10n1/10OP/8B3/12/12/12/12/12/12/12/12 b - 1'");
  EXPECT_EQ(none.code, 1);
  EXPECT_NE(none.out.find("\nno mate\n"), std::string::npos) << none.out;
  auto slow = run_kirin("mate --game chushogi --fen '6k5/7t4/5c6/12/3R5+D2/12/12/12/12/12/12/12 b - 1' --movetime 20");
  EXPECT_EQ(slow.code, 1);
  EXPECT_NE(slow.out.find("\ntimeout\n"), std::string::npos) << slow.out;
}

// Xiangqi's default is any attacking move: the quiet Chariot move leaves Black no legal move.
TEST(MateCli, XiangqiDefaultsToAnyMoves) {
  const std::string fen = "--fen '3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1'";
  auto any = run_kirin("mate --game xiangqi " + fen);
  EXPECT_EQ(any.code, 0);
  EXPECT_NE(any.out.find("mate in 1 ply: e5e8\n"), std::string::npos) << any.out;
  auto checks = run_kirin("mate --game xiangqi --checks-only true " + fen);
  EXPECT_EQ(checks.code, 1);
}

// Tsume conventions from the command line: futile drops left out (or counted), and the rest of
// the set given to the defender, with the position printed.
TEST(MateCli, TsumeConventions) {
  const std::string fen = "--fen '11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b 2p 1'";
  auto tsume = run_kirin("mate --game chuseireigi " + fen);
  EXPECT_EQ(tsume.code, 0);
  EXPECT_NE(tsume.out.find("mate in 3 plies: 12e1e P*1b 1e1b+\n"), std::string::npos) << tsume.out;
  auto counted = run_kirin("mate --game chuseireigi --futile-drops-count true " + fen);
  EXPECT_EQ(counted.code, 0);
  EXPECT_NE(counted.out.find("mate in 5 plies: 12e1e "), std::string::npos) << counted.out;
  auto rest =
      run_kirin("mate --game chuseireigi --rest-to-defender --fen '11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b - 1'");
  EXPECT_EQ(rest.code, 0);
  EXPECT_EQ(
      rest.out.rfind("position 11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b 2q2ib2x2o2e2y2w4u4g4s4c4f4n4j4a4l24p 1\n", 0),
      0u)
      << rest.out;
  auto xiangqi = run_kirin("mate --game xiangqi --rest-to-defender --fen '3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1'");
  EXPECT_EQ(xiangqi.code, 2);
  EXPECT_NE(xiangqi.out.find("kirin mate: --rest-to-defender: xiangqi has no pieces in hand\n"), std::string::npos)
      << xiangqi.out;
  auto bad = run_kirin("mate --game chuseireigi --futile-drops-count maybe " + fen);
  EXPECT_EQ(bad.code, 2);
}

TEST(MateCli, BadInputIsExitTwo) {
  auto fen = run_kirin("mate --game xiangqi --fen '3k5/9/9 w'");
  EXPECT_EQ(fen.code, 2);
  EXPECT_EQ(fen.out.rfind("kirin mate: bad --fen: ", 0), 0u) << fen.out;
  auto both = run_kirin("mate --game chushogi --fen '11k/12/12/12/12/12/12/12/12/12/12/12 w - 1'");
  EXPECT_EQ(both.code, 2);  // the side to move may lack a King, the defender may not
  EXPECT_EQ(both.out, "kirin mate: bad --fen: invalid position: Black has no King\n");
  EXPECT_EQ(
      run_kirin("mate --game chushogi --fen '11k/12/12/12/12/12/12/12/12/12/12/12 b - 1' --checks-only maybe").code, 2);
}

TEST(MateCli, BenchMateCountsSolved) {
  auto r = run_kirin("bench mate --file " KIRIN_TEST_DATA "/mates_small.txt --movetime 2000");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("solved 2/3, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("reproduce: kirin bench mate --file "), std::string::npos);
  auto bad = run_kirin("bench mate --file /nonexistent");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.out, "kirin bench mate: cannot read '/nonexistent'\n");
}

// kirin puzzles: the same game twice gives its puzzle once; a missing record file is bad input.
TEST(PuzzlesCli, EachGameAndPositionOnce) {
  const std::string out = testing::TempDir() + "kirin_puzzles_test.txt";
  auto r = run_kirin("puzzles --game chushogi --from " KIRIN_TEST_DATA "/puzzle_games.txt --out " + out);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("game 1 ply 0: mate in 1 11c11a\n1 puzzles from 2 games in "), std::string::npos) << r.out;
  auto none = run_kirin("puzzles --game chushogi --from /nonexistent --out " + out);
  EXPECT_EQ(none.code, 2);
  EXPECT_EQ(none.out, "kirin puzzles: cannot read '/nonexistent'\n");
}
