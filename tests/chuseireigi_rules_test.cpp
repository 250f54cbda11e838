// ../shared/rules/chu_seireigi.md section 7, one test per numbered situation (8-10 are results:
// the movegen side is here, verdicts and impasse counts are Game tests).
#include "test_util.h"

using namespace kirin;
using namespace kirin::test;
using Set = std::set<std::string>;

namespace {
Position sei(const std::string& sfen, const RuleOptions& o = {}) { return position(GameId::CHUSEIREIGI, sfen, o); }
}  // namespace

TEST(SeireigiSituation1_ForcedPromotion, SwallowKnightRamRabbit) {
  // Black Ram's-Head 10d, Flying Swallow 7d, Knight 3d, Running Rabbit 1d.
  Position p = sei("k11/12/12/2A2F3N1J/12/12/12/12/12/12/12/11K b - 1");
  EXPECT_EQ(legal_moves(p, "7d"), (Set{"7d5b+", "7d7b+", "7d9b+"}));
  EXPECT_EQ(legal_moves(p, "3d"), (Set{"3d2b+", "3d4b+"}));
  EXPECT_EQ(legal_moves(p, "10d"),
            (Set{"10d11c", "10d11c+", "10d12b", "10d12b+", "10d9c", "10d9c+", "10d8b", "10d8b+", "10d7a+"}));
  EXPECT_EQ(legal_moves(p, "1d"),
            (Set{"1d1c", "1d1c+", "1d1b", "1d1b+", "1d1a+", "1d2c", "1d2c+", "1d3b", "1d3b+", "1d4a+"}));
  auto m = parse_move(p, "7d7b");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "illegal move '7d7b': the Flying Swallow on 7d must promote on 7b");
}

TEST(SeireigiSituation2_Jumps, JumpersIgnorePiecesBetweenSlidersAreBlocked) {
  // Black Swallow 7f behind its Pawn 7e; Lance 1f behind its Pawn 1e; Kirin 4h behind a Pawn 4g.
  Position p = sei("k11/12/12/12/5P5P/5F5L/8P3/8O3/12/12/12/11K b - 1");
  EXPECT_EQ(legal_moves(p, "7f"), (Set{"7f5d", "7f5d+", "7f7d", "7f7d+", "7f9d", "7f9d+"}));
  EXPECT_EQ(legal_moves(p, "1f"), Set{});
  EXPECT_TRUE(legal_moves(p, "4h").count("4h4f"));
}

TEST(SeireigiSituation3_Promotion, LeavingTheZoneMayPromoteADropNeverDoes) {
  Position p = sei("k11/12/7R4/12/12/12/12/12/12/12/12/11K b P 1");
  EXPECT_TRUE(legal_moves(p).count("5c5h+"));
  EXPECT_TRUE(legal_moves(p).count("5c5h"));
  EXPECT_TRUE(legal_moves(p).count("P*6b"));
  for (const auto& m : legal_moves(p, "P*")) EXPECT_NE(m.back(), '+') << m;
  EXPECT_FALSE(parse_move(p, "P*6b+").ok());
}

TEST(SeireigiSituation4_DemotionToHand, CapturedPiecesReturnUnpromoted) {
  // Black Silver 5h takes a promoted Copper on 5g; then a Great Leopard.
  Position p = sei("k11/12/12/12/12/12/7+c4/7S4/12/12/12/11K b - 1");
  play(p, "5h5g");
  EXPECT_EQ(to_fen(p), "k11/12/12/12/12/12/7S4/12/12/12/12/11K w C 2");
  Position q = sei("k11/12/12/12/12/12/7y4/7S4/12/12/12/11K b - 1");
  play(q, "5h5g");
  EXPECT_EQ(to_fen(q), "k11/12/12/12/12/12/7S4/12/12/12/12/11K w Y 2");
}

TEST(SeireigiSituation5_NoSecondPromotion, PromotedPiecesStayAsTheyAre) {
  // A promoted Kirin (Bishop-mover) and a promoted Gold (Great Elephant-mover) enter the zone.
  Position p = sei("k11/12/12/12/12/4+O2+G4/12/12/12/12/12/11K b - 1");
  for (const auto& m : legal_moves(p)) EXPECT_NE(m.back(), '+') << m;
  EXPECT_TRUE(legal_moves(p).count("8f6d"));
}

TEST(SeireigiSituation6_Nifu, PromotedPawnsDoNotCount) {
  // Black Pawn on 5g, Tokin on 4g, a Pawn in hand.
  Position p = sei("k11/12/12/12/12/12/7P+P3/12/12/12/12/11K b P 1");
  Set drops = legal_moves(p, "P*");
  for (const auto& m : drops) EXPECT_NE(m.substr(2, 1), "5") << m;
  EXPECT_TRUE(drops.count("P*4e"));
  auto m = parse_move(p, "P*5e");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "illegal move 'P*5e': nifu: a pawn already stands on file 5");
}

TEST(SeireigiSituation6_Uchifuzume, PawnDropMateIsIllegal) {
  // White King 1a; Black Silver 3b guards 2a, Gold 2c guards 1b and 2b.
  Position p = sei("11k/9S2/10G1/12/12/12/12/12/12/12/12/K11 b P 1");
  EXPECT_FALSE(legal_moves(p).count("P*1b"));
  auto m = parse_move(p, "P*1b");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "illegal move 'P*1b': uchifuzume: a pawn drop may not give checkmate");
}

