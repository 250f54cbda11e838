// Chu Seireigi "rules=legacy" (../shared/rules/chu_seireigi.md section 9, seed 001): stinging
// moves, the legacy pieces, the 64-point impasse.
#include "game_test_util.h"
#include "test_util.h"

using namespace kirin;
using namespace kirin::test;

namespace {

RuleOptions legacy() {
  RuleOptions o;
  o.seireigi_rules = RuleOptions::SeireigiRules::LEGACY;
  return o;
}

bool any_double_step(Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list)
    if (m.has_mid()) return true;
  return false;
}

}  // namespace

TEST(ChuSeireigiLegacy, RulesOptionIsParsed) {
  auto o = parse_rule_option(GameId::CHUSEIREIGI, {}, "rules=legacy");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(o->seireigi_rules, RuleOptions::SeireigiRules::LEGACY);
  auto bad = parse_rule_option(GameId::CHUSEIREIGI, {}, "rules=old");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "option rules: expected primary or legacy, got 'old'");
  EXPECT_FALSE(parse_rule_option(GameId::CHUSHOGI, {}, "rules=legacy").ok());
}

// The Lion takes the Pawn on 7e and may stop there, return (igui) or step on to any empty
// square next to 7e.
TEST(ChuSeireigiLegacy, LionStingCapturesThenStepsToAnEmptySquare) {
  Position pos = position(GameId::CHUSEIREIGI, "11k/12/12/12/5p6/5I6/12/12/12/12/12/K11 b - 1", legacy());
  EXPECT_EQ(legal_moves(pos, "7f7e"), (std::set<std::string>{"7f7e", "7f7e7f", "7f7e8d", "7f7e7d", "7f7e6d", "7f7e8e",
                                                             "7f7e6e", "7f7e8f", "7f7e6f"}));
  // The primary Lion is a pure leaper: the capture only.
  Position primary = position(GameId::CHUSEIREIGI, "11k/12/12/12/5p6/5I6/12/12/12/12/12/K11 b - 1");
  EXPECT_EQ(legal_moves(primary, "7f7e"), (std::set<std::string>{"7f7e"}));
}

// With a second Pawn on 7d the sting may not go on to 7d (its second step never captures);
// the Lion takes 7d by its jump instead.
TEST(ChuSeireigiLegacy, StingSecondStepNeverCaptures) {
  Position pos = position(GameId::CHUSEIREIGI, "11k/12/12/5p6/5p6/5I6/12/12/12/12/12/K11 b - 1", legacy());
  EXPECT_EQ(legal_moves(pos, "7f7e"),
            (std::set<std::string>{"7f7e", "7f7e7f", "7f7e8d", "7f7e6d", "7f7e8e", "7f7e6e", "7f7e8f", "7f7e6f"}));
  EXPECT_EQ(legal_moves(pos, "7f7d"), (std::set<std::string>{"7f7d"}));
}

// Nothing to capture next to the Lion: no double step at all, and no pass.
TEST(ChuSeireigiLegacy, NoStingWithoutACaptureAndNoPass) {
  Position pos = position(GameId::CHUSEIREIGI, "11k/12/12/12/12/5I6/12/12/12/12/12/K11 b - 1", legacy());
  EXPECT_FALSE(any_double_step(pos));
  EXPECT_FALSE(parse_move(pos, "7f7e7f").ok());
}

// The Lion on 10f shields its King on 9f from the Rook on 12f. Taking the Pawn on 11e and
// stepping back onto the rank (11f or 10f) would end safe, but between the steps the King stood
// in check, which seed 001 forbids. With the King off the rank the same stings are legal.
TEST(ChuSeireigiLegacy, KingMustNotBeInCheckBetweenTheStingsSteps) {
  Position pinned = position(GameId::CHUSEIREIGI, "11k/12/12/12/1p10/r1IK8/12/12/12/12/12/12 b - 1", legacy());
  EXPECT_EQ(legal_moves(pinned, "10f11e"), (std::set<std::string>{}));
  EXPECT_EQ(legal_moves(pinned, "10f11f"), (std::set<std::string>{"10f11f"}));
  Position free = position(GameId::CHUSEIREIGI, "11k/12/12/12/1p10/r1I9/3K8/12/12/12/12/12 b - 1", legacy());
  EXPECT_EQ(legal_moves(free, "10f11e").count("10f11e11f"), 1u);
  EXPECT_EQ(legal_moves(free, "10f11e").count("10f11e10f"), 1u);
}

