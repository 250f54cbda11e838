#include "server/rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace kirin::server {

namespace {

constexpr double SCALE = 173.7178;  // between the Glicko scale and Glicko-2's
constexpr double CONVERGENCE = 0.000001;

double g_of(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1 / (1 + std::exp(-g_of(phi_j) * (mu - mu_j))); }

// Step 5 of the paper: the new volatility, by the Illinois algorithm on f.
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double A = a, B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > CONVERGENCE) {
    const double C = A + (A - B) * fA / (fB - fA), fC = f(C);
    if (fC * fB <= 0) {
      A = B, fA = fB;
    } else {
      fA /= 2;
    }
    B = C, fB = fC;
  }
  return std::exp(A / 2);
}

Glicko clamped(Glicko g, const GlickoSystem& s) {
  g.deviation = std::clamp(g.deviation, s.min_deviation, s.max_deviation);
  g.volatility = std::min(g.volatility, s.max_volatility);
  return g;
}

}  // namespace

Glicko glicko_update(const Glicko& player, const std::vector<GlickoOutcome>& outcomes, double periods,
                     const GlickoSystem& system) {
  const double mu = (player.rating - 1500) / SCALE, phi = player.deviation / SCALE, sigma = player.volatility;
  if (outcomes.empty()) {
    const double grown = std::sqrt(phi * phi + periods * sigma * sigma);
    return clamped({player.rating, grown * SCALE, sigma}, system);
  }
  double v_inverse = 0, improvement = 0;
  for (const GlickoOutcome& o : outcomes) {
    const double mu_j = (o.opponent.rating - 1500) / SCALE, phi_j = o.opponent.deviation / SCALE;
    const double g = g_of(phi_j), e = expected(mu, mu_j, phi_j);
    v_inverse += g * g * e * (1 - e);
    improvement += g * (o.score - e);
  }
  const double v = 1 / v_inverse, delta = v * improvement;
  const double sigma2 = new_volatility(sigma, phi, v, delta, system.tau);
  const double phi_star = std::sqrt(phi * phi + periods * sigma2 * sigma2);
  const double phi2 = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu2 = mu + phi2 * phi2 * improvement;
  return clamped({mu2 * SCALE + 1500, phi2 * SCALE, sigma2}, system);
}

Glicko glicko_after_idle(const Glicko& player, int64_t idle_ms, const GlickoSystem& system) {
  if (idle_ms <= 0) return player;
  const double days = double(idle_ms) / (24.0 * 3600 * 1000);
  return glicko_update(player, {}, days * system.periods_per_day, system);
}

}  // namespace kirin::server
