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

namespace {

int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(EnginePlayCli, UndoTakesBackTheUsersMoveWithKirinsReply) {
  const std::string input = ::testing::TempDir() + "kirin_engine_play_undo.txt";
  std::ofstream(input) << "undo\nh2e2\nundo\nredo\nundo\nquit\n";
  auto r = run_kirin("play --game xiangqi --engine --depth 1 < " + input);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("undo: no move of yours to take back\n"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "took back your move h2e2 and Kirin's reply b9c7\n"), 2) << r.out;
  EXPECT_EQ(count(r.out, "Kirin plays "), 1) << r.out;  // redo plays the reply again without a search
  EXPECT_NE(r.out.find("Last move 2: b9c7 (H2+3)"), std::string::npos) << r.out;
  // Kirin moved first: undo goes back to the user's turn after Kirin's first move.
  std::ofstream(input) << "undo\nh9g7\nundo\nquit\n";
  r = run_kirin("play --game xiangqi --engine --engine-side first --depth 1 < " + input);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("undo: no move of yours to take back\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("took back your move h9g7 and Kirin's reply "), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "Kirin plays "), 2) << r.out;
}

TEST(EnginePlayCli, KirinDeclinesADrawOffer) {
  const std::string input = ::testing::TempDir() + "kirin_engine_play_draw.txt";
  std::ofstream(input) << "draw\nh2e2\nquit\n";
  auto r = run_kirin("play --game xiangqi --engine --depth 1 < " + input);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Kirin declines the draw offer; play on\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("agreed draw"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "Kirin plays "), 1) << r.out;
}

TEST(EnginePlayCli, DifficultyOptionsImplyTheEngine) {
  for (const char* args :
       {"--engine-side first --depth 1", "--engine-side first --movetime 50", "--engine-side first --level 1"}) {
    auto r = run_kirin(std::string("play --game xiangqi ") + args + " < /dev/null");
    EXPECT_EQ(r.code, 0) << args;
    EXPECT_EQ(count(r.out, "Kirin plays "), 1) << args << "\n" << r.out;
  }
  const std::string input = ::testing::TempDir() + "kirin_engine_play_level.txt";
  std::ofstream(input) << "h2e2\nquit\n";
  // Level 1 searches 1 ply, whatever --depth allows: the smaller limit wins.
  for (const char* args : {"--depth 1", "--level 1", "--level 1 --depth 6", "--level 8 --depth 1"}) {
    auto r = run_kirin(std::string("play --game xiangqi ") + args + " < " + input);
    EXPECT_EQ(r.code, 0) << args;
    EXPECT_NE(r.out.find("Kirin plays b9c7\n"), std::string::npos) << args << "\n" << r.out;
  }
  auto bad = run_kirin("play --game xiangqi --level 9 < /dev/null");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.out, "kirin: --level: Value 9 not in range 1 to 8\n");
}

TEST(EngineBenchCli, PrintsTheSignature) {
  auto r = run_kirin("bench --depth 3 --game chuseireigi");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Nodes searched  : "), std::string::npos) << r.out;
}

TEST(EngineCli, NoCommandListsTheCommands) {
  auto r = run_kirin("");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out.rfind("Kirin: Chu Seireigi, Chu Shogi and Xiangqi engine\nUsage: kirin [OPTIONS] SUBCOMMAND", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("  match "), std::string::npos);
}

TEST(EngineBenchCli, BadGameAndBadReferenceRowsAreUsageErrors) {
  EXPECT_EQ(run_kirin("bench --game foo").out,
            "kirin bench: unknown game 'foo' (expected xiangqi, chushogi or chuseireigi)\n");
  EXPECT_EQ(run_kirin("bench perft --game foo --depth 1").code, 2);
  const std::string table = ::testing::TempDir() + "kirin_bad_reference.tsv";
  std::ofstream(table) << "game\tsource\tfen\tdepth\tnodes\nxiangqi\tx\tfen\t1\tabc\n";
  auto r = run_kirin("bench perft --reference " + table);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "kirin bench: " + table +
                       " line 2: expected game, source, FEN, depth 1-20 and leaf count, tab-separated\n");
}

TEST(EngineMatchCli, BadArgumentsAreUsageErrors) {
  EXPECT_EQ(run_kirin("match --game go").code, 2);
  EXPECT_EQ(run_kirin("match --tc fast").out, "kirin match: --tc: expected seconds or base+increment, got 'fast'\n");
  EXPECT_EQ(run_kirin("match --sprt elo0=9").out, "kirin match: sprt: elo1 must be above elo0\n");
  EXPECT_EQ(run_kirin("match --prior 3-1").out, "kirin match: --prior: expected wins-losses-draws, got '3-1'\n");
  EXPECT_EQ(run_kirin("match --first-opening 2").out, "kirin match: --first-opening: 2 is past the last opening (1)\n");
  EXPECT_EQ(run_kirin("match --prior 99999999999-0-0").out,
            "kirin match: --prior: expected wins-losses-draws, got '99999999999-0-0'\n");
  EXPECT_EQ(run_kirin("match --sprt elo0=nan,elo1=5").out,
            "kirin match: sprt: elo0: not a number from -10000 to 10000\n");
  EXPECT_EQ(run_kirin("match --proto2 foo").out,
            "kirin match: --proto2: expected usi, uci, ucci or xboard, got 'foo'\n");
  EXPECT_EQ(run_kirin("match --game xiangqi --proto2 usi").out,
            "kirin match: --proto2: USI is for the shogi games; xiangqi engines speak uci, ucci or xboard\n");
  EXPECT_EQ(run_kirin("match --game chushogi --pgn x.pgn").out,
            "kirin match: PGN records are for xiangqi; use KIF or Game Courier for chushogi\n");
  EXPECT_EQ(run_kirin("match --record r --record-format foo").out,
            "kirin match: unknown record format 'foo' (expected usi, gc, kif, pgn, wxf, iccs, chinese, "
            "chinese-traditional or dhtmlxq)\n");
  EXPECT_EQ(run_kirin("match --tc inf").code, 2);
  EXPECT_EQ(run_kirin("match --resign 4").out, "kirin match: --resign: expected MOVES,SCORE such as 4,1000, got '4'\n");
  for (const char* bad :
       {"--depth 0", "--depth 99999", "--nodes -1", "--movetime -5", "--byoyomi -1", "--max-plies -5", "--margin -100"})
    EXPECT_EQ(run_kirin(std::string("match ") + bad).code, 2) << bad;
}

TEST(EngineMatchCli, ConcurrencyMustBeAPositiveNumber) {
  for (const char* bad : {"0", "-1", "abc", "2x", "257", "1.5"}) {
    auto r = run_kirin(std::string("match --concurrency=") + bad);
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_EQ(r.out,
              "kirin match: --concurrency: expected a number of games from 1 to 256, got '" + std::string(bad) + "'\n");
  }
}
