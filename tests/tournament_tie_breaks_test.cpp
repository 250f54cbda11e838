// Tie-breaks (server/tournaments/tie_breaks.h) on crosstables computed by hand.
#include <gtest/gtest.h>

#include "server/tournaments/tie_breaks.h"

using namespace kirin;
using namespace kirin::server;

// A round robin of four: 1-4 1-0, 2-3 =; 4-3 0-1, 1-2 =; 2-4 1-0, 3-1 0-1. Scores 2.5, 2, 1.5, 0.
//   1: opponents 4, 2, 3 = 0 + 2 + 1.5 = 3.5; cut 1 drops 0; SB 1*0 + .5*2 + 1*1.5 = 2.5
//   2: 3, 1, 4 = 1.5 + 2.5 + 0 = 4; cut 1 drops 0; SB .5*1.5 + .5*2.5 + 1*0 = 2
//   3: 2, 4, 1 = 2 + 0 + 2.5 = 4.5; SB .5*2 + 1*0 + 0 = 1
//   4: 1, 3, 2 = 2.5 + 1.5 + 2 = 6; cut 1 drops 1.5: 4.5; SB 0
TEST(TournamentTieBreaks, RoundRobinOfFour) {
  std::vector<SwissPlayer> p = {
      {1, 0, 1, {{Outcome::WIN, 4, FIRST}, {Outcome::DRAW, 2, FIRST}, {Outcome::WIN, 3, SECOND}}},
      {2, 0, 2, {{Outcome::DRAW, 3, FIRST}, {Outcome::DRAW, 1, SECOND}, {Outcome::WIN, 4, FIRST}}},
      {3, 0, 3, {{Outcome::DRAW, 2, SECOND}, {Outcome::WIN, 4, SECOND}, {Outcome::LOSS, 1, FIRST}}},
      {4, 0, 4, {{Outcome::LOSS, 1, SECOND}, {Outcome::LOSS, 3, FIRST}, {Outcome::LOSS, 2, SECOND}}},
  };
  auto t = tie_breaks(p);
  EXPECT_EQ(t[1].points, 2.5);
  EXPECT_EQ(t[1].buchholz, 3.5);
  EXPECT_EQ(t[1].buchholz_cut1, 3.5);
  EXPECT_EQ(t[1].sonneborn_berger, 2.5);
  EXPECT_EQ(t[2].buchholz, 4);
  EXPECT_EQ(t[2].sonneborn_berger, 2);
  EXPECT_EQ(t[3].buchholz, 4.5);
  EXPECT_EQ(t[3].sonneborn_berger, 1);
  EXPECT_EQ(t[4].buchholz, 6);
  EXPECT_EQ(t[4].buchholz_cut1, 4.5);
  EXPECT_EQ(t[4].sonneborn_berger, 0);
}

// P beat X, had the bye in round 2 of 3, lost to Y. The bye is a game against a virtual opponent
// who had P's 1 point before it, lost it (1 - 1) and drew the last round: 1.5. X was absent in
// round 2 (a draw for P's count) and drew round 3: 0 + .5 + .5 = 1. Y won everything: 3.
//   Buchholz 1 + 1.5 + 3 = 5.5; cut 1 drops X's 1: 4.5; SB 1*1 + 1*1.5 + 0*3 = 2.5.
TEST(TournamentTieBreaks, ByeAgainstAVirtualOpponent) {
  std::vector<SwissPlayer> p = {
      {10, 0, 1, {{Outcome::WIN, 11, FIRST}, {Outcome::PAIRING_BYE, 0, FIRST}, {Outcome::LOSS, 12, SECOND}}},
      {11, 0, 2, {{Outcome::LOSS, 10, SECOND}, {Outcome::ZERO_BYE, 0, FIRST}, {Outcome::DRAW, 13, FIRST}}},
      {12, 0, 3, {{Outcome::WIN, 13, FIRST}, {Outcome::WIN, 13, SECOND}, {Outcome::WIN, 10, FIRST}}},
  };
  auto t = tie_breaks(p);
  EXPECT_EQ(t[10].points, 2);
  EXPECT_EQ(t[10].buchholz, 5.5);
  EXPECT_EQ(t[10].buchholz_cut1, 4.5);
  EXPECT_EQ(t[10].sonneborn_berger, 2.5);
}
