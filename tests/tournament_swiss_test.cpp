// The Dutch Swiss (server/tournaments/swiss_pairing.h): rounds worked by hand from FIDE's C.04.3
// (the expected pairings are argued in each test's comment), the published rounds of Mario Held's
// worked example, the absolute rules, and whole simulated events checked for what must hold in
// every round.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <utility>

#include "server/tournaments/swiss_colours.h"
#include "server/tournaments/swiss_pairing.h"

using namespace kirin;
using namespace kirin::server;

namespace {

// Players by starting rank: id 100 + rank, so that a mix-up of ids and ranks shows.
struct Field {
  std::vector<SwissPlayer> players;
  explicit Field(int n) {
    for (int r = 1; r <= n; ++r) players.push_back({100 + r, 2500 - 10 * r, r, {}});
  }
  SwissPlayer& at(int rank) { return players[rank - 1]; }
  // `result` from the first player's side: '1', '=', '0'.
  void game(int first, int second, char result) {
    const Outcome a = result == '1' ? Outcome::WIN : result == '=' ? Outcome::DRAW : Outcome::LOSS;
    const Outcome b = result == '1' ? Outcome::LOSS : result == '=' ? Outcome::DRAW : Outcome::WIN;
    at(first).games.push_back({a, 100 + second, FIRST});
    at(second).games.push_back({b, 100 + first, SECOND});
  }
  void bye(int rank) { at(rank).games.push_back({Outcome::PAIRING_BYE, 0, FIRST}); }
};

// The boards as (first, second) starting ranks.
std::vector<std::pair<int, int>> ranks(const SwissPairing& p) {
  std::vector<std::pair<int, int>> out;
  for (const SwissBoard& b : p.boards) out.push_back({b.first - 100, b.second - 100});
  return out;
}

using Boards = std::vector<std::pair<int, int>>;

}  // namespace

// Round 1: the top half against the bottom half, the top seed first on board 1 and the colours
// alternating down the boards (E.5: an odd pairing number gets the initial colour).
TEST(TournamentSwiss, RoundOneOfEight) {
  Field f(8);
  auto p = pair_swiss(f.players, {1, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{1, 5}, {6, 2}, {3, 7}, {8, 4}}));
  EXPECT_EQ(p->bye, 0);
}

// Nine: the lowest ranked takes the bye, the other eight pair as above (S1 = 1-4, S2 = 5-8).
TEST(TournamentSwiss, RoundOneOfNine) {
  Field f(9);
  auto p = pair_swiss(f.players, {1, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{1, 5}, {6, 2}, {3, 7}, {8, 4}}));
  EXPECT_EQ(p->bye, 109);
}

TEST(TournamentSwiss, InitialColourDrawnBlack) {
  Field f(4);
  auto p = pair_swiss(f.players, {1, 3, SECOND});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{3, 1}, {2, 4}}));
}

// After 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 =, 9 the bye: 1, 2, 3, 9 have a point, 4 and 8 half, 5, 6,
// 7 none. In the point group (S1 = {1, 2}, S2 = {3, 9}) the first candidate 1-3 2-9 leaves 1 or 3
// without their colour (both had the first move), and the transposition 1-9 2-3 leaves no one
// (9 has no preference, 2 had the second move): C.10 comes before the order of candidates, so
// 9-1 and 2-3. 4 and 8 met, so both float down to the zero group (floating them up would make
// downfloaters of 1 and 2, who have more points: C.6), where 7, its lowest, takes the bye; 4-5 and
// 8-6 would leave two players without their colour, 4-6 and 8-5 none.
TEST(TournamentSwiss, RoundTwoWithFloaters) {
  Field f(9);
  f.game(1, 5, '1');
  f.game(6, 2, '0');
  f.game(3, 7, '1');
  f.game(8, 4, '=');
  f.bye(9);
  auto p = pair_swiss(f.players, {2, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{9, 1}, {2, 3}, {4, 6}, {5, 8}}));
  EXPECT_EQ(p->bye, 107);
}

// Round 1 was 1-3 =, 2-4 =, 5-7 0-1, 6-8 0-1: 7 and 8 lead, 1 to 4 have half a point, 5 and 6
// none. The half-point group's ideal 1-3 is a rematch, so it takes the first transposition, 1-4
// and 2-3; every colour preference is met there (1 and 2 had the first move), 7 and 8 both want
// the first move and 7, ranked higher, gets it (E.4), as 5 gets the second move against 6.
TEST(TournamentSwiss, RematchAvoidedByTransposition) {
  Field f(8);
  f.game(1, 3, '=');
  f.game(2, 4, '=');
  f.game(5, 7, '0');
  f.game(6, 8, '0');
  auto p = pair_swiss(f.players, {2, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{7, 8}, {4, 1}, {3, 2}, {6, 5}}));
}

