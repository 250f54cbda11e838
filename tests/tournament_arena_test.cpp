// Arena scoring and pairing (server/tournaments/arena_scoring.h, arena_pairing.h), as lichess's
// arena counts and pairs.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "server/tournaments/arena_pairing.h"
#include "server/tournaments/arena_scoring.h"

using namespace kirin;
using namespace kirin::server;

namespace {

constexpr ArenaResult W = ArenaResult::WIN, D = ArenaResult::DRAW, L = ArenaResult::LOSS;

std::vector<ArenaGame> games(std::initializer_list<ArenaResult> results, int plies = 40) {
  std::vector<ArenaGame> out;
  for (ArenaResult r : results) out.push_back({r, plies, false});
  return out;
}

// A wave's boards as (first, second) ids, the top of the standings first.
using Boards = std::vector<std::pair<int, int>>;
Boards boards_of(const ArenaWave& w) {
  Boards out;
  for (const ArenaPair& p : w.pairs) out.push_back({p.first, p.second});
  return out;
}

}  // namespace

TEST(TournamentArena, StreakDoublesUntilItEnds) {
  const ArenaSheet s = arena_sheet(games({W, W, W, W, L, W}));
  EXPECT_EQ(s.points, (std::vector<int>{2, 2, 4, 4, 0, 2}));
  EXPECT_EQ(s.total, 14);
  EXPECT_FALSE(s.on_fire);
  EXPECT_EQ(sheet_digits(s), "204422");
}

TEST(TournamentArena, DrawOnFireScoresTwoAndEndsTheStreak) {
  const ArenaSheet s = arena_sheet(games({W, W, D, W, W, W}));
  EXPECT_EQ(s.points, (std::vector<int>{2, 2, 2, 2, 2, 4}));
  EXPECT_TRUE(s.on_fire);
}

TEST(TournamentArena, Berserk) {
  std::vector<ArenaGame> g = {{W, 30, true},  {L, 30, true}, {W, 12, true},
                              {W, 30, false}, {W, 30, true}, {D, 30, true}};
  // 3 (berserked, long enough), 0, 2 (13 plies: too quick for the extra point), 2, then on fire: 4 + 1, and a
  // berserked draw earns nothing extra.
  const ArenaSheet s = arena_sheet(g);
  EXPECT_EQ(s.points, (std::vector<int>{3, 0, 2, 2, 5, 2}));
  EXPECT_EQ(s.total, 14);
}

TEST(TournamentArena, QuickDrawScoresNothingAndBreaksTheStreak) {
  std::vector<ArenaGame> g = {{W, 40, false}, {W, 40, false}, {D, 19, false}, {W, 40, false}};
  EXPECT_EQ(arena_sheet(g).points, (std::vector<int>{2, 2, 0, 2}));
  EXPECT_EQ(arena_sheet({{D, 20, false}}).points, (std::vector<int>{1}));  // 10 moves is enough
}

// lila's draw streak: a short draw after a draw (losses between them do not count) scores 0; a
// win in between, or a long game, scores as usual.
TEST(TournamentArena, DrawStreak) {
  EXPECT_EQ(arena_sheet(games({D, D, L, D, W, D})).points, (std::vector<int>{1, 0, 0, 0, 2, 1}));
  std::vector<ArenaGame> g = {{D, 40, false}, {D, 60, false}};
  EXPECT_EQ(arena_sheet(g).points, (std::vector<int>{1, 1}));
}

TEST(TournamentArena, PairsDownTheStandingsAvoidingTheLastOpponent) {
  std::vector<ArenaWaiting> waiting = {
      {4, 5, 1500, 0, {}},  {1, 10, 1800, 2, {FIRST, FIRST}}, {3, 8, 2000, 0, {SECOND}},
      {2, 10, 1700, 1, {}}, {5, 5, 1600, 0, {FIRST}},
  };
  // By score then rating: 1, 2, 3, 5, 4. 1 just played 2, so 1 meets 3; 2 meets 5; 4 waits.
  // 3 has the run of seconds, so moves first; 2 has no game yet, 5 had the first move: 2 first.
  auto wave = pair_arena(waiting);
  ASSERT_TRUE(wave) << wave.error();
  EXPECT_EQ(boards_of(*wave), (Boards{{3, 1}, {2, 5}}));
  EXPECT_EQ(wave->waiting, 4);
}

TEST(TournamentArena, LastOpponentsMeetWhenNoOneElseWaits) {
  auto wave = pair_arena({{1, 4, 1500, 2, {FIRST}}, {2, 2, 1500, 1, {SECOND}}});
  ASSERT_TRUE(wave) << wave.error();
  ASSERT_EQ(wave->pairs.size(), 1u);
  EXPECT_EQ(wave->pairs[0].first, 2);  // 1 had the first move last time
  EXPECT_EQ(wave->waiting, 0);
}

TEST(TournamentArena, SameIdTwice) { EXPECT_FALSE(pair_arena({{1, 0, 1500, 0, {}}, {1, 0, 1500, 0, {}}})); }

// Pairing down the standings one by one would give 1 and 3, then 2 and 4, who just met: the
// matching pairs 1 with 4 and 2 with 3, and no one meets their last opponent.
TEST(TournamentArena, NoRematchWhereAnotherPairingAvoidsIt) {
  auto wave = pair_arena({{1, 8, 1500, 2, {}}, {2, 6, 1500, 4, {}}, {3, 4, 1500, 0, {}}, {4, 2, 1500, 2, {}}});
  ASSERT_TRUE(wave) << wave.error();
  EXPECT_EQ(boards_of(*wave), (Boards{{1, 4}, {2, 3}}));
  EXPECT_EQ(wave->waiting, 0);
}

// A large wave of players who have not played: neighbours in the standings meet, and the lowest
// placed of an odd number waits.
TEST(TournamentArena, ALargeWaveOfNewcomersPairsNeighbours) {
  for (int n : {17, 20, 21, 33, 99}) {
    std::vector<ArenaWaiting> waiting;
    for (int id = 1; id <= n; ++id) waiting.push_back({id, 100 - id, 1500, 0, {}});
    auto wave = pair_arena(waiting);
    ASSERT_TRUE(wave) << wave.error();
    ASSERT_EQ(int(wave->pairs.size()), n / 2) << n;
    for (int i = 0; i < n / 2; ++i) {
      EXPECT_EQ(wave->pairs[i].first, 2 * i + 1) << n;
      EXPECT_EQ(wave->pairs[i].second, 2 * i + 2) << n;
    }
    EXPECT_EQ(wave->waiting, n % 2 ? n : 0) << n;
  }
}
