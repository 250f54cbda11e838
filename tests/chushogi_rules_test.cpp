// ../shared/rules/chu_shogi.md section 9, one test per numbered situation. Squares are
// lishogi's: file 12..1 from Black's left, rank a (White's back rank) .. l (Black's).
#include "test_util.h"

using namespace kirin;
using namespace kirin::test;
using Set = std::set<std::string>;

namespace {
Position chu(const std::string& sfen, const RuleOptions& o = {}) { return position(GameId::CHUSHOGI, sfen, o); }
}  // namespace

TEST(ChuSituation1_LionDoubleCapture, AllLionMovesAndTheThreeSquareForm) {
  // Black Lion 7g; White Gold 7f, Silver 6f, Pawn 7e.
  Position p = chu("k11/12/12/12/5p6/5gs5/5N6/12/12/12/12/11K b - 1");
  Set lion = legal_moves(p, "7g");
  EXPECT_EQ(lion.size(), 8u + 16u + 8u + 8u + 1u);  // steps, jumps, via 7f, via 6f, one pass
  for (const char* m : {"7g7f7e", "7g7f6f", "7g6f7f", "7g7f7g", "7g6f7g", "7g7f8g", "7g7e"})
    EXPECT_TRUE(lion.count(m)) << m;
  auto m = parse_move(p, "7g7f7e");
  ASSERT_TRUE(m.ok()) << m.error();
  p.do_move(*m);
  EXPECT_EQ(to_fen(p), "k11/12/12/12/5N6/6s5/12/12/12/12/12/11K w - 2");
}

TEST(ChuSituation1_LionDoubleCapture, DoubleStepThroughAnEmptySquareIsTheJump) {
  Position p = chu("k11/12/12/12/12/12/5N6/12/12/12/12/11K b - 1");
  auto a = parse_move(p, "7g7f7e"), b = parse_move(p, "7g7e");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(move_to_text(p, *a), "7g7e");
}

TEST(ChuSituation1_LionDoubleCapture, ThreeSquaresNotADoubleStepAreRefusedAsSuch) {
  // A user's game: the White Lion on 7e, no Lion within its reach. "7e7f7f" steps to 7f and
  // "to 7f" again, which no Lion move is (the second step goes to a square adjacent to 7f).
  auto v = make_variant(GameId::CHUSHOGI);
  Position p = position(GameId::CHUSHOGI, v->start_fen());
  for (const char* m : {"7i7h", "6c7e", "6i6h"}) play(p, m);
  auto m = parse_move(p, "7e7f7f");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "illegal move '7e7f7f': the Lion on 7e cannot move 7e-7f-7f");
  m = parse_move(p, "7e7c7d");  // the first step is a jump
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "illegal move '7e7c7d': the Lion on 7e cannot move 7e-7c-7d");
}

TEST(ChuSituation1_LionDoubleCapture, EveryThreeSquareTextOfTheLionIsReadOrRefusedRightly) {
  // Situation 1 (no enemy Lion): every from-mid-to text of the Lion on 7g is either one of its
  // legal moves or refused without a Lion-trading reason; every legal Lion move is read back.
  Position p = chu("k11/12/12/12/5p6/5gs5/5N6/12/12/12/12/11K b - 1");
  const Set lion = legal_moves(p, "7g");
  const Variant& v = p.variant();
  Square from;
  v.parse_square("7g", from);
  int accepted = 0;
  for (int y = 0; y < v.ranks(); ++y)
    for (int x = 0; x < v.files(); ++x) {
      const Square mid = make_square(x, y);
      if (distance(from, mid) != 1) continue;
      for (int y2 = 0; y2 < v.ranks(); ++y2)
        for (int x2 = 0; x2 < v.files(); ++x2) {
          const std::string text = "7g" + v.square_name(mid) + v.square_name(make_square(x2, y2));
          auto m = parse_move(p, text);
          if (!m.ok()) {
            EXPECT_EQ(m.error().find("bridge"), std::string::npos) << m.error();
            continue;
          }
          ++accepted;
          const bool pass = m->stays() && p.at(m->mid()) == EMPTY;  // any empty neighbour names the pass
          EXPECT_TRUE(pass || lion.count(move_to_text(p, *m))) << text;
        }
    }
  EXPECT_EQ(accepted, 8 * 8);  // each first step, then any neighbour of it (the start included)
  for (const auto& text : lion) {
    auto m = parse_move(p, text);
    ASSERT_TRUE(m.ok()) << text << ": " << m.error();
    EXPECT_EQ(move_to_text(p, *m), text);
  }
}

