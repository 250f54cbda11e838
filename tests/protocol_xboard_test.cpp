// kirin xboard: CECP v2 replies, moves in XBoard's coordinates, errors for bad input.
#include <gtest/gtest.h>

#include <sstream>

#include "protocol_test_util.h"

using namespace kirin;
using kirin::test::last_starting;
using kirin::test::run_protocol;
using kirin::test::without;

TEST(ProtocolXboard, FeaturesPingAndErrors) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nprotover 2\nping 7\nvariant shogi\nfrobnicate\nusermove z9z9\nundo\n");
  std::vector<std::string> want = {
      "feature done=0",
      "feature myname=\"Kirin\" variants=\"chu,xiangqi,chuseireigi\" setboard=1 usermove=1 ping=1 analyze=1 "
      "memory=1 smp=1 colors=0 sigint=0 sigterm=0 reuse=1 debug=1",
      "feature option=\"MultiPV -spin 1 1 64\"",
      "feature option=\"MoveOverhead -spin 50 0 5000\"",
      "feature option=\"Weights -string \"",
      "feature option=\"EvalFile -string \"",
      "feature option=\"Clear Hash -button\"",
      "feature option=\"Level -spin 0 0 8\"",
      "feature option=\"NullMove -combo *game /// true /// false\"",
      "feature option=\"LMR -check 1\"",
      "feature option=\"Futility -check 1\"",
      "feature option=\"Razoring -combo *game /// true /// false\"",
      "feature option=\"CheckExtensions -combo *game /// true /// false\"",
      "feature option=\"HistoryOrdering -check 1\"",
      "feature option=\"Aspiration -check 1\"",
      "feature option=\"IIR -combo *game /// true /// false\"",
      "feature option=\"SingularExtensions -combo *game /// true /// false\"",
      "feature option=\"LionApproach -combo *game /// true /// false\"",
      "feature option=\"MateProbe -check 1\"",
      "feature done=1",
      "pong 7",
      "Error (unsupported variant): shogi",
      "Error (unknown command): frobnicate",
      "Illegal move (not an XBoard move: 'z9z9'): z9z9",
      "Error (no move to take back): undo",
  };
  EXPECT_EQ(out, want);
}

TEST(ProtocolXboard, EngineDefinedOptions) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nvariant xiangqi\noption LMR=2\noption Bogus=1\noption Level=99\n"
                          "option Clear Hash\noption MultiPV=3\noption Weights=mobility=12\nping 1\n");
  std::vector<std::string> want = {"Error (option LMR: expected true or false, got '2'): option",
                                   "Error (unknown option 'Bogus'): option",
                                   "Error (option Level: expected a number from 0 to 8, got '99'): option", "pong 1"};
  EXPECT_EQ(out, want);
}

// The last thinking line of 'sd 5' from the xiangqi start: "depth score time nodes pv".
static long xboard_nodes(const std::string& options) {
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant xiangqi\nnew\n" + options + "post\nsd 5\ngo\n");
  long nodes = -1;
  for (const std::string& line : out) {
    std::istringstream in(line);
    int depth = 0, score = 0, time = 0;
    if (in >> depth >> score >> time >> nodes && depth == 5) break;
    nodes = -1;
  }
  return nodes;
}

TEST(ProtocolXboard, CheckBoxOptionReachesTheSearch) {
  const long with_lmr = xboard_nodes("option LMR=1\n");
  EXPECT_GT(with_lmr, 0);
  EXPECT_EQ(xboard_nodes(""), with_lmr);
  EXPECT_NE(xboard_nodes("option LMR=0\n"), with_lmr);
}

TEST(ProtocolXboard, XiangqiReplyInXboardCoordinates) {
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant xiangqi\nnew\nsd 2\nusermove h2e2\n");
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back().rfind("move ", 0), 0u);
  EXPECT_EQ(out.back().size(), 9u);  // "move b9c7": ranks 0-9 as XBoard writes xiangqi
}

TEST(ProtocolXboard, ChuIllegalMoveNamesTheRule) {
  // XBoard files a-l from Black's left and ranks 1-12: e4 is 8i in USI, a Pawn.
  auto out =
      run_protocol(protocol::run_xboard, "xboard\nvariant chu\nnew\nforce\nusermove e4e6\nusermove e4e5\nping 1\n");
  std::vector<std::string> want = {"Illegal move (illegal move '8i8g': the Pawn on 8i cannot move to 8g): e4e6",
                                   "pong 1"};
  EXPECT_EQ(out, want);
}

TEST(ProtocolXboard, ChuSeireigiAnnouncesItsSetup) {
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant chuseireigi\n");
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out[0].rfind("setup (", 0), 0u);
  EXPECT_EQ(out[1], "piece K K");
}

TEST(ProtocolXboard, LionPassIsFromFrom) {
  // After 6i6h (g4g5) frees 6i, the Lion on 7j (f3) may pass; XBoard/HaChu write it "f3f3".
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nvariant chu\nnew\nforce\nusermove g4g5\nusermove g9g8\nusermove f3f3\n"
                          "usermove f10f10\nping 2\n");
  std::vector<std::string> want = {"Illegal move (illegal move 'f10f10': no pass from 7c): f10f10", "pong 2"};
  EXPECT_EQ(out, want);
}

