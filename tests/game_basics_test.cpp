// Game: construction, play/undo/redo, claims, strict mode.
#include <gtest/gtest.h>

#include "game/game.h"
#include "notation/fen.h"
#include "notation/move_text.h"

using namespace kirin;

TEST(GameBasics, StartsOngoingAndPlaysText) {
  Game g(make_variant(Game::XIANGQI));
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.result().score(), "*");
  ASSERT_TRUE(g.play("h2e2").ok());
  ASSERT_TRUE(g.play("h9g7").ok());
  EXPECT_EQ(g.ply(), 2);
  EXPECT_EQ(g.keys().size(), 3u);
  EXPECT_EQ(to_fen(g.position()), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
}

TEST(GameBasics, IllegalMoveIsRefusedAndChangesNothing) {
  Game g(make_variant(Game::CHUSEIREIGI));
  auto r = g.play("7i7g");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "illegal move '7i7g': the Pawn on 7i cannot move to 7g");
  EXPECT_EQ(g.ply(), 0);
  EXPECT_FALSE(g.over());
}

TEST(GameBasics, StrictModeIllegalMoveLoses) {
  Game g(make_variant(Game::CHUSHOGI));
  g.set_strict(true);
  ASSERT_TRUE(g.play("7i7h").ok());
  EXPECT_FALSE(g.play("1a1b").ok());
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "illegal move"));
  EXPECT_EQ(g.result().text(), "1-0 illegal move");
  EXPECT_EQ(g.play("7d7e").error(), "the game is over: 1-0 illegal move");
}

TEST(GameBasics, UndoRedo) {
  Game g(make_variant(Game::CHUSHOGI));
  const Key k0 = g.position().key();
  ASSERT_TRUE(g.play("7i7h").ok());
  ASSERT_TRUE(g.play("6d6e").ok());
  const Key k2 = g.position().key();
  EXPECT_TRUE(g.undo());
  EXPECT_TRUE(g.undo());
  EXPECT_FALSE(g.undo());
  EXPECT_EQ(g.position().key(), k0);
  EXPECT_TRUE(g.can_redo());
  EXPECT_TRUE(g.redo());
  EXPECT_TRUE(g.redo());
  EXPECT_FALSE(g.redo());
  EXPECT_EQ(g.position().key(), k2);
  // A different move empties the redo list.
  g.undo();
  ASSERT_TRUE(g.play("5d5e").ok());
  EXPECT_FALSE(g.can_redo());
  EXPECT_EQ(move_to_text(g.position_at(1), g.moves()[1]), "5d5e");
}

TEST(GameBasics, ResignationAndAgreedDraw) {
  Game g(make_variant(Game::XIANGQI));
  ASSERT_TRUE(g.resign(FIRST).ok());
  EXPECT_EQ(g.result(), GameResult::win(SECOND, "resignation"));
  EXPECT_EQ(g.result().text(), "0-1 resignation");
  EXPECT_FALSE(g.agree_draw().ok());
  EXPECT_TRUE(g.undo());  // takes back the resignation
  EXPECT_FALSE(g.over());
  ASSERT_TRUE(g.agree_draw().ok());
  EXPECT_EQ(g.result().text(), "1/2-1/2 agreed draw");
  EXPECT_EQ(g.legal_moves().size(), 0);
}

TEST(GameBasics, FromFenRejectsBadFen) {
  auto g = Game::from_fen(make_variant(Game::XIANGQI), "nonsense");
  EXPECT_FALSE(g.ok());
}