TEST(ChuSituation2_Igui, FalconHitAndRunOnlyForward) {
  // Black Horned Falcon 7g; White Pawns 7f (ahead) and 6g (beside).
  Position p = chu("k11/12/12/12/12/5p6/5+Hp5/12/12/12/12/11K b - 1");
  Set falcon = legal_moves(p, "7g");
  EXPECT_EQ(falcon.size(), 36u);
  Set lion_power;
  for (const auto& m : falcon)
    if (m.size() == 6 || m == "7g7f" || m == "7g7e") lion_power.insert(m);
  EXPECT_EQ(lion_power, (Set{"7g7e", "7g7f", "7g7f7e", "7g7f7g"}));
  EXPECT_TRUE(falcon.count("7g6g"));
  auto side_igui = parse_move(p, "7g6g7g");
  ASSERT_FALSE(side_igui.ok());
  EXPECT_EQ(side_igui.error(), "illegal move '7g6g7g': the Horned Falcon on 7g cannot move 7g-6g-7g");
  auto igui = parse_move(p, "7g7f7g");
  ASSERT_TRUE(igui.ok());
  p.do_move(*igui);
  EXPECT_EQ(to_fen(p), "k11/12/12/12/12/12/5+Hp5/12/12/12/12/11K w - 2");
}

TEST(ChuSituation2_Igui, EagleHitAndRunOnlyDiagonallyForward) {
  Position p = chu("k11/12/12/12/12/4p1p5/5+D6/5p6/12/12/12/11K b - 1");
  Set eagle = legal_moves(p, "7g");
  EXPECT_TRUE(eagle.count("7g6f7g"));
  EXPECT_TRUE(eagle.count("7g8f7g"));
  EXPECT_TRUE(eagle.count("7g6f5e"));
  EXPECT_FALSE(eagle.count("7g7h7g"));  // straight back: a plain slide capture only
  EXPECT_TRUE(eagle.count("7g7h"));
}

TEST(ChuSituation3_Pass, OnlyWithAnEmptyLionNeighbourAndNotAfterAPass) {
  Position p = chu("k11/12/5n6/12/12/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_TRUE(legal_moves(p).count("7g6f7g") + legal_moves(p).count("7g8f7g") + legal_moves(p).count("7g7f7g") +
                  legal_moves(p).count("7g8g7g") + legal_moves(p).count("7g6g7g") + legal_moves(p).count("7g8h7g") +
                  legal_moves(p).count("7g7h7g") + legal_moves(p).count("7g6h7g") ==
              1);  // one pass
  const Key before = p.key();
  const std::string board = to_fen(p).substr(0, to_fen(p).find(' '));
  play(p, "7g7f7g");
  EXPECT_EQ(to_fen(p).substr(0, to_fen(p).find(' ')), board);  // the board is unchanged
  EXPECT_NE(p.key(), before);                                  // but the turn has passed
  for (const auto& m : legal_moves(p)) EXPECT_FALSE(m.size() == 6 && m.substr(0, 2) == m.substr(4, 2)) << m;
  auto again = parse_move(p, "7c7d7c");
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error(), "illegal move '7c7d7c': no pass right after a pass");
  // A Falcon whose forward square holds its own piece cannot pass.
  Position q = chu("k11/12/12/12/12/5P6/5+H6/12/12/12/12/11K b - 1");
  for (const auto& m : legal_moves(q, "7g")) EXPECT_NE(m.size(), 6u) << m;
}

TEST(ChuSituation4_FalconJump, JumpsOverItsOwnPieceButNeverSlidesForward) {
  Position p = chu("k11/12/12/12/12/5P6/5+H6/12/12/12/12/11K b - 1");
  Set forward;
  for (const auto& m : legal_moves(p, "7g"))
    if (m[2] == '7' && m[3] < 'g') forward.insert(m);
  EXPECT_EQ(forward, (Set{"7g7e"}));
}

TEST(ChuSituation5_BridgeCapture, ProtectedLionCannotBeTakenFromADistance) {
  // Black Lion 7g, White Lion 7e protected by the White Gold 7d.
  Position p = chu("k11/12/12/5g6/5n6/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_FALSE(legal_moves(p).count("7g7e"));
  auto m = parse_move(p, "7g7f7e");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "illegal move '7g7f7e': bridge capture: the Lion would take a protected Lion from a distance");
  // Without the Gold the capture is allowed.
  Position q = chu("k11/12/12/12/5n6/12/5N6/12/12/12/12/11K b - 1");
  EXPECT_TRUE(legal_moves(q).count("7g7e"));
}