// The Soaring Eagle stings only along its forward diagonals: through 6e, not through 7e, which
// its forward slide simply captures.
TEST(ChuSeireigiLegacy, SoaringEagleStingsOnlyDiagonallyForward) {
  Position pos = position(GameId::CHUSEIREIGI, "11k/12/12/12/5pp5/5+D6/12/12/12/12/12/K11 b - 1", legacy());
  EXPECT_EQ(legal_moves(pos, "7f6e"),
            (std::set<std::string>{"7f6e", "7f6e7f", "7f6e7d", "7f6e6d", "7f6e5d", "7f6e5e", "7f6e6f", "7f6e5f"}));
  EXPECT_EQ(legal_moves(pos, "7f7e"), (std::set<std::string>{"7f7e"}));
}

// The Horned Falcon stings straight forward only.
TEST(ChuSeireigiLegacy, HornedFalconStingsOnlyStraightForward) {
  Position pos = position(GameId::CHUSEIREIGI, "11k/12/12/12/4ppp5/5+H6/12/12/12/12/12/K11 b - 1", legacy());
  EXPECT_EQ(legal_moves(pos, "7f7e").size(), 1u + 1u + 5u);  // capture, igui, 8d 7d 6d 8f 6f
  EXPECT_EQ(legal_moves(pos, "7f6e"), (std::set<std::string>{"7f6e"}));
}

// Seed 001's Kirin: one step diagonally, or a jump of two in any of the eight directions.
TEST(ChuSeireigiLegacy, KirinStepsDiagonallyAndJumpsTwoAnyWay) {
  Position pos = position(GameId::CHUSEIREIGI, "11k/12/12/12/12/12/12/5O6/12/12/12/K11 b - 1", legacy());
  EXPECT_EQ(legal_moves(pos, "7h"), (std::set<std::string>{"7h8g", "7h6g", "7h8i", "7h6i", "7h7f", "7h7j", "7h9h",
                                                           "7h5h", "7h9f", "7h5f", "7h9j", "7h5j"}));
}

TEST(ChuSeireigiLegacy, PromotionsFollowSeed001) {
  auto v = make_variant(GameId::CHUSEIREIGI, legacy());
  auto promoted = [&](const char* token) { return v->kind(v->promoted(v->kind_by_token(token))).name; };
  EXPECT_EQ(promoted("O"), "Lion-mover");
  EXPECT_EQ(promoted("X"), "Queen-mover");
  EXPECT_EQ(promoted("A"), "Great Stag");
  EXPECT_EQ(promoted("U"), "Treacherous Fox");
  EXPECT_EQ(promoted("C"), "Running Leopard-mover");
  EXPECT_EQ(promoted("D"), "Soaring Eagle");
  EXPECT_FALSE(v->can_promote(v->kind_by_token("E")));  // the Great Elephant does not promote
  EXPECT_EQ(v->kind(v->kind_by_token("+O")).sting, "K");
}

// Dragon Kings start as pieces of their own in seed 001: a legacy FEN may hold one; the primary
// rules have no such piece.
TEST(ChuSeireigiLegacy, DragonKingIsAPieceOnlyInTheLegacyRules) {
  EXPECT_TRUE(
      parse_fen(make_variant(GameId::CHUSEIREIGI, legacy()), "11k/12/12/12/12/5D6/12/12/12/12/12/K11 b - 1").ok());
  EXPECT_FALSE(parse_fen(make_variant(GameId::CHUSEIREIGI), "11k/12/12/12/12/5D6/12/12/12/12/12/K11 b - 1").ok());
}

// 66 against 60 points: a draw with the primary 56-point rule, a win with seed 001's 64.
TEST(ChuSeireigiLegacy, ImpasseNeedsSixtyFourPoints) {
  const std::string fen = "12/7K4/12/12/12/12/12/12/12/12/7k4/12 b QIRBXO12G24Pqirbxo10g20p 1";
  Game primary = game_at(GameId::CHUSEIREIGI, fen);
  EXPECT_EQ(*primary.claim_impasse(FIRST), GameResult::draw("impasse 66-60"));
  Game old = game_at(GameId::CHUSEIREIGI, fen, legacy());
  EXPECT_EQ(*old.claim_impasse(FIRST), GameResult::win(FIRST, "impasse 66-60"));
}

// The start position is the primary one, with legacy pieces on it.
TEST(ChuSeireigiLegacy, StartsFromThePrimaryStartPosition) {
  auto v = make_variant(GameId::CHUSEIREIGI, legacy());
  EXPECT_EQ(v->start_fen(), make_variant(GameId::CHUSEIREIGI)->start_fen());
  EXPECT_EQ(v->def().impasse_threshold, 64);
}
