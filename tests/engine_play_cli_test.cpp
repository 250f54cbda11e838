// kirin play --engine and the engine's command-line front ends, run as a user would.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_test_util.h"

using kirin::test::run_kirin;

TEST(EnginePlayCli, KirinAnswersEachMove) {
  const std::string input = ::testing::TempDir() + "kirin_engine_play_input.txt";
  std::ofstream(input) << "h2e2\nquit\n";
  auto r = run_kirin("play --game xiangqi --engine --depth 2 < " + input);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Kirin plays "), std::string::npos) << r.out;
}

TEST(EnginePlayCli, KirinMovesFirstWhenAsked) {
  auto r = run_kirin("play --game chushogi --engine --engine-side first --depth 1 < /dev/null");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Kirin plays "), std::string::npos) << r.out;
}

TEST(EngineBenchCli, PrintsTheSignature) {
  auto r = run_kirin("bench --depth 3 --game chuseireigi");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Nodes searched  : "), std::string::npos) << r.out;
}

TEST(EngineMatchCli, BadArgumentsAreUsageErrors) {
  EXPECT_EQ(run_kirin("match --game go").code, 2);
  EXPECT_EQ(run_kirin("match --tc fast").out, "kirin match: --tc: expected seconds or base+increment, got 'fast'\n");
  EXPECT_EQ(run_kirin("match --sprt elo0=9").out, "kirin match: sprt: elo1 must be above elo0\n");
  EXPECT_EQ(run_kirin("match --prior 3-1").out, "kirin match: --prior: expected wins-losses-draws, got '3-1'\n");
  EXPECT_EQ(run_kirin("match --first-opening 2").out, "kirin match: --first-opening: 2 is past the last opening (1)\n");
}
