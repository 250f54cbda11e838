// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation (how
// sure it is) and its volatility (how erratic the player is). Each game is a rating period of its
// own, as lichess rates: both players are updated at once from each other's rating before the
// game. A deviation grows with the time a player does not play, by the fraction of rating periods
// that passed (lichess's 0.21436 periods a day), up to the deviation of a newcomer.
#pragma once
#include <cstdint>
#include <vector>

namespace kirin::server {

struct Glicko {
  double rating = 1500;
  double deviation = 500;  // lichess's newcomer's; the paper's example starts at 200
  double volatility = 0.09;
};

struct GlickoSystem {
  double tau = 0.75;           // how much volatility may change (the paper suggests 0.3 to 1.2)
  double min_deviation = 45;   // a rating never claims more certainty than this
  double max_deviation = 500;  // nor less than a newcomer's
  double max_volatility = 0.1;
  double periods_per_day = 0.21436;
  double provisional_above = 110;  // a deviation above this is shown as provisional ("1500?")
};

// One game's result against one opponent, as the opponent was rated before it: 1 a win, 0.5 a
// draw, 0 a loss.
struct GlickoOutcome {
  Glicko opponent;
  double score;
};

// The rating after `outcomes`, `periods` rating periods after the last one (the deviation grows
// by them first; 1 for the paper's example). No outcomes: only that growth.
Glicko glicko_update(const Glicko& player, const std::vector<GlickoOutcome>& outcomes, double periods,
                     const GlickoSystem& system = {});

// The rating as it stands `idle_ms` after the player's last rated game: the deviation grown by
// the inactivity (what a rating shows, and what a game starts from).
Glicko glicko_after_idle(const Glicko& player, int64_t idle_ms, const GlickoSystem& system = {});

inline bool provisional(const Glicko& g, const GlickoSystem& system = {}) {
  return g.deviation > system.provisional_above;
}

}  // namespace kirin::server
