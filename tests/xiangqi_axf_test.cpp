// Xiangqi repetition=axf (docs/xiangqi-repetition.md): each principle, each exception, named
// after the Asian rules' rule and diagram whose ruling it reproduces. The rulebook's diagrams
// are images we could not read, so every board here is composed to show the same ruling.
#include "game/repetition_explain.h"
#include "game_test_util.h"
#include "rules/chase.h"
#include "rules/cycle_classes.h"

using namespace kirin;
using namespace kirin::test;

namespace {

RuleOptions rules(const char* repetition) {
  auto o = parse_rule_option(GameId::XIANGQI, {}, std::string("repetition=") + repetition);
  EXPECT_TRUE(o.ok()) << (o.ok() ? "" : o.error());
  return o.ok() ? *o : RuleOptions{};
}

// The two rounds of a four-ply cycle, after which the start position stands the third time.
std::string twice(const std::string& cycle) { return times(2, cycle); }

// Plays the moves, which must end the game on the last, and gives "score reason: detail".
std::string verdict(Game& g, const std::string& moves) {
  const std::string refused = play_all(g, moves);
  if (!refused.empty()) return refused;
  return g.result().text() + (g.result().detail.empty() ? "" : ": " + g.result().detail);
}

// Red's General shuttles e1-e0 and so uncovers, each time, the Chariot on the rank it leaves at
// the Black Cannon that shuttles a1-a0: a discovered chase by the General's own step, with two
// Chariots in turn. Black's Cannon answers each time by attacking a Chariot through the
// General, a different Chariot each time.
const char* GENERAL_UNCOVERS = "3k5/9/9/9/9/9/9/9/c3KR3/5R3 w - - 0 1";
const char* GENERAL_UNCOVERS_CYCLE = "e1e0 a1a0 e0e1 a0a1";

}  // namespace

