// Chu Seireigi game-end rules (../shared/rules/chu_seireigi.md sections 5.4-5.5).
#include "game_test_util.h"

using namespace kirin;
using namespace kirin::test;

// A Gold dropped in front of the King, protected by a Pawn.
TEST(GameChuSeireigi, Checkmate) {
  Game g = game_at(Game::CHUSEIREIGI, "6k5/12/6P5/12/12/12/12/12/12/12/12/6K5 b G 1");
  ASSERT_EQ(play_all(g, "G*6b"), "");
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "checkmate"));
}

// A Lance drop takes the King's last squares without giving check: stalemate loses too.
TEST(GameChuSeireigi, StalemateLoses) {
  Game g = game_at(Game::CHUSEIREIGI, "11k/12/11G/12/12/12/12/12/12/12/12/6K5 b L 1");
  ASSERT_EQ(play_all(g, "L*2f"), "");
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "stalemate"));
}

// Both Lions jump out and back: the start position for the fourth time is a draw.
TEST(GameChuSeireigi, FourfoldRepetitionDraw) {
  Game g(make_variant(Game::CHUSEIREIGI));
  ASSERT_EQ(play_all(g, times(2, "7j7h 6c6e 7h7j 6e6c") + "7j7h 6c6e 7h7j"), "");
  EXPECT_FALSE(g.over());
  ASSERT_EQ(play_all(g, "6e6c"), "");
  EXPECT_EQ(g.result(), GameResult::draw("fourfold repetition"));
}

// The Rook checks from 1c and 2c while the King steps between 2a and 1a: at the fourth
// occurrence every Black move since the first gave check, so Black loses.
TEST(GameChuSeireigi, PerpetualCheckLoses) {
  Game g = game_at(Game::CHUSEIREIGI, "10k1/12/11R/12/12/12/12/12/12/12/12/6K5 b - 1");
  ASSERT_EQ(play_all(g, times(2, "1c2c 2a1a 2c1c 1a2a") + "1c2c 2a1a 2c1c"), "");
  EXPECT_FALSE(g.over());
  ASSERT_EQ(play_all(g, "1a2a"), "");
  EXPECT_EQ(g.result(), GameResult::win(SECOND, "perpetual check"));
}

// Both Kings in their zones; points on the board and in hand, Kings 0, the big pieces 5.
TEST(GameChuSeireigi, ImpasseCount) {
  Game draw = game_at(Game::CHUSEIREIGI, "12/7K4/12/12/12/12/12/12/12/12/7k4/12 b QIRBXO31Pqirbxo28p 1");
  auto r = draw.claim_impasse(FIRST);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, GameResult::draw("impasse 61-58"));

  Game loss = game_at(Game::CHUSEIREIGI, "12/7K4/12/12/12/12/12/12/12/12/7k4/1+r10 b QIRBXO31Pqbxo20p 1");
  EXPECT_EQ(*loss.claim_impasse(SECOND), GameResult::win(FIRST, "impasse 61-45"));
}

TEST(GameChuSeireigi, ImpasseNeedsBothKingsInTheirZones) {
  Game g = game_at(Game::CHUSEIREIGI, "12/7K4/12/12/12/12/12/7k4/12/12/12/12 b - 1");
  auto r = g.claim_impasse(FIRST);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "impasse: Black may not claim: the White King is not in its promotion zone");
  EXPECT_FALSE(g.over());
}
