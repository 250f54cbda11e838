// Match statistics: Elo difference with a 95% interval, and the sequential probability ratio
// test (SPRT) that stops a match once it has shown a gain of elo1 rather than elo0 (or not).
#pragma once
#include <string>

#include "core/result.h"

namespace kirin {

struct Score {
  int wins = 0, losses = 0, draws = 0;
  int games() const { return wins + losses + draws; }
  double points() const { return wins + draws / 2.0; }
};

struct EloEstimate {
  double elo = 0, low = 0, high = 0;  // 95% interval
  double los = 0.5;                   // likelihood of superiority
};
EloEstimate estimate_elo(const Score& s);

struct Sprt {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double llr(const Score& s) const;
  double lower() const;  // accept H0 at or below
  double upper() const;  // accept H1 at or above
  // "H1 accepted", "H0 accepted" or "" while undecided.
  std::string verdict(const Score& s) const;
};

// "elo0=0,elo1=5[,alpha=0.05,beta=0.05]", or what is wrong with it.
Result<void> parse_sprt(const std::string& text, Sprt& out);

}  // namespace kirin