// Two rounds in which 1 and 3 had the first move twice: both must have the second now (an
// absolute preference), so the ideal 1-3 is forbidden and the group plays its first
// transposition, 1-4 and 2-3. Below, 5 and 7 had the second move twice: 5-8 and 6-7.
TEST(TournamentSwiss, AbsoluteColourForcesTransposition) {
  Field f(8);
  f.game(1, 5, '1');
  f.game(3, 7, '1');
  f.game(6, 2, '0');
  f.game(8, 4, '0');
  f.game(1, 6, '1');
  f.game(3, 8, '1');
  f.game(2, 5, '1');
  f.game(4, 7, '1');
  EXPECT_EQ(colour_preference(f.at(1)).strength, Strength::ABSOLUTE);
  EXPECT_EQ(colour_preference(f.at(1)).color, SECOND);
  auto p = pair_swiss(f.players, {3, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{4, 1}, {2, 3}, {5, 8}, {7, 6}}));
}

// 1 and 2 had the first move twice, 3 and 4 the second twice, and every other pair has met.
TEST(TournamentSwiss, NoLegalPairingIsAnError) {
  Field f(4);
  f.game(1, 3, '1');
  f.game(2, 4, '1');
  f.game(1, 4, '1');
  f.game(2, 3, '1');
  auto p = pair_swiss(f.players, {3, 5, FIRST});
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().find("no legal pairing"), std::string::npos) << p.error();
  // In the last round the topscorers 1 and 2 may break the colour rules (C.3) and meet; 3 and 4
  // may not, and are the ones named.
  auto last = pair_swiss(f.players, {3, 3, FIRST});
  ASSERT_FALSE(last);
  EXPECT_NE(last.error().find("players 103, 104 cannot"), std::string::npos) << last.error();
}

TEST(TournamentSwiss, ByeNotTwice) {
  Field f(3);
  f.game(1, 2, '1');
  f.bye(3);
  auto p = pair_swiss(f.players, {2, 3, FIRST});
  ASSERT_TRUE(p) << p.error();
  // 2 is the lowest with no point, but 1-2 is a rematch: 3 must play, so 1-3 or 2-3 and the
  // other the bye: 3 (1 point) plays 1 (1 point) in their group and 2 takes the bye.
  EXPECT_EQ(p->bye, 102);
  EXPECT_EQ(ranks(*p), (Boards{{3, 1}}));
}

TEST(TournamentSwiss, BadInput) {
  Field f(4);
  f.players[1].id = f.players[0].id;
  EXPECT_FALSE(pair_swiss(f.players, {1, 5, FIRST}));
  Field g(4);
  g.game(1, 2, '1');
  EXPECT_FALSE(pair_swiss(g.players, {2, 5, FIRST}));  // 3 and 4 have no round 1
}

namespace {

// A whole event: pairs each round, plays it out (the higher rated usually wins, some draws,
// some upsets, from a fixed seed) and checks every round.
void simulate(int n, int rounds, uint64_t seed) {
  Field f(n);
  std::mt19937_64 rng(seed);
  for (int round = 1; round <= rounds; ++round) {
    auto p = pair_swiss(f.players, {round, rounds, FIRST});
    ASSERT_TRUE(p) << "round " << round << ": " << p.error();
    std::set<int> seen;
    for (const SwissBoard& b : p->boards) {
      const int a = b.first - 100, c = b.second - 100;
      ASSERT_TRUE(seen.insert(a).second && seen.insert(c).second) << "round " << round;
      for (const SwissGame& g : f.at(a).games) EXPECT_NE(g.opponent, b.second) << "rematch in round " << round;
      for (auto [x, col] : {std::pair{a, FIRST}, std::pair{c, SECOND}}) {
        const int top = rounds - 1;
        const bool topscorer = round == rounds && score_after(f.at(x)) > top;
        if (!topscorer) {
          EXPECT_FALSE(breaks_absolute(f.at(x), col)) << "round " << round << " player " << x;
        }
      }
    }
    if (p->bye) {
      ASSERT_TRUE(seen.insert(p->bye - 100).second);
      for (const SwissGame& g : f.at(p->bye - 100).games) EXPECT_NE(g.outcome, Outcome::PAIRING_BYE);
    }
    ASSERT_EQ(static_cast<int>(seen.size()), n) << "round " << round;
    EXPECT_EQ(p->bye != 0, n % 2 == 1);
    for (const SwissBoard& b : p->boards) {
      const int a = b.first - 100, c = b.second - 100, roll = static_cast<int>(rng() % 10);
      const char favourite = roll < 6 ? '1' : roll < 8 ? '=' : '0';  // the better rated, a, or c
      f.game(a, c, a < c ? favourite : favourite == '1' ? '0' : favourite == '0' ? '1' : '=');
    }
    if (p->bye) f.bye(p->bye - 100);
  }
}

}  // namespace

