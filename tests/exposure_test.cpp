// Position::legal with a node's Exposure (rules/exposure.h) against the test that plays every
// move (its form without one), over random games of the three games: the fast path must agree
// with the slow one on every pseudo-legal move of every position met, in check or not; so must
// perft's count of the legal moves (count_legal), and the Exposure's own finding of check.
#include "rules/exposure.h"

#include <gtest/gtest.h>

#include <random>

#include "notation/fen.h"
#include "rules/movegen.h"

using namespace kirin;

namespace {

// Plays `games` random games of at most `plies` plies from the start; counts the moves compared
// and the moves the slow path found illegal (so that the test sees both answers).
void compare_on_random_games(GameId id, int games, int plies, uint64_t& compared, uint64_t& illegal) {
  std::mt19937 rng(20261207u + unsigned(id));
  VariantPtr v = make_variant(id);
  for (int g = 0; g < games; ++g) {
    auto start = parse_fen(v, v->start_fen());
    ASSERT_TRUE(start.ok());
    Position pos = *start;
    for (int ply = 0; ply < plies; ++ply) {
      MoveList pseudo;
      generate<GenType::ALL>(pos, pseudo);
      const bool check = !v->def().self_check_allowed && pos.in_check();
      LazyExposure exposure;
      std::vector<Move> legal;
      for (Move m : pseudo) {
        const bool slow = pos.legal(m, check);
        ASSERT_EQ(pos.legal(m, check, exposure), slow)
            << game_name(id) << " " << to_fen(pos) << " move " << int(m.from()) << "-" << int(m.to());
        ++compared;
        if (slow)
          legal.push_back(m);
        else
          ++illegal;
      }
      ASSERT_EQ(count_legal(pos), legal.size()) << game_name(id) << " " << to_fen(pos);
      if (v->def().single_royal) ASSERT_EQ(Exposure::of(pos).check, check) << game_name(id) << " " << to_fen(pos);
      if (legal.empty()) break;
      pos.do_move(legal[rng() % legal.size()]);
    }
  }
}

}  // namespace

TEST(Exposure, AgreesWithPlayingEveryMoveInXiangqi) {
  uint64_t compared = 0, illegal = 0;
  compare_on_random_games(GameId::XIANGQI, 40, 150, compared, illegal);
  EXPECT_GT(compared, 100000u);
  EXPECT_GT(illegal, 1000u);
}

TEST(Exposure, AgreesWithPlayingEveryMoveInChuSeireigi) {
  uint64_t compared = 0, illegal = 0;
  compare_on_random_games(GameId::CHUSEIREIGI, 8, 150, compared, illegal);
  EXPECT_GT(compared, 100000u);
  EXPECT_GT(illegal, 100u);
}

// No royal safety here (a move into check is legal): only the Lion-trading rules forbid moves, and
// count_legal must count as the list does.
TEST(Exposure, AgreesWithPlayingEveryMoveInChuShogi) {
  uint64_t compared = 0, illegal = 0;
  compare_on_random_games(GameId::CHUSHOGI, 4, 150, compared, illegal);
  EXPECT_GT(compared, 50000u);
}

// A Cannon on e3 facing the General on e0 with nothing between: a piece moved onto e1 or e2
// would screen it (entering). The Cannon itself stands between the two Generals (leaving: were
// it taken by a piece passing through, they would face each other).
TEST(Exposure, ACannonFacingTheGeneralMarksTheSquaresBetween) {
  VariantPtr v = make_variant(GameId::XIANGQI);
  auto pos = parse_fen(v, "4k4/9/9/9/9/9/4c4/9/R8/4K4 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  const Exposure e = Exposure::of(*pos);
  const Square king = pos->royal_square(FIRST), cannon = Square(king + 3 * STRIDE);
  EXPECT_TRUE(e.entering[king + STRIDE]);
  EXPECT_TRUE(e.entering[king + 2 * STRIDE]);
  EXPECT_EQ(e.entering.count(), 2u);
  EXPECT_TRUE(e.leaving[cannon]);
  EXPECT_EQ(e.leaving.count(), 1u);
  // The Chariot's moves off the file need no test; onto e1 it would screen the Cannon.
  LazyExposure lazy;
  EXPECT_TRUE(pos->legal(Move::normal(make_square(0, 1), make_square(3, 1)), false, lazy));
  EXPECT_FALSE(pos->legal(Move::normal(make_square(0, 1), make_square(4, 1)), false, lazy));
}
