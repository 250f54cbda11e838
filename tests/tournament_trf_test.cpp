// The TRF16 writer (server/tournaments/trf.h): a player line checked column by column against
// the specification's positions (1-based there, 0-based here), and whole.
#include <gtest/gtest.h>

#include "server/tournaments/trf.h"

using namespace kirin;
using namespace kirin::server;

namespace {

std::vector<TrfPlayer> field() {
  TrfPlayer a{{11, 2558, 1, {{Outcome::WIN, 13, FIRST}, {Outcome::PAIRING_BYE, 0, FIRST}, {Outcome::DRAW, 12, SECOND}}},
              "Vasquez, Rodrigo",
              'm',
              "GM",
              "CHI",
              3400042,
              "1969/12/06",
              1};
  TrfPlayer b{
      {12, 2482, 2, {{Outcome::FORFEIT_WIN, 0, FIRST}, {Outcome::LOSS, 13, SECOND}, {Outcome::DRAW, 11, FIRST}}},
      "Milov, Leonid",
      'm',
      "",
      "SUI",
      0,
      "",
      2};
  TrfPlayer c{{13, 0, 3, {{Outcome::LOSS, 11, SECOND}, {Outcome::WIN, 12, FIRST}, {Outcome::ZERO_BYE, 0, FIRST}}},
              "Grabarczyk, Bogdan",
              'w',
              "WFM",
              "",
              0,
              "",
              3};
  return {c, a, b};
}

}  // namespace

TEST(TournamentTrf, PlayerLineColumns) {
  const auto f = field();
  const std::string line = trf_player_line(f[1], f);
  EXPECT_EQ(line.substr(0, 3), "001");
  EXPECT_EQ(line.substr(4, 4), "   1");                                 // 5-8 starting rank
  EXPECT_EQ(line[9], 'm');                                              // 10 sex
  EXPECT_EQ(line.substr(10, 3), " GM");                                 // 11-13 title
  EXPECT_EQ(line.substr(14, 33), "Vasquez, Rodrigo                 ");  // 15-47 name
  EXPECT_EQ(line.substr(48, 4), "2558");                                // 49-52 rating
  EXPECT_EQ(line.substr(53, 3), "CHI");                                 // 54-56 federation
  EXPECT_EQ(line.substr(57, 11), "    3400042");                        // 58-68 FIDE id
  EXPECT_EQ(line.substr(69, 10), "1969/12/06");                         // 70-79 birth
  EXPECT_EQ(line.substr(80, 4), " 2.5");                                // 81-84 points
  EXPECT_EQ(line.substr(85, 4), "   1");                                // 86-89 rank
  EXPECT_EQ(line.substr(91, 4), "   3");                                // 92-95 round 1's opponent
  EXPECT_EQ(line[96], 'w');                                             // 97
  EXPECT_EQ(line[98], '1');                                             // 99
  EXPECT_EQ(line.substr(101, 4), "0000");                               // 102-105 round 2: the bye
  EXPECT_EQ(line[106], '-');
  EXPECT_EQ(line[108], 'U');
  EXPECT_EQ(line.substr(111, 4), "   2");
  EXPECT_EQ(line[116], 'b');
  EXPECT_EQ(line[118], '=');
  EXPECT_EQ(line.size(), 119u);
  EXPECT_EQ(
      line,
      "001    1 m GM Vasquez, Rodrigo                  2558 CHI     3400042 1969/12/06  2.5    1     3 w 1  0000 - U"
      "     2 b =");
}

TEST(TournamentTrf, WholeFile) {
  auto file = trf_file({"Kirin Open", "Tokyo", "JPN", "2025/05/01", "2025/05/02", "Swiss (Dutch)", field()});
  ASSERT_TRUE(file) << file.error();
  EXPECT_EQ(
      *file,
      "012 Kirin Open\n"
      "022 Tokyo\n"
      "032 JPN\n"
      "042 2025/05/01\n"
      "052 2025/05/02\n"
      "062 3\n"
      "092 Swiss (Dutch)\n"
      "001    1 m GM Vasquez, Rodrigo                  2558 CHI     3400042 1969/12/06  2.5    1     3 w 1  0000 - U"
      "     2 b =\n"
      "001    2 m    Milov, Leonid                     2482 SUI                         1.5    2  0000 - +     3 b 0"
      "     1 w =\n"
      "001    3 wWFM Grabarczyk, Bogdan                                                 1.0    3     1 b 0     2 w 1"
      "  0000 - Z\n");
}

TEST(TournamentTrf, OpponentOutsideTheField) {
  auto f = field();
  f[0].player.games[0].opponent = 99;
  EXPECT_FALSE(trf_file({"x", "", "", "", "", "", f}));
}
