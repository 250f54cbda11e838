// The repetition table the referee and the search share (rules/repetition_verdict.h).
#include "rules/repetition_verdict.h"

#include <gtest/gtest.h>

#include <string>

#include "notation/fen.h"
#include "notation/move_text.h"

using namespace kirin;

namespace {

std::string said(const RepetitionVerdict& v) {
  return (v.draw ? std::string("draw") : std::string(v.loser == FIRST ? "first" : "second") + " loses") + ": " +
         std::string(v.reason());
}

}  // namespace

// chu_seireigi.md 5.4: perpetual check loses for the checker, any other fourfold repetition draws.
TEST(RepetitionVerdict, ChuSeireigiPerpetualCheckLosesOtherwiseDraw) {
  EXPECT_EQ(said(judge_cycle(GameId::CHUSEIREIGI, {true, false}, nullptr, 8)), "first loses: perpetual check");
  EXPECT_EQ(said(judge_cycle(GameId::CHUSEIREIGI, {false, true}, nullptr, 8)), "second loses: perpetual check");
  EXPECT_EQ(said(judge_cycle(GameId::CHUSEIREIGI, {true, true}, nullptr, 8)), "draw: mutual perpetual check");
  EXPECT_EQ(said(judge_cycle(GameId::CHUSEIREIGI, {false, false}, nullptr, 8)), "draw: fourfold repetition");
  EXPECT_EQ(repetition_count(GameId::CHUSEIREIGI), 4);
  EXPECT_EQ(repetition_count(GameId::XIANGQI), 3);
}

// xiangqi.md section 6, rule 3: a perpetual chase loses, but checking is worse than chasing: if
// one side checks perpetually and the other chases perpetually, the checker loses. Red's Chariot
// chases the unprotected Horse with both its moves (SearchRepetition.XiangqiPerpetualChaseLoses...);
// the check facts are set by hand, as no short cycle has both.
TEST(RepetitionVerdict, XiangqiCheckingIsWorseThanChasing) {
  auto pos = parse_fen(make_variant(GameId::XIANGQI), "4k4/9/1n7/9/9/9/9/9/2R6/3K5 w - - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  for (const char* text : {"c1b1", "b7c9", "b1c1", "c9b7"}) {
    auto m = parse_move(*pos, text);
    ASSERT_TRUE(m.ok()) << text;
    pos->do_move(*m);
  }
  EXPECT_EQ(said(judge_cycle(GameId::XIANGQI, {false, false}, &*pos, 4)), "first loses: perpetual chase");
  EXPECT_EQ(said(judge_cycle(GameId::XIANGQI, {false, true}, &*pos, 4)), "second loses: perpetual check");
  EXPECT_EQ(said(judge_cycle(GameId::XIANGQI, {true, true}, &*pos, 4)), "draw: mutual perpetual check");
  // Without the position (or with too short a history) no chase can be seen.
  EXPECT_EQ(said(judge_cycle(GameId::XIANGQI, {false, false}, nullptr, 4)), "draw: threefold repetition");
  EXPECT_EQ(said(judge_cycle(GameId::XIANGQI, {false, false}, &*pos, 6)), "draw: threefold repetition");
}