TEST(TournamentSwiss, TenPlayersFiveRounds) {
  for (uint64_t seed = 1; seed <= 20; ++seed) simulate(10, 5, seed);
}

TEST(TournamentSwiss, ElevenPlayersFiveRounds) {
  for (uint64_t seed = 1; seed <= 10; ++seed) simulate(11, 5, seed);
}

// A large field through the most rounds: every bracket's matching holds all its criteria in the
// weights (500 players and 20 rounds take about 30 s here, so the test plays 101).
TEST(TournamentSwiss, AHundredAndOnePlayersTwentyRounds) { simulate(101, 20, 1); }

TEST(TournamentSwiss, TwentyFivePlayersSevenRounds) {
  for (uint64_t seed = 1; seed <= 3; ++seed) simulate(25, 7, seed);
}

// Mario Held's worked example of the Dutch system ("The Dutch System", 2014, the five-round,
// fourteen-player event its tutorial pairs step by step, which several pairing programs test
// themselves against): rounds 2 to 5 from the real history, Oskar (12) absent in round 2, Finn
// (6) winning round 3 by forfeit against Nancy (11). Held pairs by the Dutch rules of 2013;
// C.04.3 (2017) gives the same pairings here. Round 2's lower bracket is heterogeneous (4 and 11,
// who met, float into the zero group); round 4's lower brackets turn on the floats of two rounds
// back (14's bye in round 2); round 5's on one bracket's colours before the next's.
namespace {

struct HeldGame {
  int round, first, second;
  char result;  // from the first player's side: '1', '=', '0'; '-': the first did not come
};

// The event's history up to `rounds` rounds: byes and absences, then the games.
Field held_history(int rounds) {
  const HeldGame games[] = {
      {1, 1, 8, '1'},   {1, 9, 2, '0'},   {1, 3, 10, '1'},  {1, 11, 4, '='}, {1, 5, 12, '1'}, {1, 13, 6, '0'},
      {1, 7, 14, '1'},  {2, 5, 1, '1'},   {2, 2, 7, '1'},   {2, 6, 3, '='},  {2, 4, 9, '1'},  {2, 8, 11, '0'},
      {2, 10, 13, '1'}, {3, 14, 1, '0'},  {3, 2, 5, '='},   {3, 3, 4, '='},  {3, 11, 6, '-'}, {3, 7, 10, '1'},
      {3, 12, 8, '='},  {3, 9, 13, '1'},  {4, 1, 3, '1'},   {4, 6, 2, '0'},  {4, 4, 5, '='},  {4, 11, 7, '1'},
      {4, 8, 9, '='},   {4, 10, 14, '='}, {4, 13, 12, '1'},
  };
  Field f(14);
  for (int r = 1; r <= rounds; ++r) {
    if (r == 2) {
      f.bye(14);
      f.at(12).games.push_back({Outcome::ZERO_BYE, 0, FIRST});
    }
    for (const HeldGame& g : games) {
      if (g.round != r) continue;
      if (g.result == '-') {  // a forfeit: a pairing, not a game
        f.at(g.first).games.push_back({Outcome::FORFEIT_LOSS, 100 + g.second, FIRST});
        f.at(g.second).games.push_back({Outcome::FORFEIT_WIN, 100 + g.first, SECOND});
      } else {
        f.game(g.first, g.second, g.result);
      }
    }
  }
  return f;
}

}  // namespace

TEST(TournamentSwiss, HeldsExampleRoundTwo) {
  Field f = held_history(1);
  std::vector<SwissPlayer> present;
  for (const SwissPlayer& p : f.players)
    if (p.pairing_number != 12) present.push_back(p);
  auto p = pair_swiss(present, {2, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{5, 1}, {2, 7}, {6, 3}, {4, 9}, {8, 11}, {10, 13}}));
  EXPECT_EQ(p->bye, 114);
}

TEST(TournamentSwiss, HeldsExampleRoundThree) {
  auto p = pair_swiss(held_history(2).players, {3, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{2, 5}, {3, 4}, {11, 6}, {14, 1}, {7, 10}, {12, 8}, {9, 13}}));
}

TEST(TournamentSwiss, HeldsExampleRoundFour) {
  auto p = pair_swiss(held_history(3).players, {4, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{6, 2}, {4, 5}, {1, 3}, {11, 7}, {10, 14}, {8, 9}, {13, 12}}));
}

TEST(TournamentSwiss, HeldsExampleRoundFive) {
  auto p = pair_swiss(held_history(4).players, {5, 5, FIRST});
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(ranks(*p), (Boards{{2, 1}, {5, 11}, {4, 6}, {3, 7}, {9, 10}, {14, 12}, {13, 8}}));
}