TEST(ChuSituation5_BridgeCapture, HiddenSliderProtectorBehindTheOrigin) {
  // White Rook 7i behind the Black Lion 7g: once the Lion leaves, it guards 7e.
  Position p = chu("k11/12/12/12/5n6/12/5N6/12/5r6/12/12/11K b - 1");
  EXPECT_FALSE(legal_moves(p).count("7g7e"));
  // A Black Pawn on 7h blocks the Rook: the capture is allowed.
  Position q = chu("k11/12/12/12/5n6/12/5N6/5P6/5r6/12/12/11K b - 1");
  EXPECT_TRUE(legal_moves(q).count("7g7e"));
}

TEST(ChuSituation5_BridgeCapture, AdjacentLionsMayAlwaysTrade) {
  Position p = chu("k11/12/12/12/5g6/5n6/5N6/12/12/12/12/11K b - 1");
  Set lion = legal_moves(p, "7g");
  EXPECT_TRUE(lion.count("7g7f"));
  EXPECT_TRUE(lion.count("7g7f7g"));  // igui on the adjacent Lion
  EXPECT_TRUE(lion.count("7g7f7e"));  // and on to take the Gold
}

TEST(ChuSituation5_BridgeCapture, FirstTakingANonPawnLiftsTheBan) {
  // White Silver 7f in front, White Lion 7e protected by the Gold 7d.
  Position p = chu("k11/12/12/5g6/5n6/5s6/5N6/12/12/12/12/11K b - 1");
  Set lion = legal_moves(p, "7g");
  EXPECT_TRUE(lion.count("7g7f7e"));
  EXPECT_FALSE(lion.count("7g7e"));
}

TEST(ChuSituation5_BridgeCapture, TakingThePawnThatWasTheOnlyProtectorIsAllowed) {
  // Black Lion 6d, White Pawn 6e guards the White Lion 6f; nothing else guards it.
  Position p = chu("k11/12/12/6N5/6p5/6n5/12/12/12/12/12/11K b - 1");
  Set lion = legal_moves(p, "6d");
  EXPECT_TRUE(lion.count("6d6e6f"));  // seed 003; lishogi forbids this one
  EXPECT_FALSE(lion.count("6d6f"));   // the Pawn still guards against the plain jump
  // With a second protector (a White Gold on 5e guards 6f diagonally) the ban stays.
  Position q = chu("k11/12/12/6N5/6pg4/6n5/12/12/12/12/12/11K b - 1");
  EXPECT_FALSE(legal_moves(q, "6d").count("6d6e6f"));
}

TEST(ChuSituation6_CounterStrike, NoNonLionLionCaptureElsewhereOnTheNextTurn) {
  // Black Rook 3i takes the White Lion 3c. White's Rook 9a may not then take the Black Lion 9i.
  Position p = chu("r10k/12/9n2/12/12/12/12/12/N8R2/12/12/11K b - 1");
  play(p, "3i3c");
  EXPECT_EQ(to_fen(p), "r10k/12/9R2/12/12/12/12/12/N11/12/12/11K w 3c 2");
  EXPECT_FALSE(legal_moves(p).count("12a12i"));
  auto m = parse_move(p, "12a12i");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(),
            "illegal move '12a12i': counter-strike: a Lion was just taken by a non-Lion, so a non-Lion may take a "
            "Lion only on 3c");
  // One turn later the restriction is gone.
  play(p, "1a2a");
  play(p, "1l2l");
  EXPECT_TRUE(legal_moves(p).count("12a12i"));
}

TEST(ChuSituation6_CounterStrike, AKirinThatTookALionCanBeRecaptured) {
  // Black Kirin 5f takes the White Lion 5d and promotes to Lion; White's Gold 5c recaptures.
  Position p = chu("11k/12/7g4/7n4/12/7O4/12/12/12/12/12/r8N1K b - 1");
  play(p, "5f5d+");
  EXPECT_EQ(p.counter_strike(), make_square(7, 8));
  EXPECT_TRUE(legal_moves(p).count("5c5d"));    // same square: allowed
  EXPECT_FALSE(legal_moves(p).count("12l3l"));  // Black's other Lion, elsewhere: not by the Rook
}

TEST(ChuSituation6_CounterStrike, LionTakesLionIsNotRestricted) {
  // After the Black Rook takes a Lion on 3c, White's Lion 9h may take Black's adjacent Lion 8i.
  Position p = chu("11k/12/9n2/12/12/12/12/3n8/4N4R2/12/12/11K b - 1");
  play(p, "3i3c");
  EXPECT_TRUE(legal_moves(p).count("9h8i"));
}

