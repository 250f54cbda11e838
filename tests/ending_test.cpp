// The endings' words, in one table: every kind read back from its words, the words with a detail
// after them, and words no row names.
#include "rules/ending.h"

#include <gtest/gtest.h>

#include "game/game_result.h"

using kirin::Ending;
using kirin::ending_of;
using kirin::words_of;

TEST(Ending, EveryKindIsReadBackFromItsWords) {
  for (const auto& row : kirin::ENDING_WORDS) {
    EXPECT_EQ(ending_of(row.words), row.ending) << row.words;
    EXPECT_EQ(words_of(row.ending), row.words);
  }
  EXPECT_EQ(words_of(Ending::NONE), "");
}

TEST(Ending, WordsWithADetailAfterThemAreTheirKind) {
  EXPECT_EQ(ending_of("impasse 61-58"), Ending::IMPASSE);
  EXPECT_EQ(ending_of("illegal move 7g7f"), Ending::ILLEGAL_MOVE);
  EXPECT_EQ(ending_of("rejected a legal move: h2e2"), Ending::REJECTED);
  EXPECT_EQ(ending_of("time forfeit, the opponent cannot win"), Ending::TIME_FORFEIT);
  // The longer words are not read as the shorter they contain.
  EXPECT_EQ(ending_of("mutual perpetual chase"), Ending::MUTUAL_PERPETUAL_CHASE);
}

TEST(Ending, OtherWordsAreNone) {
  EXPECT_EQ(ending_of(""), Ending::NONE);
  EXPECT_EQ(ending_of("checkmated"), Ending::NONE);  // a word that only starts like one
  EXPECT_EQ(ending_of("Checkmate"), Ending::NONE);   // the words are lower-case
  EXPECT_EQ(ending_of("normal"), Ending::NONE);
}

TEST(Ending, AResultMadeFromAKindCarriesItsWords) {
  const auto r = kirin::GameResult::win(kirin::FIRST, Ending::RESIGNATION);
  EXPECT_EQ(r.text(), "1-0 resignation");
  EXPECT_EQ(r.ending(), Ending::RESIGNATION);
  EXPECT_TRUE(kirin::on_the_board(Ending::KING_CAPTURED));
  EXPECT_FALSE(kirin::on_the_board(Ending::RESIGNATION));
  EXPECT_TRUE(kirin::perpetual(Ending::PERPETUAL_CHASE));
  EXPECT_FALSE(kirin::perpetual(Ending::MUTUAL_PERPETUAL_CHASE));
}