TEST(ProtocolXboard, NullMoveCannotAnswerAPass) {
  // HaChu answers a Lion pass with @@@@; chu_shogi.md section 7 forbids two passes in a row.
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nvariant chu\nnew\nforce\nusermove g4g5\nusermove g9g8\n"
                          "usermove f3f3\nusermove @@@@\nping 4\n");
  std::vector<std::string> want = {"Illegal move (illegal move '@@@@': a pass cannot answer a pass): @@@@", "pong 4"};
  EXPECT_EQ(out, want);
}

TEST(ProtocolXboard, NullMoveIsAPassOnlyWhereOneIsLegal) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nvariant chu\nnew\nforce\nusermove @@@@\nusermove g4g5\n"
                          "usermove g9g8\nusermove @@@@\nping 3\n");
  std::vector<std::string> want = {"Illegal move (illegal move '@@@@': no piece can pass): @@@@", "pong 3"};
  EXPECT_EQ(out, want);
}

// CECP: a pong must not overtake the move of a search under way.
TEST(ProtocolXboard, PingIsAnsweredAfterTheMove) {
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant xiangqi\nnew\nsd 5\ngo\nping 9\n");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].rfind("move ", 0), 0u);
  EXPECT_EQ(out[1], "pong 9");
}

// force (and quit) while thinking: the search ends at once and its move is not sent, so XBoard
// and Kirin keep the same board.
TEST(ProtocolXboard, ForceAndQuitDropTheMoveBeingThoughtAbout) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nvariant xiangqi\nnew\nst 60\ngo\nforce\nusermove h2e2\nping 3\n"
                          "go\nquit\n");
  std::vector<std::string> want = {"pong 3"};
  EXPECT_EQ(out, want);
}

TEST(ProtocolXboard, BadNumbersAreRefused) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nlevel x y z\nlevel 40 5 0\nlevel 0 2:30 1.5\nlevel 0 2:75 1\nst -1\nst 1e300\n"
                          "sd abc\nsd 0\ntime abc\notim 12x\ntime -20\nping\n");
  const std::string level = "Error (expected level MPS BASE INC, e.g. level 40 5 0 or level 0 2:30 1.5): level";
  std::vector<std::string> want = {level,
                                   level,
                                   "Error (expected seconds per move): st",
                                   "Error (expected seconds per move): st",
                                   "Error (expected a depth from 1 to 120): sd",
                                   "Error (expected a depth from 1 to 120): sd",
                                   "Error (expected centiseconds): time",
                                   "Error (expected centiseconds): otim",
                                   "pong"};
  EXPECT_EQ(out, want);
}

// setboard as XBoard 4.9.1 sends it (copied from its engine log): xiangqi with Horse H and
// Elephant E and no castling field; Chu with "w" for the side that moves first; holdings in
// brackets after the board.
TEST(ProtocolXboard, SetboardReadsXboardsFen) {
  auto out = run_protocol(
      protocol::run_xboard,
      "xboard\nvariant xiangqi\nforce\n"
      "setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1\nusermove h0g2\nusermove h9g7\n"
      "variant chu\nforce\nsetboard lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
      "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1\nusermove e4e5\nusermove e9e8\n"
      "variant chuseireigi\nforce\nsetboard 12/12/12/12/12/12/12/12/12/12/12/5K4k1[PPg] w - 0 1\n"
      "usermove P@a5\nusermove G@b9\nusermove P@c7\nusermove G@b8\nping 1\n");
  out = without(without(out, "setup "), "piece ");
  std::vector<std::string> want = {"Illegal move (illegal move 'G*11e': no Gold General in hand): G@b8", "pong 1"};
  EXPECT_EQ(out, want);
}

// Analysis reports a mate the solver proved as XBoard's mate score (100000 + moves), with the
// line (XBoard's xiangqi FEN writes the Horse H).
TEST(ProtocolXboard, AnalysisReportsAProvenMate) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nprotover 2\nvariant xiangqi\nsetboard 3a5/3k5/9/2R6/4C4/H8/9/5K3/9/9 w - - 0 1\n"
                          "post\nanalyze\nexit\n");
  const std::string line = last_starting(out, "7 100004 ");
  ASSERT_FALSE(line.empty());
  EXPECT_EQ(line.substr(line.size() - 34), "c6c8 d8d7 a4c5 d7e7 c5e6 e7d7 c8d8");
}

// A refused setboard leaves no position: go, a move and analyze answer with an error and the
// engine plays nothing; 'new' (or a good setboard) gives it a position again. 'cores' sets
// Threads, XBoard's own name for it.
TEST(ProtocolXboard, RefusedSetboardLeavesNoPosition) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nprotover 2\nvariant xiangqi\nnew\nforce\nsetboard 9/9/9 w\ngo\nusermove h2e2\n"
                          "cores 0\ncores 1\nanalyze\nexit\nnew\nforce\nusermove h2e2\nping 3\n");
  out = without(out, "feature");
  ASSERT_EQ(out.size(), 6u);
  const std::string why = out[0].substr(
      std::string("Error (").size(), out[0].size() - std::string("Error (").size() - std::string("): setboard").size());
  EXPECT_EQ(out[0].rfind("Error (bad FEN: ", 0), 0u) << out[0];
  EXPECT_EQ(out[1], "Error (no position: the last setboard was refused: " + why + "): go");
  EXPECT_EQ(out[2], "Error (no position: the last setboard was refused: " + why + "): usermove");
  EXPECT_EQ(out[3], "Error (option Threads: expected a number from 1 to " + std::to_string(test::machine_threads()) +
                        ", got '0'): cores");
  EXPECT_EQ(out[4], "Error (no position: the last setboard was refused: " + why + "): analyze");
  EXPECT_EQ(out[5], "pong 3");
}
