// kirin xboard: CECP v2 replies, moves in XBoard's coordinates, errors for bad input.
#include <gtest/gtest.h>

#include "protocol_test_util.h"

using namespace kirin;
using kirin::test::run_protocol;
using kirin::test::without;

TEST(ProtocolXboard, FeaturesPingAndErrors) {
  auto out = run_protocol(protocol::run_xboard,
                          "xboard\nprotover 2\nping 7\nvariant shogi\nfrobnicate\nusermove z9z9\nundo\n");
  std::vector<std::string> want = {
      "feature done=0",
      "feature myname=\"Kirin\" variants=\"chu,xiangqi,chuseireigi\" setboard=1 usermove=1 ping=1 analyze=1 "
      "memory=1 colors=0 sigint=0 sigterm=0 reuse=1 debug=1",
      "feature done=1",
      "pong 7",
      "Error (unsupported variant): shogi",
      "Error (unknown command): frobnicate",
      "Illegal move (not an XBoard move: 'z9z9'): z9z9",
      "Error (no move to take back): undo",
  };
  EXPECT_EQ(out, want);
}

TEST(ProtocolXboard, XiangqiReplyInXboardCoordinates) {
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant xiangqi\nnew\nsd 2\nusermove h2e2\n");
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back().rfind("move ", 0), 0u);
  EXPECT_EQ(out.back().size(), 9u);  // "move b9c7": ranks 0-9 as XBoard writes xiangqi
}

TEST(ProtocolXboard, ChuIllegalMoveNamesTheRule) {
  // XBoard files a-l from Black's left and ranks 1-12: e4 is 8i in USI, a Pawn.
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant chu\nnew\nforce\nusermove e4e6\nusermove e4e5\nping 1\n");
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
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant chu\nnew\nforce\nusermove g4g5\nusermove g9g8\n"
                                                "usermove f3f3\nusermove @@@@\nping 4\n");
  std::vector<std::string> want = {"Illegal move (illegal move '@@@@': a pass cannot answer a pass): @@@@", "pong 4"};
  EXPECT_EQ(out, want);
}

TEST(ProtocolXboard, NullMoveIsAPassOnlyWhereOneIsLegal) {
  auto out = run_protocol(protocol::run_xboard, "xboard\nvariant chu\nnew\nforce\nusermove @@@@\nusermove g4g5\n"
                                                "usermove g9g8\nusermove @@@@\nping 3\n");
  std::vector<std::string> want = {"Illegal move (illegal move '@@@@': no piece can pass): @@@@", "pong 3"};
  EXPECT_EQ(out, want);
}