TEST(ChuSituation6_CounterStrike, AfterAnEagleIguiOnALionNoNonLionMayTakeALion) {
  // Black Soaring Eagle 7g takes the White Lion 6f by igui; White's Rook 12a may not take 12i.
  Position p = chu("r10k/12/12/12/12/6n5/5+D6/12/N11/12/12/11K b - 1");
  play(p, "7g6f7g");
  EXPECT_EQ(to_fen(p), "r10k/12/12/12/12/12/5+D6/12/N11/12/12/11K w 6f 2");
  EXPECT_FALSE(legal_moves(p).count("12a12i"));
}

TEST(ChuSituation7_Promotion, EnteringCapturingInsideLeavingWithCaptureAndLastRank) {
  // Silvers: 7e (enters), 3c (inside, quiet), 9d (inside, captures leaving to 10e).
  // White pieces to capture on 2b and 10e; Black Pawn 5b and Lance 1d.
  Position p = chu("k11/7P2p1/9S2/3S7L/2p2S6/12/12/12/12/12/12/11K b - 1");
  EXPECT_TRUE(legal_moves(p).count("7e7d+"));   // enters the zone
  EXPECT_TRUE(legal_moves(p).count("7e7d"));    // optional
  EXPECT_FALSE(legal_moves(p).count("3c3b+"));  // a quiet move inside the zone
  EXPECT_TRUE(legal_moves(p).count("3c2b+"));   // a capture from inside
  EXPECT_TRUE(legal_moves(p).count("9d10e+"));  // leaving the zone with a capture
  EXPECT_FALSE(legal_moves(p).count("9d9c+"));  // quiet inside
  EXPECT_TRUE(legal_moves(p).count("5b5a+"));   // a Pawn reaching the last rank
  EXPECT_TRUE(legal_moves(p).count("5b5a"));    // may stay a Pawn
  EXPECT_TRUE(legal_moves(p).count("1d1a+"));   // Lance too (rule option pawn+lance)
  EXPECT_FALSE(legal_moves(p).count("1d1b+"));
  RuleOptions pawn_only;
  pawn_only.last_rank = RuleOptions::LastRankPromotion::PAWN;
  Position q = chu("k11/7P2p1/9S2/3S7L/2p2S6/12/12/12/12/12/12/11K b - 1", pawn_only);
  EXPECT_FALSE(legal_moves(q).count("1d1a+"));
  EXPECT_TRUE(legal_moves(q).count("5b5a+"));
}

TEST(ChuSituation8_PromotedPieces, PromotedBishopNeverBecomesAFalcon) {
  Position p = chu("k11/12/12/12/4+B2H4/12/12/12/12/12/12/11K b - 1");
  for (const auto& m : legal_moves(p, "8e")) EXPECT_EQ(m.back() == '+', false) << m;
  EXPECT_TRUE(legal_moves(p).count("5e5d+"));  // a real Dragon Horse may
}

TEST(ChuSituation8_PromotedPieces, PromotedKirinIsALionForEveryLionRule) {
  Position p = chu("k11/12/12/5g6/5n6/5p6/5+O6/12/12/12/12/11K b - 1");
  Set lion = legal_moves(p, "7g");
  EXPECT_TRUE(lion.count("7g7f7g"));   // igui
  EXPECT_FALSE(lion.count("7g7e"));    // bridge capture of the protected Lion
  EXPECT_FALSE(lion.count("7g7f7e"));  // taking a Pawn first does not lift it
}

TEST(ChuSituation9_Prince, APrinceIsASecondRoyal) {
  // White Rook on file 7 attacks the Black Prince on 7i: that is check.
  Position p = chu("k4r6/12/12/12/12/12/12/12/5+E6/12/12/11K b - 1");
  EXPECT_TRUE(p.in_check());
  Position q = chu("k4r6/12/12/12/12/12/12/12/4+E7/12/12/11K b - 1");
  EXPECT_FALSE(q.in_check());
}

TEST(ChuSituation10_MovingIntoCheck, IsLegal) {
  Position p = chu("k5r5/12/12/12/12/12/12/12/12/12/12/5K6 b - 1");
  EXPECT_TRUE(legal_moves(p).count("7l6l"));  // onto the Rook's file
}

TEST(ChuHandicaps, AllStartPositionsLoadWithWhiteToMove) {
  auto v = make_variant(GameId::CHUSHOGI);
  ASSERT_EQ(v->def().setups.size(), 3u);
  for (const auto& [name, sfen] : v->def().setups) {
    auto p = parse_fen(v, sfen);
    ASSERT_TRUE(p.ok()) << name << ": " << p.error();
    EXPECT_EQ(p->side_to_move(), SECOND) << name;
    EXPECT_EQ(to_fen(*p), sfen);
  }
}
