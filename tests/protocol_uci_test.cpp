// kirin uci (xiangqi, Pikafish conventions) and the UCCI handshake.
#include <gtest/gtest.h>

#include <algorithm>

#include "protocol_test_util.h"

using namespace kirin;
using kirin::test::last_starting;
using kirin::test::run_protocol;
using kirin::test::without;

TEST(ProtocolUci, HandshakeNamesXiangqiFirst) {
  auto out = run_protocol(protocol::run_uci, "uci\n");
  ASSERT_GE(out.size(), 3u);
  EXPECT_EQ(out[2],
            "option name UCI_Variant type combo default xiangqi var xiangqi var xiangqi-axf-hk var xiangqi-simple var "
            "chushogi var chushogi-seed "
            "var chushogi-lishogi var chushogi-jcsa var chuseireigi var chuseireigi-legacy");
  EXPECT_EQ(out.back(), "uciok");
}

TEST(ProtocolUci, MateInOneWithTwoChariots) {
  // The Chariot on b0 checks along rank 9; the Chariot on a8 guards rank 8; d9 faces the Red General.
  auto out = run_protocol(protocol::run_uci, "position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\ngo depth 3\n");
  EXPECT_EQ(last_starting(out, "bestmove"), "bestmove b0b9");
  EXPECT_NE(last_starting(out, "info depth").find("score mate 1 "), std::string::npos);
}

TEST(ProtocolUci, MateInTwoIsFoundWithItsScore) {
  // Red to move mates in two (a0a8 f9e9 b0b9): UCI reports the score in moves, not plies.
  auto out = run_protocol(protocol::run_uci, "position fen 5k3/9/9/9/9/9/9/9/9/RR1K5 w - - 0 1\ngo depth 5\n");
  EXPECT_NE(last_starting(out, "info depth").find("score mate 2 nodes"), std::string::npos);
  EXPECT_EQ(last_starting(out, "info depth 2 ").find("score mate"), std::string::npos);
}

TEST(ProtocolUci, MultiPvReportsEachLine) {
  auto out = run_protocol(protocol::run_uci, "setoption name MultiPV value 3\nposition startpos\ngo depth 2\n");
  EXPECT_NE(last_starting(out, "info depth 2 seldepth").find(" multipv 3 "), std::string::npos);
}

TEST(ProtocolUci, UcciHandshakeBanmovesAndBye) {
  auto out = run_protocol(protocol::run_uci,
                          "ucci\nposition startpos moves h2e2\nbanmoves h9g7 b9c7\nbanmoves z\ngo depth 1\nquit\n");
  out = without(without(out, "option "), "info depth");
  std::vector<std::string> want = {"id name Kirin", "id author the Kirin developers", "ucciok",
                                   "info string error: banmoves: bad move text 'z': expected a move like h2e2"};
  ASSERT_EQ(out.size(), want.size() + 2);
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(out[i], want[i]);
  EXPECT_NE(out[4], "bestmove h9g7");
  EXPECT_NE(out[4], "bestmove b9c7");
  EXPECT_EQ(out[5], "bye");
}

// UCCI: "setoption <option> <value>" without "name"; every legal move banned gives nobestmove.
TEST(ProtocolUci, UcciOptionsAndEveryMoveBanned) {
  auto out = run_protocol(protocol::run_uci,
                          "ucci\nsetoption usemillisec maybe\nsetoption usemillisec true\nsetoption batch on\n"
                          "setoption hashsize 0\nposition fen 3k5/R8/9/9/9/9/9/9/9/5K3 b - - 0 1\n"
                          "banmoves d9e9\ngo depth 2\n");
  out = without(without(without(out, "option name "), "id "), "info depth");
  std::vector<std::string> want = {"option usemillisec type check default false",
                                   "ucciok",
                                   "info string error: setoption usemillisec: expected true or false, got 'maybe'",
                                   "info string error: option Hash: expected a number from 1 to 4096, got '0'",
                                   "nobestmove",
                                   "bye"};
  EXPECT_EQ(out, want);
}