// AXF rule 6: perpetual check loses, here with one Chariot (the same as repetition=simple).
TEST(XiangqiAxf, Rule6PerpetualCheckLoses) {
  Game g = game_at(GameId::XIANGQI, "3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("e5d5 d9e9 d5e5 e9d9")), "0-1 perpetual check: Red checked perpetually");
}

// The Chariot chases the unprotected Horse b7-c9: perpetual chase, named in words.
TEST(XiangqiAxf, PerpetualChaseOfAnUnprotectedHorseLoses) {
  Game g = game_at(GameId::XIANGQI, "4k4/9/1n7/9/9/9/9/9/2R6/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("c1b1 b7c9 b1c1 c9b7")), "0-1 perpetual chase: Red chased the Horse perpetually");
}

// AXF rule 15: a Chariot attacked by a Horse counts though protected (here by the Chariot on
// i7, which could take back on a7 and on b7). Black's Chariot attacks the Horse on b5 on every
// other move only: one chase and one idle move, allowed.
TEST(XiangqiAxf, Rule15ProtectedChariotChasedByAHorseLoses) {
  Game g = game_at(GameId::XIANGQI, "4k4/9/1r6r/9/1N7/9/9/9/9/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("b5d6 b7a7 d6b5 a7b7")), "0-1 perpetual chase: Red chased the Chariot perpetually");
}

// One check and one chase in turn (一将一捉) is a perpetual attack (长打), forbidden: xiangqi.md
// 6.1 point 4 and the CXA's 长打. Black's Chariot checks from d8 and attacks the unprotected
// Horse on c3 from c8 while Red's General steps e0-d0.
const char* const CHECK_AND_CHASE = "5k3/2r6/9/9/9/9/2N6/9/9/4K4 w - - 0 1";
const char* const CHECK_AND_CHASE_CYCLE = "e0d0 c8d8 d0e0 d8c8";

TEST(XiangqiAxf, OneCheckOneChaseLoses) {
  Game g = game_at(GameId::XIANGQI, CHECK_AND_CHASE);
  EXPECT_EQ(verdict(g, twice(CHECK_AND_CHASE_CYCLE)),
            "1-0 perpetual chase: Black checked and chased the Horse perpetually");
  const CycleReport r = classify_cycle(g.position(), 8);
  EXPECT_EQ(r.offence[SECOND], Offence::PERPETUAL_CHASE);
  EXPECT_TRUE(r.checked_too[SECOND]);
  EXPECT_EQ(r.offence[FIRST], Offence::NONE);
}

// AXF rule 18, diagrams 37-38, in the Hong Kong text: "Black Cannon's one check and one chase is
// allowed". repetition=axf-hk keeps that reading.
TEST(XiangqiAxf, Rule18OneCheckOneChaseIsAllowedUnderAxfHk) {
  Game g = game_at(GameId::XIANGQI, CHECK_AND_CHASE, rules("axf-hk"));
  EXPECT_EQ(verdict(g, twice(CHECK_AND_CHASE_CYCLE)), "1/2-1/2 threefold repetition");
}

// One check and one idle move (一将一闲) is allowed: the same without the Horse.
TEST(XiangqiAxf, OneCheckOneIdleIsAllowed) {
  Game g = game_at(GameId::XIANGQI, "5k3/2r6/9/9/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("e0d0 c8d8 d0e0 d8c8")), "1/2-1/2 threefold repetition");
}

// AXF rule 8 (一将一闲): a side whose checks alternate with moves that are no check does not
// check perpetually. Red's Horse checks from c7 (the General on e8) and steps back to d5, from
// where it attacks neither e8 nor f8; Black's General only steps out of the check and back.
TEST(XiangqiAxf, Rule8CheckAndIdleInTurnIsADraw) {
  Game g = game_at(GameId::XIANGQI, "9/4k4/9/9/3N5/9/9/9/9/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("d5c7 e8f8 c7d5 f8e8")), "1/2-1/2 threefold repetition");
}

// AXF rule 8, diagram 5 ("two checks, one check back"): Red's Horse checks with every move (from
// c7 the General on e8, from e6 the General on d8); Black's General answers the first check by
// uncovering the Cannon on e9 at Red's General behind the Soldier on e5, the second by stepping
// back, no check (the Cannon then attacks the Horse, which the Soldier protects). Red checked
// perpetually and loses; Black's check and idle move in turn is no offence.
TEST(XiangqiAxf, Rule8TwoChecksOneCheckBackLoses) {
  Game g = game_at(GameId::XIANGQI, "4c4/4k4/9/4N4/4P4/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("e6c7 e8d8 c7e6 d8e8")), "0-1 perpetual check: Red checked perpetually");
  const CycleReport r = classify_cycle(g.position(), 8);
  ASSERT_EQ(r.moves.size(), 8u);
  EXPECT_EQ(r.offence[FIRST], Offence::PERPETUAL_CHECK);
  EXPECT_EQ(r.offence[SECOND], Offence::NONE);
  EXPECT_TRUE(r.moves[1].check);
  EXPECT_FALSE(r.moves[3].check);
  EXPECT_FALSE(r.moves[3].chases());
}

// A perpetual checker against a perpetual chaser loses (CXA 2011 art. 26, AXF rule 8). Red's
// Chariot checks the General from i8 (on e8) and from i9 (on e9); each step of the General
// uncovers a Black Cannon (a8, a9, behind the Red Soldiers on c8, c9) at the Chariot: Black
// chases the Chariot with every move, Red checks with every move, and Red loses.
TEST(XiangqiAxf, PerpetualCheckAgainstPerpetualChaseLoses) {
  Game g = game_at(GameId::XIANGQI, "c1P5R/c1P1k4/9/9/9/9/9/9/9/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("i9i8 e8e9 i8i9 e9e8")), "0-1 perpetual check: Red checked perpetually");
  const CycleReport r = classify_cycle(g.position(), 8);
  EXPECT_EQ(r.offence[FIRST], Offence::PERPETUAL_CHECK);
  EXPECT_EQ(r.offence[SECOND], Offence::PERPETUAL_CHASE);
  ASSERT_EQ(r.chased_kinds[SECOND].size(), 1u);
  EXPECT_EQ(g.variant().kind(r.chased_kinds[SECOND][0]).name, "Chariot");
}

// AXF rule 24: a Chariot attacking a Chariot that can take it first offers an exchange: no chase.
TEST(XiangqiAxf, Rule24ExchangeOfferedIsNoChase) {
  Game g = game_at(GameId::XIANGQI, "4k4/9/1r7/9/9/9/9/9/2R6/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("c1b1 b7c7 b1c1 c7b7")), "1/2-1/2 threefold repetition");
}

// AXF rule 25: an uncrossed Soldier may be attacked for ever. Red's Cannon steps d5-e5, in turn
// freeing the Horse's leg (d5) and closing the Chariot's file (e5): each move attacks e6 anew.
TEST(XiangqiAxf, Rule25UncrossedSoldierMayBeChased) {
  Game g = game_at(GameId::XIANGQI, "5k3/9/9/4p4/3C5/3N5/9/4R4/9/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("d5e5 f9f8 e5d5 f8f9")), "1/2-1/2 threefold repetition");
}

// AXF rule 25: a crossed Soldier is material; the same manoeuvre a rank lower chases it.
TEST(XiangqiAxf, Rule25CrossedSoldierIsChased) {
  Game g = game_at(GameId::XIANGQI, "5k3/9/9/9/9/4p4/3C5/3N5/4R4/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("d3e3 f9f8 e3d3 f8f9")), "0-1 perpetual chase: Red chased the Soldier perpetually");
}

// AXF rule 36, diagrams 92-93: several pieces chasing one piece in turn is a perpetual chase:
// the Horse and the Chariot, uncovered in turn by the Cannon, attack the Black Cannon on e6.
TEST(XiangqiAxf, Rule36SeveralPiecesChasingOneLose) {
  Game g = game_at(GameId::XIANGQI, "5k3/9/9/4c4/3C5/3N5/9/4R4/9/3K5 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("d5e5 f9f8 e5d5 f8f9")), "0-1 perpetual chase: Red chased the Cannon perpetually");
}

// AXF rule 28, diagram 67: the General may chase for ever (the Black Cannon d2-e2).
TEST(XiangqiAxf, Rule28TheGeneralMayChase) {
  Game g = game_at(GameId::XIANGQI, "5k3/9/9/9/9/9/9/3c5/4K4/9 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("e1d1 d2e2 d1e1 e2d2")), "1/2-1/2 threefold repetition");
}

// A Soldier may chase for ever (CXA 2011 art. 27): Red's Soldier attacks the Cannon d7-e7.
TEST(XiangqiAxf, ASoldierMayChase) {
  Game g = game_at(GameId::XIANGQI, "3k5/9/3c5/4P4/9/9/9/9/9/5K3 w - - 0 1");
  EXPECT_EQ(verdict(g, twice("e6d6 d7e7 d6e6 e7d7")), "1/2-1/2 threefold repetition");
}

// One piece chasing two pieces in turn (一子轮捉) is a chase (xiangqi.md 6.1 point 2): the
// Chariot attacks the Cannon on i7 and the Horse on a7 in turn.
const char* const ONE_CHASES_TWO = "4k4/9/n7c/9/9/9/9/R8/9/3K5 w - - 0 1";
const char* const ONE_CHASES_TWO_CYCLE = "a2i2 e9e8 i2a2 e8e9";

TEST(XiangqiAxf, OnePieceChasingTwoInTurnLoses) {
  Game g = game_at(GameId::XIANGQI, ONE_CHASES_TWO);
  EXPECT_EQ(verdict(g, twice(ONE_CHASES_TWO_CYCLE)),
            "0-1 perpetual chase: Red chased the Cannon and the Horse perpetually");
}

// AXF rule 32, diagrams 76-80, in the Hong Kong text: "One piece perpetually chases two pieces or
// more should be ruled as a draw". repetition=axf-hk keeps that reading.
TEST(XiangqiAxf, Rule32OnePieceChasingTwoIsAllowedUnderAxfHk) {
  Game g = game_at(GameId::XIANGQI, ONE_CHASES_TWO, rules("axf-hk"));
  EXPECT_EQ(verdict(g, twice(ONE_CHASES_TWO_CYCLE)), "1/2-1/2 threefold repetition");
}

// A chase uncovered by the General's own step counts (CXA 2011 art. 27, 借帅之力). Black's
// Cannon attacks the two Chariots in turn, one piece chasing two: both sides chase, a draw.
TEST(XiangqiAxf, DiscoveredChaseByTheGeneralsStepAgainstOneChasingTwoDraws) {
  Game g = game_at(GameId::XIANGQI, GENERAL_UNCOVERS);
  EXPECT_EQ(verdict(g, twice(GENERAL_UNCOVERS_CYCLE)), "1/2-1/2 mutual perpetual chase: both sides chased perpetually");
}

// Under axf-hk Black's chase of two Chariots in turn is allowed, and Red's discovered chase loses.
TEST(XiangqiAxf, DiscoveredChaseByTheGeneralsStepLosesUnderAxfHk) {
  Game g = game_at(GameId::XIANGQI, GENERAL_UNCOVERS, rules("axf-hk"));
  EXPECT_EQ(verdict(g, twice(GENERAL_UNCOVERS_CYCLE)), "0-1 perpetual chase: Red chased the Cannon perpetually");
}

// The same under repetition=simple, where a General's step never chases: a draw.
TEST(XiangqiAxf, SimpleRuleKeepsTheGeneralsStepIdle) {
  Game g = game_at(GameId::XIANGQI, GENERAL_UNCOVERS, rules("simple"));
  EXPECT_EQ(verdict(g, twice(GENERAL_UNCOVERS_CYCLE)), "1/2-1/2 threefold repetition");
}

// repetition=vary keeps the default rule set: the offender's repeating move is refused (Red's
// Chariot, chasing one Horse and one Cannon in turn); with axf-hk+vary that move is allowed.
// axf-hk+vary refuses the General's discovered chase, simple+vary lets it be.
TEST(XiangqiAxf, VaryCombinesWithEveryRuleSet) {
  Game axf = game_at(GameId::XIANGQI, ONE_CHASES_TWO, rules("vary"));
  ASSERT_EQ(play_all(axf, twice(ONE_CHASES_TWO_CYCLE)), "");
  EXPECT_FALSE(axf.over());
  EXPECT_EQ(play_all(axf, "a2i2"),
            "move 1 'a2i2': illegal move 'a2i2': the aggressor must vary: it would repeat the position a third "
            "time, checking or chasing perpetually");
  Game hk_two = game_at(GameId::XIANGQI, ONE_CHASES_TWO, rules("axf-hk+vary"));
  ASSERT_EQ(play_all(hk_two, twice(ONE_CHASES_TWO_CYCLE) + "a2i2"), "");
  EXPECT_FALSE(hk_two.over());
  Game hk = game_at(GameId::XIANGQI, GENERAL_UNCOVERS, rules("axf-hk+vary"));
  ASSERT_EQ(play_all(hk, twice(GENERAL_UNCOVERS_CYCLE)), "");
  EXPECT_FALSE(hk.over());
  EXPECT_EQ(play_all(hk, "e1e0"),
            "move 1 'e1e0': illegal move 'e1e0': the aggressor must vary: it would repeat the position a third "
            "time, checking or chasing perpetually");
  Game simple = game_at(GameId::XIANGQI, GENERAL_UNCOVERS, rules("simple+vary"));
  ASSERT_EQ(play_all(simple, twice(GENERAL_UNCOVERS_CYCLE) + "e1e0"), "");
  EXPECT_FALSE(simple.over());
}

TEST(XiangqiAxf, RepetitionOptionValues) {
  EXPECT_EQ(rules("axf").xiangqi_repetition, RuleOptions::XiangqiRepetition::AXF);
  EXPECT_EQ(RuleOptions{}.xiangqi_repetition, RuleOptions::XiangqiRepetition::AXF);
  EXPECT_FALSE(RuleOptions{}.repetition_vary);
  const RuleOptions sv = rules("simple+vary");
  EXPECT_EQ(sv.xiangqi_repetition, RuleOptions::XiangqiRepetition::SIMPLE);
  EXPECT_TRUE(sv.repetition_vary);
  EXPECT_TRUE(rules("vary").repetition_vary);
  EXPECT_EQ(rules("vary").xiangqi_repetition, RuleOptions::XiangqiRepetition::AXF);
  EXPECT_EQ(rules("axf-hk+vary").xiangqi_repetition, RuleOptions::XiangqiRepetition::AXF_HK);
  auto bad = parse_rule_option(GameId::XIANGQI, {}, "repetition=axf+sometimes");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(),
            "option repetition: expected axf, axf-hk, simple, ends or vary (or two joined by '+', as axf+vary), got "
            "'axf+sometimes'");
}

// Each move of the cycle classed, with the pieces and why (kirin replay --explain).
TEST(XiangqiAxf, ExplainNamesEveryMoveOfTheCycle) {
  Game g = game_at(GameId::XIANGQI, GENERAL_UNCOVERS, rules("axf-hk"));
  ASSERT_EQ(play_all(g, twice(GENERAL_UNCOVERS_CYCLE)), "");
  const std::vector<std::string> want = {
      "cycle: moves 1-8, rules axf-hk",
      "1. Red e1e0: chase: the Chariot f1 attacks the Cannon a1, unprotected",
      "2. Black a1a0: chase: the Cannon a0 attacks the Chariot f0, a Chariot attacked by a Cannon, protected or not",
      "3. Red e0e1: chase: the Chariot f0 attacks the Cannon a0, unprotected",
      "4. Black a0a1: chase: the Cannon a1 attacks the Chariot f1, a Chariot attacked by a Cannon, protected or not",
      "5. Red e1e0: chase: the Chariot f1 attacks the Cannon a1, unprotected",
      "6. Black a1a0: chase: the Cannon a0 attacks the Chariot f0, a Chariot attacked by a Cannon, protected or not",
      "7. Red e0e1: chase: the Chariot f0 attacks the Cannon a0, unprotected",
      "8. Black a0a1: chase: the Cannon a1 attacks the Chariot f1, a Chariot attacked by a Cannon, protected or not",
      "verdict: 0-1 perpetual chase: Red chased the Cannon perpetually"};
  EXPECT_EQ(explain_repetition(g), want);
}

// Idle moves say why: an exchange offered, or no new threat.
TEST(XiangqiAxf, ExplainSaysWhyAMoveIsIdle) {
  Game g = game_at(GameId::XIANGQI, "4k4/9/1r7/9/9/9/9/9/2R6/3K5 w - - 0 1");
  ASSERT_EQ(play_all(g, twice("c1b1 b7c7 b1c1 c7b7")), "");
  const std::vector<std::string> lines = explain_repetition(g);
  ASSERT_EQ(lines.size(), 10u);
  EXPECT_EQ(lines[1],
            "1. Red c1b1: idle: the Chariot b1 attacks the Chariot b7, an exchange offered: the Chariot can take back");
  EXPECT_EQ(lines[2], "2. Black b7c7: idle: no new threat");
  EXPECT_EQ(lines[9], "verdict: 1/2-1/2 threefold repetition");
}

// The classifier itself: the cycle's offences and the piece chased.
TEST(XiangqiAxf, ClassifyCycleNamesTheOffenceAndThePiece) {
  Game g = game_at(GameId::XIANGQI, GENERAL_UNCOVERS);
  ASSERT_EQ(play_all(g, GENERAL_UNCOVERS_CYCLE), "");
  const CycleReport r = classify_cycle(g.position(), 4);
  ASSERT_EQ(r.moves.size(), 4u);
  EXPECT_EQ(r.offence[FIRST], Offence::PERPETUAL_CHASE);
  EXPECT_EQ(r.offence[SECOND], Offence::PERPETUAL_CHASE);  // the Cannon chases both Chariots in turn
  ASSERT_EQ(r.chased_kinds[FIRST].size(), 1u);
  EXPECT_EQ(g.variant().kind(r.chased_kinds[FIRST][0]).name, "Cannon");
  ASSERT_EQ(r.chased_kinds[SECOND].size(), 2u);
  EXPECT_NE(r.chased_ids[SECOND][0], r.chased_ids[SECOND][1]);
  EXPECT_FALSE(r.moves[0].check);
  ASSERT_EQ(r.moves[0].threats.size(), 1u);
  EXPECT_EQ(g.variant().kind(r.moves[0].threats[0].attacker).name, "Chariot");
}

// AXF appendix ("Example of Perpetual Chase"): a move that takes away the target's protection
// chases. The Chariot on c2 attacked the Horse on c7 before, protected by the Chariot on i7; the
// Soldier's step to e7 cuts the rank, and the same attack now counts. repetition=simple sees an
// old attack only.
TEST(XiangqiAxf, AppendixTakingAwayProtectionChases) {
  Game g = game_at(GameId::XIANGQI, "4k4/9/2n5r/4P4/9/9/9/2R6/9/3K5 w - - 0 1");
  ASSERT_EQ(play_all(g, "e6e7"), "");
  const CycleReport r = classify_cycle(g.position(), 1, true);
  ASSERT_EQ(r.moves.size(), 1u);
  ASSERT_EQ(r.moves[0].threats.size(), 1u);
  const Threat& t = r.moves[0].threats[0];
  EXPECT_EQ(g.variant().kind(t.attacker).name, "Chariot");
  EXPECT_EQ(g.variant().kind(t.target).name, "Horse");
  EXPECT_EQ(t.why, ThreatWhy::UNPROTECTED);
  EXPECT_FALSE(perpetual_chasers(g.position(), 1)[FIRST]);
}

// checklimit=N (Tiantian Xiangqi: 6): the check beyond N in a row by one piece is refused.
TEST(XiangqiAxf, CheckLimitRefusesTheCheckBeyondTheCap) {
  RuleOptions o;
  o.check_limit = 2;
  Game g = game_at(GameId::XIANGQI, "3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1", o);
  ASSERT_EQ(play_all(g, "e5d5 d9e9 d5e5 e9d9"), "");
  EXPECT_EQ(play_all(g, "e5d5"),
            "move 1 'e5d5': illegal move 'e5d5': check limit: check number 3 in a row, by 1 piece: checklimit=2 "
            "allows 2");
  EXPECT_EQ(play_all(g, "e5e4"), "");  // a quiet move ends the run
  auto parsed = parse_rule_option(GameId::XIANGQI, {}, "checklimit=6");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->check_limit, 6);
}

// A smaller piece attacking a bigger one (以小捉大) chases it, protected or not, by the rulebooks'
// values (the Chariot attacked by a Horse or Cannon is one case): the Elephant's step to e7
// attacks the Horse on c5, which the Chariot on c0 protects.
TEST(XiangqiAxf, ElephantAttackingAProtectedHorseChases) {
  Game g = game_at(GameId::XIANGQI, "3k2b2/9/9/9/2N6/9/9/9/9/2R1K4 b - - 0 1");
  ASSERT_EQ(play_all(g, "g9e7"), "");
  const CycleReport r = classify_cycle(g.position(), 1, true);
  ASSERT_EQ(r.moves.size(), 1u);
  ASSERT_EQ(r.moves[0].threats.size(), 1u);
  EXPECT_EQ(r.moves[0].threats[0].why, ThreatWhy::WORTH_MORE);
  EXPECT_TRUE(r.moves[0].chases());
  // The same Horse attacked by a Chariot is protected: no chase.
  Game chariot = game_at(GameId::XIANGQI, "3k4r/9/9/9/2N6/9/9/9/9/2R1K4 b - - 0 1");
  ASSERT_EQ(play_all(chariot, "i9i5"), "");
  const CycleReport c = classify_cycle(chariot.position(), 1, true);
  ASSERT_EQ(c.moves[0].threats.size(), 1u);
  EXPECT_EQ(c.moves[0].threats[0].why, ThreatWhy::PROTECTED);
}
