// Random games through the referee: every record format reads back the same game, and undo
// returns to the start. Deterministic (fixed seeds), so a failure names a reproducible game.
#include <gtest/gtest.h>

#include <random>

#include "game/record.h"
#include "notation/fen.h"

using namespace kirin;

namespace {

Game random_game(GameId id, unsigned seed, int plies) {
  Game g(make_variant(id));
  std::mt19937 rng(seed);
  for (int i = 0; i < plies && !g.over(); ++i) {
    const MoveList moves = g.legal_moves();
    if (!moves.size()) break;
    EXPECT_TRUE(g.play(moves.moves[rng() % moves.size()]).ok());
  }
  return g;
}

void check_formats(const Game& g, std::initializer_list<RecordFormat> formats) {
  for (RecordFormat f : formats) {
    const std::string text = write_record(g, f);
    auto back = read_record(g.variant_ptr(), text, f);
    ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
    EXPECT_EQ(back->moves(), g.moves()) << text;
    EXPECT_EQ(back->keys(), g.keys()) << text;
  }
}

}  // namespace

TEST(RecordRandomGames, ChuShogi) {
  for (unsigned seed = 1; seed <= 12; ++seed) {
    Game g = random_game(Game::CHUSHOGI, seed, 300);
    check_formats(g, {RecordFormat::USI, RecordFormat::KIF, RecordFormat::GAME_COURIER});
    const Key start = g.keys().front();
    while (g.undo()) {}
    EXPECT_EQ(g.position().key(), start);
    EXPECT_EQ(g.position().compute_key(), start);
  }
}

TEST(RecordRandomGames, ChuSeireigi) {
  for (unsigned seed = 1; seed <= 12; ++seed)
    check_formats(random_game(Game::CHUSEIREIGI, seed, 300), {RecordFormat::USI, RecordFormat::KIF, RecordFormat::GAME_COURIER});
}

TEST(RecordRandomGames, Xiangqi) {
  for (unsigned seed = 1; seed <= 24; ++seed) {
    Game g = random_game(Game::XIANGQI, seed, 300);
    check_formats(g, {RecordFormat::USI, RecordFormat::PGN});
    RecordOptions iccs;
    iccs.wxf = false;
    auto back = read_record(g.variant_ptr(), write_record(g, RecordFormat::PGN, iccs), RecordFormat::PGN);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->moves(), g.moves());
  }
}
