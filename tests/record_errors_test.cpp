// Each importer names the line and column of the fault; a bad record never yields a game.
#include <gtest/gtest.h>

#include "game/record.h"

using namespace kirin;

namespace {

std::string error_of(GameId id, const std::string& text, RecordFormat f) {
  auto g = read_record(make_variant(id), text, f);
  return g.ok() ? "(read fine)" : g.error();
}

}  // namespace

TEST(RecordErrors, UsiIllegalMove) {
  EXPECT_EQ(error_of(GameId::CHUSHOGI, "position startpos moves 7i7h\n  7d7e 7h7f", RecordFormat::USI),
            "line 2, column 8: move 3: illegal move '7h7f': the Pawn on 7h cannot move to 7f");
}

TEST(RecordErrors, UsiBadPosition) {
  EXPECT_EQ(error_of(GameId::XIANGQI, "position fen rnbakabnr/9 w moves h2e2", RecordFormat::USI),
            "line 1, column 14: bad position: board field: the board has 10 ranks, found 2");
}

TEST(RecordErrors, GameCourierWrongPiece) {
  EXPECT_EQ(error_of(GameId::CHUSEIREIGI, "1. P 7i-7h\n2. p 7d-7e\n3. G 7h-7g\n", RecordFormat::GAME_COURIER),
            "line 3, column 4: move 3: 'G 7h-7g': no Gold General on 7h");
}

TEST(RecordErrors, GameCourierBadPromotionClause) {
  EXPECT_EQ(error_of(GameId::CHUSEIREIGI, "1. P 7i-7h; +G-7h\n", RecordFormat::GAME_COURIER),
            "line 1, column 4: move 1: '+G-7h': a Pawn does not promote to '+G'");
}

TEST(RecordErrors, KifWrongPieceName) {
  EXPECT_EQ(error_of(GameId::CHUSHOGI, "手合割：\n手数----指手--\n   1 7八獅子 （←7九）\n", RecordFormat::KIF),
            "line 3, column 8: move 1: the piece on 7九 is 歩兵, not 獅子");
}

TEST(RecordErrors, KifSecondStepWithoutFirst) {
  EXPECT_EQ(error_of(GameId::CHUSHOGI, "   1 二歩目 6八獅子 （←7九）\n", RecordFormat::KIF),
            "line 1, column 6: move 1: a second step (二歩目) must follow its first step (一歩目)");
}

TEST(RecordErrors, KifRepetitionBan) {
  std::string kif = "手合割：\n";
  const char* cycle[] = {"9七仲人 （←9八）", "4六仲人 （←4五）", "9八仲人 （←9七）", "4五仲人 （←4六）"};
  int n = 0;
  for (int rep = 0; rep < 3; ++rep)
    for (const char* m : cycle) kif += std::to_string(++n) + " " + m + "\n";
  EXPECT_EQ(error_of(GameId::CHUSHOGI, kif, RecordFormat::KIF),
            "line 13, column 4: move 12: illegal move '4f4e': fourfold repetition: it would produce the same "
            "position a fourth time (only a player in check may repeat)");
}

TEST(RecordErrors, PgnIllegalWxf) {
  EXPECT_EQ(error_of(GameId::XIANGQI, "[Variant \"xiangqi\"]\n\n1. C2=5 H8+7\n2. C5+5 *\n", RecordFormat::PGN),
            "line 4, column 4: move 3: illegal move 'C5+5': the Cannon on e2 cannot move to e7");
}

TEST(RecordErrors, PgnWrongVariant) {
  EXPECT_EQ(error_of(GameId::XIANGQI, "[Event \"x\"]\n[Variant \"chess\"]\n", RecordFormat::PGN),
            "line 2, column 1: variant 'chess' is not xiangqi");
}
