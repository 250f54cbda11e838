// Random games through the referee: every record format reads back the same game, and undo
// returns to the start. Deterministic (fixed seeds), so a failure names a reproducible game.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

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
    Game g = random_game(GameId::CHUSHOGI, seed, 300);
    check_formats(g, {RecordFormat::USI, RecordFormat::KIF, RecordFormat::GAME_COURIER});
    const Key start = g.keys().front();
    while (g.undo()) {
    }
    EXPECT_EQ(g.position().key(), start);
    EXPECT_EQ(g.position().compute_key(), start);
  }
}

TEST(RecordRandomGames, ChuSeireigi) {
  for (unsigned seed = 1; seed <= 12; ++seed)
    check_formats(random_game(GameId::CHUSEIREIGI, seed, 300),
                  {RecordFormat::USI, RecordFormat::KIF, RecordFormat::GAME_COURIER});
}

TEST(RecordRandomGames, Xiangqi) {
  for (unsigned seed = 1; seed <= 24; ++seed) {
    Game g = random_game(GameId::XIANGQI, seed, 300);
    check_formats(g, {RecordFormat::USI, RecordFormat::PGN, RecordFormat::PGN_ICCS, RecordFormat::CHINESE,
                      RecordFormat::CHINESE_TRADITIONAL, RecordFormat::DHTMLXQ});
    RecordOptions iccs;
    iccs.wxf = false;
    auto back = read_record(g.variant_ptr(), write_record(g, RecordFormat::PGN, iccs), RecordFormat::PGN);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->moves(), g.moves());
  }
}

// Every opening of data/openings for xiangqi, written in Chinese (both scripts) and WXF and read
// back: the same moves.
TEST(RecordRandomGames, XiangqiOpeningsInChineseAndWxf) {
  int games = 0;
  for (const char* file : {"xiangqi.txt", "xiangqi-150.txt"}) {
    std::ifstream in(std::string(KIRIN_TEST_DATA) + "/../../data/openings/" + file);
    ASSERT_TRUE(in) << file;
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream words(line.substr(line.find("moves") + 5));
      Game g(make_variant(GameId::XIANGQI));
      for (std::string m; words >> m;) ASSERT_TRUE(g.play(m).ok()) << line;
      check_formats(g, {RecordFormat::CHINESE, RecordFormat::CHINESE_TRADITIONAL, RecordFormat::PGN});
      ++games;
    }
  }
  EXPECT_EQ(games, 190);
}
