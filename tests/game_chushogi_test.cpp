// Chu Shogi game-end rules (../shared/rules/chu_shogi.md sections 6-7, 10).
#include "game_test_util.h"
#include "notation/move_text.h"
#include "rules/movegen.h"

using namespace kirin;
using namespace kirin::test;

// A Lion takes the lone White King: all royals captured.
TEST(GameChuShogi, KingCaptured) {
  Game g = game_at(GameId::CHUSHOGI, "6k5/6N5/12/12/12/12/12/12/12/12/12/6K5 b - 1");
  ASSERT_EQ(play_all(g, "6b6a"), "");
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "king captured"));
}

// With a Prince left, losing the King is not the end (test situation 9).
TEST(GameChuShogi, PrinceKeepsTheGameGoing) {
  Game g = game_at(GameId::CHUSHOGI, "5+ek5/6N5/12/12/12/12/12/12/12/12/12/6K5 b - 1");
  ASSERT_EQ(play_all(g, "6b6a"), "");
  EXPECT_FALSE(g.over());
  ASSERT_EQ(play_all(g, "7a6a"), "");  // the Prince takes the Lion: a royal each, nothing else
  EXPECT_EQ(g.result(), GameResult::draw("impossible to win"));
}

// Two Rooks mate the King in the corner: no move leaves it unattacked.
TEST(GameChuShogi, MateIsALoss) {
  Game g = game_at(GameId::CHUSHOGI, "11k/R11/1R10/12/12/12/12/12/12/12/12/6K5 b - 1");
  ASSERT_EQ(play_all(g, "11c11a"), "");
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "checkmate"));
}

// Go-Betweens shuffle from the start: the move that would make the start position occur a
// fourth time is refused, for the player who is not in check.
TEST(GameChuShogi, FourfoldRepetitionIsForbidden) {
  Game g(make_variant(GameId::CHUSHOGI));
  ASSERT_EQ(play_all(g, times(2, "9h9g 4e4f 9g9h 4f4e") + "9h9g 4e4f 9g9h"), "");
  EXPECT_EQ(g.repetitions(), 3);
  auto r = g.play("4f4e");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(),
            "illegal move '4f4e': fourfold repetition: it would produce the same position a fourth time "
            "(only a player in check may repeat)");
  EXPECT_FALSE(g.over());
  // Every other move stays legal.
  Position pos = g.position();
  MoveList all;
  generate_legal(pos, all);
  const MoveList allowed = g.legal_moves();
  EXPECT_EQ(allowed.size(), all.size() - 1);
  EXPECT_FALSE(g.is_legal(*parse_move(pos, "4f4e")));
}

// The King escaping check may repeat; the Rook giving the checks may not.
TEST(GameChuShogi, RepetitionAllowedWhenInCheck) {
  Game g = game_at(GameId::CHUSHOGI, "10k1/12/11R/12/12/12/12/12/12/12/12/6K5 b - 1");
  ASSERT_EQ(play_all(g, times(3, "1c2c 2a1a 2c1c 1a2a")), "");  // White's last move: a fourth occurrence
  EXPECT_EQ(g.repetitions(), 4);
  EXPECT_FALSE(g.over());
  auto r = g.play("1c2c");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("fourfold repetition"), std::string::npos);
}

TEST(GameChuShogi, NoPassAfterPass) {
  Game g = game_at(GameId::CHUSHOGI, "6k5/12/12/6n5/12/12/12/12/6N5/12/12/6K5 b - 1");
  ASSERT_EQ(play_all(g, "6i6h6i"), "");
  auto r = g.play("6d6e6d");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "illegal move '6d6e6d': no pass right after a pass");
}

