// Arena pairing (lichess's arena): the players waiting for a game are paired at once, in the
// order of the standings (score, then rating, then id), each with the next one down who was not
// their last opponent; the last opponent only when no one else is waiting. With an odd number
// waiting, the lowest placed player left waits for the next wave.
// Colours follow lila's ColorHistory: the first move goes to the player with the shorter run of
// first moves (a run of seconds counts as negative), then the fewer first moves overall, as
// firstGetsWhite compares (strike, balance).
// Where this differs from lila: lila weighs whole groups with a maximum weight matching
// (AntmaPairing: rank and rating differences, a penalty for a rematch) and pairs the first
// minutes of an arena in plain rank order; we pair adjacent players greedily throughout. And a
// colour tie, which lila breaks at random, gives the first move to the higher placed player, so
// that pairing stays a pure function.
#pragma once
#include <vector>

#include "core/result.h"
#include "core/types.h"

namespace kirin::server {

struct ArenaWaiting {
  int id = 0;
  int score = 0;  // arena points (arena_scoring.h)
  int rating = 0;
  int last_opponent = 0;      // 0 for none
  std::vector<Color> colors;  // the colours of the player's games, in the order played
};

struct ArenaPair {
  int first = 0, second = 0;  // ids; `first` moves first
};

struct ArenaWave {
  std::vector<ArenaPair> pairs;  // the top of the standings first
  int waiting = 0;               // the id left for the next wave, 0 for none
};

// Errors: an id twice or not positive.
Result<ArenaWave> pair_arena(const std::vector<ArenaWaiting>& players);

}  // namespace kirin::server
