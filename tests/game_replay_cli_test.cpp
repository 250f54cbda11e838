// `kirin replay`, the scriptable referee: its last line, exit codes and errors.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli_test_util.h"

using kirin::test::CliRun;
using kirin::test::run_kirin;

namespace {

std::string last_line(const std::string& s) {
  size_t end = s.size();
  while (end && s[end - 1] == '\n') --end;
  const size_t start = s.rfind('\n', end - 1);
  return s.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1));
}

}  // namespace

TEST(GameReplayCli, CheckmateIsTheLastLine) {
  CliRun r = run_kirin("replay --game xiangqi --fen '4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1' b0b9");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(last_line(r.out), "result 1-0 checkmate");
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "1R2k4/R8/9/9/9/9/9/9/9/5K3 b - - 1 1");
}

TEST(GameReplayCli, OngoingGame) {
  CliRun r = run_kirin("replay --game chushogi 7i7h");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(last_line(r.out), "result * ongoing");
}

TEST(GameReplayCli, Claims) {
  EXPECT_EQ(last_line(run_kirin("replay --game xiangqi h2e2 resign").out), "result 1-0 resignation");
  EXPECT_EQ(last_line(run_kirin("replay --game chushogi draw").out), "result 1/2-1/2 agreed draw");
  EXPECT_EQ(
      last_line(
          run_kirin(
              "replay --game chuseireigi --fen '12/7K4/12/12/12/12/12/12/12/12/7k4/12 b QIRBXO31Pqirbxo28p 1' impasse")
              .out),
      "result 1/2-1/2 impasse 61-58");
}

TEST(GameReplayCli, RepetitionBanStopsTheReplay) {
  std::string moves;
  for (int i = 0; i < 3; ++i) moves += " 9h9g 4e4f 9g9h 4f4e";
  CliRun r = run_kirin("replay --game chushogi" + moves);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out,
            "kirin replay: move 12 '4f4e' (White): illegal move '4f4e': fourfold repetition: it would produce the same "
            "position a fourth time (only a player in check may repeat)\n");
}

TEST(GameReplayCli, PassAfterPassStopsTheReplay) {
  CliRun r = run_kirin("replay --game chushogi --fen '6k5/12/12/6n5/12/12/12/12/6N5/12/12/6K5 b - 1' 6i6h6i 6d6e6d");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "kirin replay: move 2 '6d6e6d' (White): illegal move '6d6e6d': no pass right after a pass\n");
}

TEST(GameReplayCli, RecordFile) {
  const std::string path = testing::TempDir() + "/kirin_replay_test.pgn";
  std::ofstream(path) << "[Variant \"xiangqi\"]\n\n1. C2=5 H8+7 2. H2+3 R9=8 *\n";
  CliRun r = run_kirin("replay --game xiangqi --record " + path);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3");
  std::ofstream(path) << "[Variant \"xiangqi\"]\n\n1. C2=5 R1+3\n";
  r = run_kirin("replay --game xiangqi --record " + path);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find(": line 3, column 9: move 2: illegal move 'R1+3': the Chariot on a9 cannot move to a6"),
            std::string::npos)
      << r.out;
}

TEST(GameReplayCli, RecordFileWithSeveralGames) {
  // As `kirin match --record r.usi --record-format usi` appends its games.
  const std::string path = testing::TempDir() + "/kirin_replay_games.usi";
  std::ofstream(path) << "# game 1: kirin1 - kirin2 1/2-1/2 move limit (adjudicated)\n"
                         "position startpos moves 7i7h 3d3e\n\n"
                         "# game 2: kirin2 - kirin1 1-0 resignation\n"
                         "position startpos moves 6i6h resign\n\n";
  CliRun r = run_kirin("replay --game chushogi --record " + path);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppppppp1pp/3i4ip2/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/"
            "A1B1TOXT1B1A/LFCSGKEGSCFL b - 3")
      << r.out;
  r = run_kirin("replay --game chushogi --record " + path + " --record-game 2");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(last_line(r.out), "result 1-0 resignation");
  r = run_kirin("replay --game chushogi --record " + path + " --record-game 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "kirin replay: " + path + ": no game 3: the record holds 2 games\n");
  // Several PGN games, as `kirin match --pgn` appends them.
  const std::string pgn = testing::TempDir() + "/kirin_replay_games.pgn";
  std::ofstream(pgn) << "[Event \"kirin match game 1\"]\n[Variant \"xiangqi\"]\n\n1. C2=5 H8+7 1/2-1/2\n\n"
                        "[Event \"kirin match game 2\"]\n[Variant \"xiangqi\"]\n\n1. C8=5 1-0\n\n";
  r = run_kirin("replay --game xiangqi --record " + pgn + " --record-game 2");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1");
  EXPECT_EQ(run_kirin("replay --game xiangqi --record-game 2").out, "kirin replay: --record-game needs --record\n");
}

TEST(GameReplayCli, BadUsage) {
  EXPECT_EQ(run_kirin("replay --game go").code, 2);
  EXPECT_EQ(run_kirin("replay --game xiangqi --fen nonsense").code, 2);
  EXPECT_EQ(run_kirin("replay --game xiangqi --record /nonexistent/file").code, 2);
  CliRun dir = run_kirin("replay --game xiangqi --record /tmp");
  EXPECT_EQ(dir.code, 2);
  EXPECT_EQ(dir.out, "kirin replay: cannot read '/tmp': it is a directory\n");
}

// --explain: the cycle that ended the game, a move a line with its class and why, before the
// result (docs/xiangqi-repetition.md).
TEST(GameReplayCli, ExplainPrintsTheCycleBeforeTheResult) {
  CliRun r = run_kirin(
      "replay --game xiangqi --explain --fen '4k4/9/1n7/9/9/9/9/9/2R6/3K5 w - - 0 1' c1b1 b7c9 b1c1 c9b7 c1b1 b7c9 "
      "b1c1 c9b7");
  EXPECT_EQ(r.code, 0);
  const std::string want =
      "cycle: moves 1-8, rules axf\n"
      "1. Red c1b1: chase: the Chariot b1 attacks the Horse b7, unprotected\n"
      "2. Black b7c9: idle: no new threat\n"
      "3. Red b1c1: chase: the Chariot c1 attacks the Horse c9, unprotected\n"
      "4. Black c9b7: idle: no new threat\n"
      "5. Red c1b1: chase: the Chariot b1 attacks the Horse b7, unprotected\n"
      "6. Black b7c9: idle: no new threat\n"
      "7. Red b1c1: chase: the Chariot c1 attacks the Horse c9, unprotected\n"
      "8. Black c9b7: idle: no new threat\n"
      "verdict: 0-1 perpetual chase: Red chased the Horse perpetually\n"
      "result 0-1 perpetual chase\n";
  ASSERT_GE(r.out.size(), want.size());
  EXPECT_EQ(r.out.substr(r.out.size() - want.size()), want);
  // The cycle comes once, right before the result.
  EXPECT_EQ(r.out.find("cycle:"), r.out.size() - want.size());
}