// The King takes the last Gold: two bare Kings and an immobile Pawn cannot win.
TEST(GameChuShogi, BareKingsDraw) {
  Game g = game_at(GameId::CHUSHOGI, "P5k5/12/12/12/12/12/12/12/12/12/12/5gK5 b - 1");
  EXPECT_FALSE(g.over());
  ASSERT_EQ(play_all(g, "6l7l"), "");
  EXPECT_EQ(g.result(), GameResult::draw("impossible to win"));
}

// Option bareking=lishogi: taking the last White piece but the King wins for Black, who keeps
// a Rook and a Gold. Without the option the game goes on.
TEST(GameChuShogi, BareKingOption) {
  const std::string fen = "k11/12/12/12/11g/12/12/12/12/12/11R/5K1G4 b - 1";
  RuleOptions o;
  o.bare_king = RuleOptions::BareKing::LISHOGI;
  Game lishogi = game_at(GameId::CHUSHOGI, fen, o);
  ASSERT_EQ(play_all(lishogi, "1k1e"), "");
  EXPECT_EQ(lishogi.result(), GameResult::win(FIRST, "bare king"));
  Game plain = game_at(GameId::CHUSHOGI, fen);
  ASSERT_EQ(play_all(plain, "1k1e"), "");
  EXPECT_FALSE(plain.over());
}

TEST(GameChuShogi, IllegalMoveLosesInStrictMode) {
  Game g(make_variant(GameId::CHUSHOGI));
  g.set_strict(true);
  EXPECT_FALSE(g.play("7i7g").ok());
  EXPECT_EQ(g.result(), GameResult::win(SECOND, "illegal move"));
}

// Two royals (chu_shogi.md section 6): the Bishop on 6f attacks the King on 1a and the Prince on
// 11a, and Lances and a Kirin hold every other square either could step to (10b is the
// Bishop's alone). Every White reply leaves both attacked, yet play goes on: Black can take only
// one of them per move.
const char* const kForkedRoyals = "1+e9k/12/2O9/12/L9LL/6B5/12/12/12/12/12/6K5 w - 1";

TEST(GameChuShogi, TwoRoyalsAttackedAfterEveryReplyIsNotMate) {
  Game g = game_at(GameId::CHUSHOGI, kForkedRoyals);
  EXPECT_FALSE(g.over());
  Position pos = g.position();
  const MoveList replies = g.legal_moves();
  ASSERT_EQ(replies.size(), 8);  // three King steps, five Prince steps
  for (Move m : replies) {
    pos.do_move(m);
    int attacked = 0;
    for (Square s : pos.pieces(SECOND)) attacked += pos.attacked(s, FIRST);
    EXPECT_EQ(attacked, 2) << move_to_text(g.position(), m);
    pos.undo_move();
  }
}

// The King steps to 2b, still attacked; the Bishop takes it there, and with it leaves the
// Prince, whose only attacker it was: the Prince escapes to 10b and the game goes on.
TEST(GameChuShogi, CaptureOfOneRoyalLetsTheOtherEscape) {
  Game g = game_at(GameId::CHUSHOGI, kForkedRoyals);
  ASSERT_EQ(play_all(g, "1a2b 6f2b"), "");
  EXPECT_FALSE(g.over());
  EXPECT_FALSE(g.position().in_check());
  ASSERT_EQ(play_all(g, "11a10b"), "");
  EXPECT_FALSE(g.over());
  Square prince;
  ASSERT_EQ(g.variant().parse_square("10b", prince), 3);
  EXPECT_FALSE(g.position().attacked(prince, FIRST));
}

// The King steps to 1b and the Bishop takes the Prince instead: the King, now the only royal,
// has no square the Lances do not hold, so that is mate.
TEST(GameChuShogi, LastRoyalMatedAfterTheOtherIsTaken) {
  Game g = game_at(GameId::CHUSHOGI, kForkedRoyals);
  ASSERT_EQ(play_all(g, "1a1b"), "");
  EXPECT_FALSE(g.over());
  ASSERT_EQ(play_all(g, "6f11a"), "");
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "checkmate"));
}
