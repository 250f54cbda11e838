// Berger tables (server/tournaments/round_robin.h) against FIDE's published ones (C.05, Annex 1).
#include <gtest/gtest.h>

#include <string>

#include "server/tournaments/round_robin.h"

using namespace kirin::server;

namespace {

// A round as FIDE prints it: "1-6 2-5 3-4", the first mover first; a bye as "bye 1".
std::vector<std::string> text(const std::vector<RoundRobinRound>& rounds) {
  std::vector<std::string> out;
  for (const RoundRobinRound& r : rounds) {
    std::string s;
    for (const RoundRobinGame& g : r.boards)
      s += (s.empty() ? "" : " ") + std::to_string(g.first) + "-" + std::to_string(g.second);
    if (r.bye) s += " bye " + std::to_string(r.bye);
    out.push_back(s);
  }
  return out;
}

}  // namespace

TEST(TournamentRoundRobin, FourPlayers) {
  auto t = berger_rounds(4);
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(text(*t), (std::vector<std::string>{"1-4 2-3", "4-3 1-2", "2-4 3-1"}));
}

TEST(TournamentRoundRobin, SixPlayers) {
  auto t = berger_rounds(6);
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(text(*t),
            (std::vector<std::string>{"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"}));
}

// Five: the table of six, 6 the dummy.
TEST(TournamentRoundRobin, FivePlayers) {
  auto t = berger_rounds(5);
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(text(*t), (std::vector<std::string>{"2-5 3-4 bye 1", "5-3 1-2 bye 4", "3-1 4-5 bye 2", "1-4 2-3 bye 5",
                                                "4-2 5-1 bye 3"}));
}

TEST(TournamentRoundRobin, EightPlayers) {
  auto t = berger_rounds(8);
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(text(*t),
            (std::vector<std::string>{"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
                                      "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"}));
}

TEST(TournamentRoundRobin, SevenPlayers) {
  auto t = berger_rounds(7);
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(text(*t), (std::vector<std::string>{"2-7 3-6 4-5 bye 1", "6-4 7-3 1-2 bye 5", "3-1 4-7 5-6 bye 2",
                                                "7-5 1-4 2-3 bye 6", "4-2 5-1 6-7 bye 3", "1-6 2-5 3-4 bye 7",
                                                "5-3 6-2 7-1 bye 4"}));
}

TEST(TournamentRoundRobin, DoubleRoundReversesColours) {
  auto t = berger_rounds(4, true);
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(text(*t), (std::vector<std::string>{"1-4 2-3", "4-3 1-2", "2-4 3-1", "4-1 3-2", "3-4 2-1", "4-2 1-3"}));
}

// Every pair meets once, and each player's colours are as even as an odd number of rounds lets them.
TEST(TournamentRoundRobin, EveryPairOnce) {
  for (int n = 2; n <= 16; ++n) {
    auto t = berger_rounds(n);
    ASSERT_TRUE(t);
    std::vector<std::vector<int>> met(n + 1, std::vector<int>(n + 1, 0));
    std::vector<int> firsts(n + 1, 0);
    for (const RoundRobinRound& r : *t) {
      for (const RoundRobinGame& g : r.boards) ++met[g.first][g.second], ++met[g.second][g.first], ++firsts[g.first];
    }
    for (int a = 1; a <= n; ++a) {
      for (int b = 1; b <= n; ++b) EXPECT_EQ(met[a][b], a == b ? 0 : 1) << n << " players";
      const int games = n - 1;
      EXPECT_LE(std::abs(2 * firsts[a] - games), 2) << n << " players, player " << a;
    }
  }
}

TEST(TournamentRoundRobin, TooFewPlayers) { EXPECT_FALSE(berger_rounds(1)); }
