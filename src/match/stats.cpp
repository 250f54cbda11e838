#include "match/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace kirin {
namespace {

double elo_of(double score) {
  score = std::clamp(score, 1e-6, 1 - 1e-6);
  return -400.0 * std::log10(1.0 / score - 1.0);
}
double score_of(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// Mean score and per-game variance of the results.
void moments(const Score& s, double& mean, double& var) {
  const double n = s.games();
  mean = s.points() / n;
  var = (s.wins * std::pow(1 - mean, 2) + s.losses * std::pow(mean, 2) + s.draws * std::pow(0.5 - mean, 2)) / n;
}

}  // namespace

EloEstimate estimate_elo(const Score& s) {
  EloEstimate e;
  if (s.games() == 0) return e;
  double mean, var;
  moments(s, mean, var);
  const double se = std::sqrt(var / s.games());
  e.elo = elo_of(mean);
  e.low = elo_of(mean - 1.959964 * se);
  e.high = elo_of(mean + 1.959964 * se);
  if (s.wins + s.losses > 0) e.los = 0.5 * (1 + std::erf((s.wins - s.losses) / std::sqrt(2.0 * (s.wins + s.losses))));
  return e;
}

// Normal approximation of the generalised SPRT log-likelihood ratio (as fishtest's "GSPRT").
double Sprt::llr(const Score& s) const {
  if (s.games() == 0) return 0;
  // Half a win and half a loss added for the variance: a few equal results must not look certain.
  const double n = s.games() + 1.0;
  const double mean = (s.points() + 0.5) / n;
  const double var = ((s.wins + 0.5) * std::pow(1 - mean, 2) + (s.losses + 0.5) * std::pow(mean, 2) +
                      s.draws * std::pow(0.5 - mean, 2)) /
                     n;
  const double s0 = score_of(elo0), s1 = score_of(elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

std::string Sprt::verdict(const Score& s) const {
  const double l = llr(s);
  if (l >= upper()) return "H1 accepted";
  if (l <= lower()) return "H0 accepted";
  return "";
}

Result<void> parse_sprt(const std::string& text, Sprt& out) {
  Sprt s;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    auto eq = item.find('=');
    if (eq == std::string::npos) return Error{"sprt: expected key=value, got '" + item + "'"};
    std::string key = item.substr(0, eq);
    char* end = nullptr;
    double v = std::strtod(item.c_str() + eq + 1, &end);
    if (*end != '\0' || eq + 1 == item.size() || !std::isfinite(v) || std::abs(v) > 10000)
      return Error{"sprt: " + key + ": not a number from -10000 to 10000"};
    if (key == "elo0")
      s.elo0 = v;
    else if (key == "elo1")
      s.elo1 = v;
    else if (key == "alpha")
      s.alpha = v;
    else if (key == "beta")
      s.beta = v;
    else
      return Error{"sprt: unknown key '" + key + "' (elo0, elo1, alpha, beta)"};
  }
  if (s.elo1 <= s.elo0) return Error{"sprt: elo1 must be above elo0"};
  if (s.alpha <= 0 || s.alpha >= 0.5 || s.beta <= 0 || s.beta >= 0.5)
    return Error{"sprt: alpha and beta must lie in (0, 0.5)"};
  out = s;
  return {};
}

}  // namespace kirin
