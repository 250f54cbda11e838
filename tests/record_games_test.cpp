// Records holding several games, as `kirin match` appends them (src/match/match.cpp).
#include <gtest/gtest.h>

#include "game/record.h"
#include "game_test_util.h"

using namespace kirin;
using namespace kirin::test;

namespace {

struct TwoGames {
  GameId id;
  RecordFormat format;
  const char* first;
  const char* second;
};

// What the match writes for one game: a '#' header before USI and Game Courier games.
std::string as_match_writes(const Game& g, RecordFormat f, int number) {
  std::string header;
  if (f == RecordFormat::USI || f == RecordFormat::GAME_COURIER)
    header = "# game " + std::to_string(number) + ": kirin 1.2 - other 1/2-1/2 move limit (adjudicated)\n";
  return header + write_record(g, f) + "\n";
}

}  // namespace

TEST(RecordGames, EachFormatReadsTheGameAsked) {
  const TwoGames cases[] = {
      {GameId::CHUSHOGI, RecordFormat::USI, "7i7h 3d3e", "6i6h 6d6e 7j6i5h"},
      {GameId::CHUSHOGI, RecordFormat::GAME_COURIER, "7i7h 3d3e", "6i6h 6d6e 7j6i5h"},
      {GameId::CHUSHOGI, RecordFormat::KIF, "7i7h 3d3e", "6i6h 6d6e 7j6i5h"},
      {GameId::XIANGQI, RecordFormat::PGN, "h2e2 h9g7", "b2e2 b9c7 c3c4"},
  };
  for (const TwoGames& c : cases) {
    const auto v = make_variant(c.id);
    Game a(v), b(v);
    ASSERT_EQ(play_all(a, c.first), "");
    ASSERT_EQ(play_all(b, c.second), "");
    ASSERT_TRUE(b.resign(b.side_to_move()).ok());
    const std::string text = as_match_writes(a, c.format, 1) + as_match_writes(b, c.format, 2);
    SCOPED_TRACE(text);
    EXPECT_EQ(count_record_games(text), 2);
    auto one = read_record_game(v, text, 1);
    ASSERT_TRUE(one.ok()) << one.error();
    EXPECT_EQ(one->moves(), a.moves());
    EXPECT_FALSE(one->over());
    auto two = read_record_game(v, text, 2);
    ASSERT_TRUE(two.ok()) << two.error();
    EXPECT_EQ(two->moves(), b.moves());
    EXPECT_EQ(two->result(), b.result());
    auto three = read_record_game(v, text, 3);
    ASSERT_FALSE(three.ok());
    EXPECT_EQ(three.error(), "no game 3: the record holds 2 games");
    // One game alone is read as before.
    EXPECT_EQ(count_record_games(write_record(a, c.format)), 1);
  }
}

TEST(RecordGames, ErrorsNameTheLineOfTheFile) {
  const std::string text =
      "# game 1: a - b 1-0 resignation\n"
      "position startpos moves 7i7h resign\n"
      "\n"
      "# game 2: b - a 1-0 resignation\n"
      "position startpos moves 7i7h 7i7g\n";
  auto g = read_record_game(make_variant(GameId::CHUSHOGI), text, 2);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error(), "line 5, column 30: move 2: illegal move '7i7g': no piece on 7i");
}

TEST(RecordGames, AnEmptyTextIsOneGameAtTheStart) {
  EXPECT_EQ(count_record_games(""), 1);
  auto g = read_record_game(make_variant(GameId::XIANGQI), "", 1);
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->ply(), 0);
}