// Analysis (go infinite) lets the mate solver try first: a proven mate is reported with its
// score in moves and the whole line, and is the best move.
TEST(ProtocolUci, AnalysisReportsAProvenMate) {
  auto out =
      run_protocol(protocol::run_uci, "position fen 3a5/3k5/9/2R6/4C4/N8/9/5K3/9/9 w - - 0 1\ngo infinite\nstop\n");
  const std::string info = last_starting(out, "info depth");
  EXPECT_NE(info.find("score mate 4 "), std::string::npos) << info;
  EXPECT_NE(info.find(" pv c6c8 d8d7 a4c5 d7e7 c5e6 e7d7 c8d8"), std::string::npos) << info;
  EXPECT_EQ(last_starting(out, "bestmove"), "bestmove c6c8 ponder d8d7");
}

// A refused position leaves none: "go" answers with an error and "bestmove (none)" (UCCI:
// "nobestmove"), never a move of the position before.
TEST(ProtocolUci, RefusedPositionLeavesNoneAndGoAnswersWithoutAMove) {
  auto out = run_protocol(protocol::run_uci,
                          "position startpos moves h2e2 h2e2\ngo depth 2\nposition startpos moves h2e2\ngo depth 1\n");
  out = without(out, "info depth");
  const std::string refused = "bad move 2 'h2e2': illegal move 'h2e2': no piece on h2";
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0], "info string error: " + refused);
  EXPECT_EQ(out[1], "info string error: go: no position (the last position command was refused: " + refused + ")");
  EXPECT_EQ(out[2], "bestmove (none)");
  EXPECT_EQ(out[3].rfind("bestmove ", 0), 0u);
  EXPECT_NE(out[3], "bestmove (none)");
  auto ucci = run_protocol(protocol::run_uci, "ucci\nposition fen 9/9/9 w - - 0 1\ngo depth 1\n");
  ucci = without(without(without(ucci, "option "), "id "), "ucciok");
  const std::string bad = "bad position: board field: the board has 10 ranks, found 3";
  std::vector<std::string> want = {
      "info string error: " + bad,
      "info string error: go: no position (the last position command was refused: " + bad + ")", "nobestmove", "bye"};
  EXPECT_EQ(ucci, want);
}

// UCI_Variant names xiangqi's other repetition rule sets, and the search judges cycles by the one
// chosen: Red's Chariot has chased the Horse and the Cannon in turn, and Black's e8e9 would make
// the position occur the third time. Under axf (the default) that is Red's perpetual chase, a win
// for Black; under axf-hk and simple, a draw.
TEST(ProtocolUci, RepetitionRuleSetsAsVariants) {
  auto has = [](const std::vector<std::string>& out, const std::string& text) {
    return std::any_of(out.begin(), out.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
  };
  const std::string line =
      "position fen 4k4/9/n7c/9/9/9/9/R8/9/3K5 w - - 0 1 moves a2i2 e9e8 i2a2 e8e9 a2i2 e9e8 i2a2\ngo depth 4\n";
  auto axf = run_protocol(protocol::run_uci, line);
  EXPECT_TRUE(has(axf, "score mate 1"));
  EXPECT_EQ(axf.back(), "bestmove e8e9");
  for (const char* v : {"xiangqi-axf-hk", "xiangqi-simple"}) {
    auto out = run_protocol(protocol::run_uci, std::string("setoption name UCI_Variant value ") + v + "\n" + line);
    ASSERT_GE(out.size(), 2u) << v;
    const std::string& last_info = out[out.size() - 2];  // the depth-4 line, before bestmove
    EXPECT_EQ(last_info.rfind("info depth 4 ", 0), 0u) << v << ": " << last_info;
    EXPECT_NE(last_info.find(" score cp 0 "), std::string::npos) << v << ": " << last_info;
    EXPECT_FALSE(has(out, "score mate")) << v;
    EXPECT_EQ(out.back(), "bestmove e8e9") << v;
  }
}
