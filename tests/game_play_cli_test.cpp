// `kirin play` driven through a pipe: moves, commands, refusals with reasons, end of input.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli_test_util.h"

namespace {

using Session = kirin::test::CliRun;

Session play(const std::string& args, const std::string& input) {
  // One file per test: ctest runs the tests in parallel processes.
  const std::string in =
      testing::TempDir() + "/kirin_play_" + testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
  std::ofstream(in) << input;
  return kirin::test::run_kirin("play " + args + " < " + in);
}

bool has(const std::string& out, const std::string& text) { return out.find(text) != std::string::npos; }

}  // namespace

TEST(GamePlayCli, MovesCommandsAndEndOfInput) {
  Session s = play("--game chushogi", "7i7h\n7d7e\nmoves 7h\nN 7j-7i; N 7i-7j\nundo\nundo\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "Last move 2: 7d7e (p 7d-7e)")) << s.out;
  EXPECT_TRUE(has(s.out, "1 move: 7h7g\n")) << s.out;
  EXPECT_TRUE(has(s.out, "Last move 3: 7j7i7j (N 7j-7i; N 7i-7j)")) << s.out;
  EXPECT_TRUE(has(s.out, "Last move 1: 7i7h (P 7i-7h)\n")) << s.out;
}

TEST(GamePlayCli, BadMoveShowsWhyAndChangesNothing) {
  Session s = play(
      "--game chuseireigi --fen 'lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/pppppppppppp/12/12/12/12/"
      "PPPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/LACSGKEGSCAL b P 1'",
      "P*5e\nP*5f\nquit\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "illegal move 'P*5e': nifu: a pawn already stands on file 5\nBlack to move> ")) << s.out;
}

TEST(GamePlayCli, XiangqiWxfAndMate) {
  Session s = play("--game xiangqi --fen '4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1'", "R8+9\nresign\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "Last move 1: b0b9 (R8+9)")) << s.out;
  EXPECT_TRUE(has(s.out, "Game over: 1-0 checkmate\n")) << s.out;
  EXPECT_TRUE(has(s.out, "the game is over: 1-0 checkmate")) << s.out;
}

TEST(GamePlayCli, SaveAndLoad) {
  const std::string file = testing::TempDir() + "/kirin_play_save.kif";
  Session s = play("--game chushogi", "7i7h\nsave " + file + "\nundo\nload " + file + "\nload /nonexistent.kif\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "saved 1 moves to " + file)) << s.out;
  EXPECT_TRUE(has(s.out, "loaded 1 moves from " + file)) << s.out;
  EXPECT_TRUE(has(s.out, "load: cannot read '/nonexistent.kif'")) << s.out;
}

TEST(GamePlayCli, ADrawOfferAsksTheOtherPlayer) {
  Session s = play("--game xiangqi", "draw\nh2e2\ndraw\n\naccept\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "Red offers a draw: Black, type 'accept' to agree; anything else declines\nRed to move> "))
      << s.out;
  EXPECT_TRUE(has(s.out, "Black declines the draw\n\nLast move 1: h2e2 (C2=5)")) << s.out;
  EXPECT_TRUE(has(s.out, "Black offers a draw: Red, type 'accept' to agree; anything else declines\n")) << s.out;
  EXPECT_TRUE(has(s.out, "Game over: 1/2-1/2 agreed draw\n")) << s.out;
  // Accepting needs an offer.
  s = play("--game xiangqi", "accept\n");
  EXPECT_TRUE(has(s.out, "accept: no draw offer to accept\n")) << s.out;
}

// Issue 18: Chinese, WXF as the WXF site writes it and XBoard SAN typed at the prompt; the game
// saved in Chinese and a repetition claimed under repetition=vary.
TEST(GamePlayCli, XiangqiChineseSanAndChineseSave) {
  const std::string file = testing::TempDir() + "/kirin_play_save_zh.pgn";
  Session s =
      play("--game xiangqi", "炮二平五\n馬８進７\nHg2\nc9e7\nsave " + file + " chinese\nsave " + file + " kif\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "Last move 1: h2e2 (C2=5)")) << s.out;
  EXPECT_TRUE(has(s.out, "Last move 2: h9g7 (H8+7)")) << s.out;
  EXPECT_TRUE(has(s.out, "Last move 3: h0g2 (H2+3)")) << s.out;
  EXPECT_TRUE(has(s.out, "saved 4 moves to " + file)) << s.out;
  EXPECT_TRUE(has(s.out, "save: KIF records are for the shogi games; use PGN for xiangqi")) << s.out;
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(has(text, "1. 炮二平五 马８进７ 2. 马二进三 象３进５ *")) << text;
}

TEST(GamePlayCli, RepetitionVaryDrawIsClaimed) {
  Session s = play("--game xiangqi --option repetition=vary", "b0c2\nb9c7\nc2b0\nc7b9\nb0c2\nb9c7\nc2b0\nc7b9\ndraw\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "Game over: 1/2-1/2 threefold repetition")) << s.out;
}

// A perpetual chase ends the game with the offence in words (docs/xiangqi-repetition.md).
TEST(GamePlayCli, PerpetualChaseSaysWhoChasedWhat) {
  Session s = play("--game xiangqi --fen '4k4/9/1n7/9/9/9/9/9/2R6/3K5 w - - 0 1'",
                   "c1b1\nb7c9\nb1c1\nc9b7\nc1b1\nb7c9\nb1c1\nc9b7\n");
  EXPECT_EQ(s.code, 0);
  EXPECT_TRUE(has(s.out, "Game over: 0-1 perpetual chase (Red chased the Horse perpetually)\n")) << s.out;
}
