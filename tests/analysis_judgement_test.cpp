// The judgement of moves as lichess's analysis makes it (src/analysis/judgement.h): winning
// chances lost against 0.3, 0.2, 0.1, mates created and lost, the accuracy formula, the curve
// file and its fit.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/judgement.h"

using namespace kirin;

// Lichess's curve: 300 centipawns lost from equal is a blunder, 150 a mistake, 60 an inaccuracy,
// 50 nothing.
TEST(AnalysisJudgement, ThresholdsOnWinningChances) {
  const WinCurve c;
  EXPECT_EQ(judge_move(c, 0, -300), Judgement::BLUNDER);
  EXPECT_EQ(judge_move(c, 0, -150), Judgement::MISTAKE);
  EXPECT_EQ(judge_move(c, 0, -60), Judgement::INACCURACY);
  EXPECT_EQ(judge_move(c, 0, -50), Judgement::NONE);
  EXPECT_EQ(judge_move(c, -300, 0), Judgement::NONE);  // a gain is never judged
}

// From +20 pawns to +9 the position stays won: the margin is not the game.
TEST(AnalysisJudgement, LosingAWonPositionsMarginIsNotABlunder) {
  const WinCurve c;
  EXPECT_EQ(judge_move(c, 2000, 900), Judgement::NONE);
  EXPECT_EQ(judge_move(c, 2000, 0), Judgement::BLUNDER);
}

// A curve with a smaller k (a game whose centipawns run larger) needs larger losses.
TEST(AnalysisJudgement, TheCurveScalesTheThresholds) {
  const WinCurve c{LICHESS_WIN_K / 2};
  EXPECT_EQ(c.ceiling(), 2000);
  EXPECT_EQ(judge_move(c, 0, -300), Judgement::MISTAKE);
  EXPECT_EQ(judge_move(c, 0, -600), Judgement::BLUNDER);
}

// Mates, as lichess's MateAdvice: a mate let slip while still far ahead is an inaccuracy, into
// an equal position a blunder; a mate walked into from an equal position is a blunder, from a
// lost one an inaccuracy; a mate delayed or a lost position staying lost is nothing.
TEST(AnalysisJudgement, MatesCreatedAndLost) {
  const WinCurve c;
  EXPECT_EQ(judge_move(c, mate_in(3), 1500), Judgement::INACCURACY);
  EXPECT_EQ(judge_move(c, mate_in(3), 800), Judgement::MISTAKE);
  EXPECT_EQ(judge_move(c, mate_in(3), 0), Judgement::BLUNDER);
  EXPECT_EQ(judge_move(c, mate_in(3), mated_in(4)), Judgement::BLUNDER);
  EXPECT_EQ(judge_move(c, 0, mated_in(4)), Judgement::BLUNDER);
  EXPECT_EQ(judge_move(c, -800, mated_in(4)), Judgement::MISTAKE);
  EXPECT_EQ(judge_move(c, -1200, mated_in(4)), Judgement::INACCURACY);
  EXPECT_EQ(judge_move(c, mate_in(3), mate_in(7)), Judgement::NONE);
  EXPECT_EQ(judge_move(c, mated_in(6), mated_in(2)), Judgement::NONE);
}

TEST(AnalysisJudgement, MoveAccuracyFormula) {
  EXPECT_EQ(move_accuracy(50, 50), 100);
  EXPECT_EQ(move_accuracy(50, 70), 100);
  EXPECT_NEAR(move_accuracy(60, 50), 64.57982845372067, 1e-9);
  EXPECT_NEAR(move_accuracy(90, 10), 1.000170640274321, 1e-9);
}

// A side whose moves never lose winning chances is 100 accurate. Red's 30 -> -900 below is a
// blunder (its other moves lose little); Black's 20 -> 30 costs it a little. The figures are
// lila's gameAccuracy worked by hand (volatility windows of 2, weighted and harmonic means).
TEST(AnalysisJudgement, GameAccuracyPerSide) {
  const WinCurve c;
  const GameAccuracy steady = game_accuracy(c, {20, 25, 25, 25, 25}, FIRST);
  EXPECT_EQ(steady.first, 100);
  EXPECT_EQ(steady.second, 100);
  const GameAccuracy blunder = game_accuracy(c, {20, 20, 30, -900, -900, -950}, FIRST);
  EXPECT_NEAR(blunder.first, 20.790369452013522, 1e-9);
  EXPECT_NEAR(blunder.second, 98.46568993348403, 1e-9);
}

TEST(AnalysisJudgement, CurveFileReadAndWritten) {
  auto c = parse_win_curve(win_curve_text(WinCurve{0.0021}, "chushogi\nfitted"));
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_DOUBLE_EQ(c->k, 0.0021);
  EXPECT_EQ(win_curve_text(WinCurve{0.0021}, "chushogi"), "# chushogi\nk 0.00210000\n");
  EXPECT_EQ(parse_win_curve("# nothing\n").error(), "no \"k <value>\" line");
  EXPECT_EQ(parse_win_curve("k\n").error(), "line 1: expected \"k <value>\"");
  EXPECT_EQ(parse_win_curve("\nk -1\n").error(), "line 2: k must be between 0 and 1");
}

// Three wins in four at +100 (and the mirror at -100): the likeliest k makes 100 centipawns 75%.
TEST(AnalysisJudgement, FitFindsTheLikeliestCurve) {
  std::vector<ScoredResult> positions;
  for (int r : {1, 1, 1, -1}) positions.push_back({100, r}), positions.push_back({-100, -r});
  positions.push_back({32000, 1});  // a mate score: left out
  auto c = fit_win_curve(positions);
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_NEAR(c->k, std::log(3.0) / 100, 1e-7);
  EXPECT_EQ(fit_win_curve({{0, 1}, {50, 0}}).error(), "no decisive game with a non-zero score to fit the curve to");
}