TEST(SeireigiSituation6_Uchifuzume, PawnDropCheckThatCanBeAnsweredIsLegal) {
  Position p = sei("11k/12/10G1/12/12/12/12/12/12/12/12/K11 b P 1");  // 2a is free
  EXPECT_TRUE(legal_moves(p).count("P*1b"));
}

TEST(SeireigiSituation6_Uchifuzume, PawnPushMateIsLegal) {
  Position p = sei("11k/9S2/10GP/12/12/12/12/12/12/12/12/K11 b - 1");
  EXPECT_TRUE(legal_moves(p).count("1c1b"));
  play(p, "1c1b");
  EXPECT_TRUE(p.in_check());
  EXPECT_FALSE(has_legal_move(p));
}

TEST(SeireigiSituation7_DropRanks, PerPieceTypeLimits) {
  Position p = sei("k11/12/12/12/12/12/12/12/12/12/12/11K b JUN 1");
  Set rabbit = legal_moves(p, "J*"), bear = legal_moves(p, "U*"), knight = legal_moves(p, "N*");
  const size_t empty = 144 - 2;
  EXPECT_EQ(bear.size(), empty);
  EXPECT_EQ(rabbit.size(), empty - 11);       // not on rank a (12a holds the White King)
  EXPECT_EQ(knight.size(), empty - 11 - 12);  // not on ranks a and b
  EXPECT_FALSE(rabbit.count("J*5a"));
  EXPECT_TRUE(bear.count("U*5a"));
}

TEST(SeireigiSituation8_Stalemate, NoMoveWithoutCheck) {
  // White King 1a: the Rook 3b guards 2b and 1b, the Lance 2l guards 2a.
  Position p = sei("11k/9R2/12/12/12/12/12/12/12/12/12/K9L1 w - 1");
  EXPECT_FALSE(p.in_check());
  EXPECT_FALSE(has_legal_move(p));
}

TEST(SeireigiSituation9_Repetition, HandsArePartOfThePositionKey) {
  Position a = sei("k11/12/12/12/12/12/12/12/12/12/12/11K b P 1");
  Position b = sei("k11/12/12/12/12/12/12/12/12/12/12/11K b p 1");
  Position c = sei("k11/12/12/12/12/12/12/12/12/12/12/11K b - 1");
  EXPECT_NE(a.key(), b.key());
  EXPECT_NE(a.key(), c.key());
  EXPECT_NE(b.key(), c.key());
}

TEST(SeireigiSituation10_Impasse, PointClassesGive63PerSideAtTheStart) {
  Position p =
      sei("lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/"
          "LACSGKEGSCAL b - 1");
  int points[2] = {};
  for (int c = 0; c < 2; ++c)
    for (Square s : p.pieces(Color(c))) points[c] += p.variant().kind(kind_of(p.at(s))).impasse_points;
  EXPECT_EQ(points[0], 63);
  EXPECT_EQ(points[1], 63);
  EXPECT_EQ(p.variant().def().impasse_threshold, 56);
}

TEST(SeireigiLionOption, LeaperAndHawk) {
  Position leaper = sei("k11/12/12/12/12/12/5I6/12/12/12/12/11K b - 1");
  EXPECT_EQ(legal_moves(leaper, "7g").size(), 24u);
  RuleOptions hawk;
  hawk.seireigi_lion = RuleOptions::SeireigiLion::HAWK;
  Position h = sei("k11/12/12/12/12/12/5I6/12/12/12/12/11K b - 1", hawk);
  // Bishop lines from 7g: 6+6+5+5 squares, one of them (12b) next to the King... all empty;
  // plus the 12 distance-2 jumps that are not on those lines.
  Set moves = legal_moves(h, "7g");
  EXPECT_EQ(moves.size(), 5u + 6u + 5u + 5u + 12u);
  EXPECT_FALSE(moves.count("7g7f"));  // no orthogonal step
  EXPECT_TRUE(moves.count("7g7e"));
  // Blocked diagonal: the A jump still reaches the second square.
  Position hb = sei("k11/12/12/12/12/6P5/5I6/12/12/12/12/11K b - 1", hawk);
  EXPECT_TRUE(legal_moves(hb, "7g").count("7g5e"));
  EXPECT_FALSE(legal_moves(hb, "7g").count("7g4d"));
}

TEST(SeireigiSetup, InvariantsOfThePosition) {
  auto v = make_variant(GameId::CHUSEIREIGI);
  auto pawn = parse_fen(v, "4P6k/12/12/12/12/12/12/12/12/12/12/11K b - 1");
  ASSERT_FALSE(pawn.ok());
  EXPECT_EQ(pawn.error(), "invalid position: Black unpromoted Pawn on 8a could never move");
  auto king = parse_fen(v, "11k/12/12/12/12/12/12/12/12/12/12/11K b K 1");
  ASSERT_FALSE(king.ok());
  EXPECT_EQ(king.error(), "hands field: a King cannot be in hand");
}
