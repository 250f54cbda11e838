// Arena pairing (lichess's arena): the players waiting for a game are paired at once. Of the ways
// to pair them, the one chosen pairs the most players, then has the fewest games between last
// opponents (one only when no one else is free for either), then leaves the lowest placed player
// (by score, then rating, then id) to wait for the next wave when the number is odd, then keeps
// partners nearest in the standings (the least sum of squared distances in place, then of rating
// differences): a maximum weight matching over those criteria (matching.h), as lila's
// AntmaPairing is.
// Colours follow lila's ColorHistory: the first move goes to the player with the shorter run of
// first moves (a run of seconds counts as negative), then the fewer first moves overall, as
// firstGetsWhite compares (strike, balance).
// Where this differs from lila: lila's AntmaPairing leaves last opponents unpaired even when no
// one else is free, weighs the plain distance in place by a factor of the arena's size, and pairs
// the first minutes of an arena in plain rank order. And a colour tie, which lila breaks at
// random, gives the first move to the higher placed player, so that pairing stays a pure function.
#pragma once
#include <vector>

#include "core/result.h"
#include "core/types.h"

namespace kirin::server {

inline constexpr int MAX_ARENA_WAVE = 1000;

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

// Errors: an id twice or not positive; more players than the weights can hold (MAX_ARENA_WAVE).
Result<ArenaWave> pair_arena(const std::vector<ArenaWaiting>& players);

}  // namespace kirin::server
