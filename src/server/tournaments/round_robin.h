// Round robins by FIDE's Berger tables (C.05, Annex 1): for n players (n + 1 with a dummy when n
// is odd, whose opponent has the round off), round r's first board sets player n against
// a = (r + 1) / 2 in odd rounds (a with the first move) and a = n / 2 + r / 2 in even rounds (n
// with it); on the other boards k = 2 .. n / 2, a + k - 1 has the first move against a - k + 1,
// counted round 1 .. n - 1. A double round robin plays the same rounds again with the colours
// reversed (FIDE suggests swapping the last two rounds of the first cycle so that no one has the
// same colour three times running across the cycles; we do not).
#pragma once
#include <vector>

#include "core/result.h"

namespace kirin::server {

struct RoundRobinGame {
  int first = 0, second = 0;  // pairing numbers from 1; `first` moves first
};

struct RoundRobinRound {
  std::vector<RoundRobinGame> boards;  // board 1 first
  int bye = 0;                         // the pairing number with the round off (an odd field), 0 for none
};

// Every round, in order: n - 1 rounds (n for an odd field), twice that for a double round robin.
// Errors: fewer than 2 players.
Result<std::vector<RoundRobinRound>> berger_rounds(int players, bool double_round = false);

}  // namespace kirin::server
