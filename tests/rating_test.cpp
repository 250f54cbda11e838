// Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013) to its
// published decimals, and the speeds games are rated in (lichess's division).
#include <gtest/gtest.h>

#include "server/rating/glicko2.h"
#include "server/rating/speed.h"

using namespace kirin::server;

// The paper: a player rated 1500 (deviation 200, volatility 0.06) with tau 0.5 beats a 1400
// (30), loses to a 1550 (100) and to a 1700 (300). The paper gives mu' = -0.2069, phi' = 0.8722,
// sigma' = 0.05999 (cut, not rounded), hence r' = 1464.06 and RD' = 151.52: r' from mu' rounded to four decimals;
// unrounded it is 1464.0507.
TEST(Glicko2, GlickmansWorkedExample) {
  GlickoSystem paper;
  paper.tau = 0.5;
  paper.min_deviation = 0;
  paper.max_deviation = 350;
  const Glicko player{1500, 200, 0.06};
  const Glicko after =
      glicko_update(player, {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}}, 1, paper);
  EXPECT_NEAR((after.rating - 1500) / 173.7178, -0.2069, 0.00005);
  EXPECT_NEAR(after.deviation / 173.7178, 0.8722, 0.00005);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);  // 0.059996, which the paper cuts to 0.05999
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.005);
}

// A player who does not play becomes less certain: the deviation grows by the rating periods
// that passed (0.21436 a day), never beyond a newcomer's 500; the rating stays.
TEST(Glicko2, DeviationGrowsWithInactivity) {
  const Glicko settled{1800, 60, 0.06};
  const Glicko later = glicko_after_idle(settled, int64_t(200) * 24 * 3600 * 1000);
  EXPECT_EQ(later.rating, 1800);
  // sqrt(60^2 + 200 x 0.21436 x (0.06 x 173.7178)^2)
  EXPECT_NEAR(later.deviation, 90.87, 0.005);
  EXPECT_FALSE(provisional(later));
  EXPECT_TRUE(provisional(glicko_after_idle(settled, int64_t(3 * 365) * 24 * 3600 * 1000)));
  EXPECT_EQ(glicko_after_idle({1500, 480, 0.09}, int64_t(3650) * 24 * 3600 * 1000).deviation, 500);
  EXPECT_EQ(glicko_after_idle(settled, 0).deviation, 60);
}

// Two newcomers: the winner gains what the loser loses, and both become surer.
TEST(Glicko2, NewcomersGameMovesBothBySymmetricAmounts) {
  const Glicko a{}, b{};
  const Glicko a2 = glicko_update(a, {{b, 1}}, 0), b2 = glicko_update(b, {{a, 0}}, 0);
  EXPECT_GT(a2.rating, 1500);
  EXPECT_NEAR(a2.rating - 1500, 1500 - b2.rating, 1e-9);
  EXPECT_LT(a2.deviation, 500);
  EXPECT_EQ(a2.deviation, b2.deviation);
  const Glicko drawn = glicko_update(a, {{b, 0.5}}, 0);
  EXPECT_NEAR(drawn.rating, 1500, 1e-9);
}

TEST(RatingSpeed, EstimatedDurationAsLichessDividesIt) {
  auto clock = [](int64_t initial_s, int64_t increment_s, int64_t byoyomi_s = 0, int days = 0) {
    return ClockSpec{initial_s * 1000, increment_s * 1000, byoyomi_s * 1000, days};
  };
  EXPECT_EQ(speed_of(clock(60, 0)), Speed::BULLET);
  EXPECT_EQ(speed_of(clock(120, 1)), Speed::BULLET);      // 160 s
  EXPECT_EQ(speed_of(clock(60, 3)), Speed::BLITZ);        // 180 s: not under 3 minutes
  EXPECT_EQ(speed_of(clock(300, 3)), Speed::BLITZ);       // 420 s
  EXPECT_EQ(speed_of(clock(300, 5)), Speed::RAPID);       // 500 s
  EXPECT_EQ(speed_of(clock(600, 0, 30)), Speed::RAPID);   // 600 + 25 x 30 = 1350 s
  EXPECT_EQ(speed_of(clock(900, 15)), Speed::CLASSICAL);  // 1500 s
  EXPECT_EQ(speed_of(clock(0, 0, 0, 3)), Speed::CORRESPONDENCE);
  EXPECT_EQ(speed_of(clock(0, 0)), std::nullopt);
  EXPECT_EQ(estimated_seconds(clock(600, 0, 30)), 1350);
  EXPECT_EQ(parse_speed("blitz"), Speed::BLITZ);
  EXPECT_EQ(parse_speed("Blitz"), std::nullopt);
  EXPECT_STREQ(speed_name(Speed::CORRESPONDENCE), "correspondence");
}
