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

TEST(MateCli, BadInputIsExitTwo) {
  auto fen = run_kirin("mate --game xiangqi --fen '3k5/9/9 w'");
  EXPECT_EQ(fen.code, 2);
  EXPECT_EQ(fen.out.rfind("kirin mate: bad --fen: ", 0), 0u) << fen.out;
  auto both = run_kirin("mate --game chushogi --fen '11k/12/12/12/12/12/12/12/12/12/12/12 w - 1'");
  EXPECT_EQ(both.code, 2);  // the side to move may lack a King, the defender may not
  EXPECT_EQ(both.out, "kirin mate: bad --fen: invalid position: Black has no King\n");
  EXPECT_EQ(run_kirin("mate --game chushogi --fen '11k/12/12/12/12/12/12/12/12/12/12/12 b - 1' --checks-only maybe").code, 2);
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
