// Puzzles found in games (src/tools/puzzles.h): a mate, a material win with its theme, nothing
// where no move stands out.
#include "analysis/puzzles.h"

#include <gtest/gtest.h>

#include "game/game.h"

using namespace kirin;

namespace {

Game game_from(GameId id, const std::string& fen) {
  auto g = Game::from_fen(make_variant(id), fen);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error());
  return std::move(*g);
}

}  // namespace

// Two Rooks mate in one, and only 11c11a does it.
TEST(Puzzles, MateInOne) {
  Engine engine;
  const auto found =
      find_puzzles(game_from(GameId::CHUSHOGI, "11k/R11/1R10/12/12/12/12/12/12/12/12/6K5 b - 1"), engine);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].theme, "mate in 1");
  EXPECT_EQ(found[0].solution, std::vector<std::string>{"11c11a"});
  EXPECT_EQ(found[0].ply, 0);
  EXPECT_EQ(puzzle_line("chushogi", found[0]),
            "chushogi|11k/R11/1R10/12/12/12/12/12/12/12/12/6K5 b - 1|11c11a|mate in 1");
}

// The Horse checks from c8 and attacks the Chariot on a9: a fork, and the only winning move.
TEST(Puzzles, HorseForkWinsTheChariot) {
  Engine engine;
  const auto found = find_puzzles(game_from(GameId::XIANGQI, "r3k4/9/9/1N7/9/9/9/9/9/3K5 w - - 0 1"), engine);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].theme, "fork");
  ASSERT_FALSE(found[0].solution.empty());
  EXPECT_EQ(found[0].solution[0], "b6c8");
}

// The start position: no move stands out.
TEST(Puzzles, NoneAtTheStart) {
  Engine engine;
  EXPECT_TRUE(find_puzzles(Game(make_variant(GameId::XIANGQI)), engine).empty());
}
