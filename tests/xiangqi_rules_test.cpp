// ../shared/rules/xiangqi.md section 7, one test per numbered situation (7 and 8 are results:
// the no-move side of 7 is here, the verdicts are Game tests).
#include "test_util.h"

using namespace kirin;
using namespace kirin::test;
using Set = std::set<std::string>;

TEST(XiangqiSituation1_FlyingGeneral, LoneScreenBetweenGeneralsMayNotLeaveTheFile) {
  Position p = position(GameId::XIANGQI, "4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(legal_moves(p, "e4"), (Set{"e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"}));
  EXPECT_EQ(legal_moves(p, "e0"), (Set{"e0d0", "e0e1", "e0f0"}));
}

TEST(XiangqiSituation1_FlyingGeneral, GeneralMayNotStepOntoAnOpenFileFacingTheOther) {
  Position p = position(GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(legal_moves(p), (Set{"e0e1", "e0f0"}));
}

TEST(XiangqiSituation1_FlyingGeneral, RemovingTheLastBlockerIsIllegal) {
  Position p = position(GameId::XIANGQI, "4k4/9/9/9/4N4/9/9/9/9/3K5 w - - 0 1");
  // the horse may go anywhere: the Generals are on different files
  EXPECT_EQ(legal_moves(p, "e5").size(), 8u);
  Position q = position(GameId::XIANGQI, "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(legal_moves(q, "e5"), Set{});
  auto m = parse_move(q, "e5d7");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "illegal move 'e5d7': the Generals would face each other on an open file");
}

TEST(XiangqiSituation1_FlyingGeneral, FacingGeneralsInASetupAreRejected) {
  auto p = parse_fen(make_variant(GameId::XIANGQI), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error(), "invalid position: Black is in check but it is Red to move");
}

TEST(XiangqiSituation2_CannonScreens, CapturesOverExactlyOneScreenOfEitherColour) {
  // Cannon a4; rank 4: black soldier c4 (screen), black horse e4, black chariot f4;
  // file a: red soldier a6 (friendly screen), black chariot a8.
  Position p = position(GameId::XIANGQI, "5k3/r8/9/P8/9/C1p1nr3/9/9/9/3K5 w - - 0 1");
  EXPECT_EQ(legal_moves(p, "a4"), (Set{"a4a0", "a4a1", "a4a2", "a4a3", "a4a5", "a4a8", "a4b4", "a4e4"}));
}

TEST(XiangqiSituation2_CannonScreens, CheckThroughAScreenAndItsAnswers) {
  // Black general e9 in check from the cannon e4 over the black horse e7.
  Position p = position(GameId::XIANGQI, "4k4/9/4n4/r8/9/9/4C4/9/9/3K5 b - - 0 1");
  EXPECT_TRUE(p.in_check());
  EXPECT_EQ(legal_moves(p), (Set{"e9f9", "e7d9", "e7f9", "e7d5", "e7f5", "e7c8", "e7g8", "e7c6", "e7g6", "a6e6"}));
}

TEST(XiangqiSituation3_HorseLeg, StartPositionHorseIsBlockedByItsElephant) {
  Position p = position(GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  EXPECT_EQ(legal_moves(p, "b0"), (Set{"b0a2", "b0c2"}));
}

TEST(XiangqiSituation3_HorseLeg, AnEnemyPieceOnTheLegBlocksToo) {
  Position p = position(GameId::XIANGQI, "5k3/9/9/9/9/9/9/9/1p7/1N1K5 w - - 0 1");
  EXPECT_EQ(legal_moves(p, "b0"), (Set{"b0d1"}));
}

TEST(XiangqiSituation4_ElephantEye, BlockedByTheEyeAndNeverAcrossTheRiver) {
  Position p = position(GameId::XIANGQI, "5k3/9/9/9/9/2B6/3P5/9/9/3K5 w - - 0 1");
  EXPECT_EQ(legal_moves(p, "c4"), (Set{"c4a2"}));
  auto crossed = parse_fen(make_variant(GameId::XIANGQI), "5k3/9/9/4B4/9/9/9/9/9/3K5 w - - 0 1");
  ASSERT_FALSE(crossed.ok());
  EXPECT_EQ(crossed.error(), "invalid position: Red Elephant on e6 has crossed the river");
}

TEST(XiangqiSituation5_Palace, GeneralStepsOrthogonallyInsideThePalaceOnly) {
  Position p = position(GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
  EXPECT_EQ(legal_moves(p), (Set{"f0e0", "f0f1"}));
  Position q = position(GameId::XIANGQI, "5k3/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
  EXPECT_EQ(legal_moves(q), (Set{"e1d1", "e1e0", "e1e2"}));  // not f1 (faces f9), never diagonal
}

TEST(XiangqiSituation5_Palace, AdvisorStepsDiagonallyInsideThePalace) {
  Position p = position(GameId::XIANGQI, "5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
  EXPECT_EQ(legal_moves(p, "e1"), (Set{"e1d2", "e1f0", "e1f2"}));
  auto out = parse_fen(make_variant(GameId::XIANGQI), "5k3/9/9/9/9/9/9/9/9/2AK5 w - - 0 1");
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error(), "invalid position: Red Advisor on c0 is outside its palace");
}

TEST(XiangqiSituation6_Soldier, SidewaysOnlyAfterTheRiverNeverBackNoPromotion) {
  Position p = position(GameId::XIANGQI, "P2k5/9/9/9/4P4/9/4P4/9/9/5K3 w - - 0 1");
  EXPECT_EQ(legal_moves(p, "a9"), (Set{"a9b9"}));
  EXPECT_EQ(legal_moves(p, "e5"), (Set{"e5d5", "e5e6", "e5f5"}));
  EXPECT_EQ(legal_moves(p, "e3"), (Set{"e3e4"}));
}

TEST(XiangqiSituation7_Stalemate, NoLegalMoveWithoutCheck) {
  Position p = position(GameId::XIANGQI, "3k5/R8/9/9/9/9/9/9/4R4/5K3 b - - 0 1");
  EXPECT_FALSE(p.in_check());
  EXPECT_FALSE(has_legal_move(p));
  EXPECT_EQ(legal_moves(p), Set{});
}

TEST(XiangqiSituation9_SelfCheck, PinnedHorseCannotMoveAndGeneralAvoidsTheFile) {
  Position p = position(GameId::XIANGQI, "3k5/4r4/9/9/9/9/9/9/4N4/4K4 w - - 0 1");
  EXPECT_EQ(legal_moves(p), (Set{"e0f0"}));
}

TEST(XiangqiSituation10_CannonDiscovered, MovingIntoTheCannonLineMakesAScreen) {
  Position p = position(GameId::XIANGQI, "3k5/9/4c4/9/9/9/R8/9/9/4K4 w - - 0 1");
  Set expected = {"a3a0", "a3a1", "a3a2", "a3a4", "a3a5", "a3a6", "a3a7", "a3a8",
                  "a3a9", "a3b3", "a3c3", "a3d3", "a3f3", "a3g3", "a3h3", "a3i3"};
  EXPECT_EQ(legal_moves(p, "a3"), expected);
}

TEST(XiangqiNotation, OneBasedRanksAreAcceptedWhenUnambiguous) {
  Position p = position(GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  auto zero = parse_move(p, "h2e2");
  ASSERT_TRUE(zero.ok());
  EXPECT_EQ(move_to_text(p, *zero), "h2e2");
  auto one = parse_move(p, "h10g8");  // black's horse as 1-based would be h10: not Red's move
  ASSERT_FALSE(one.ok());
  auto red = parse_move(p, "b1c3");  // 0-9 reading: no piece on b1; 1-10 reading: horse b0-c2
  ASSERT_TRUE(red.ok()) << red.error();
  EXPECT_EQ(move_to_text(p, *red), "b0c2");
}
