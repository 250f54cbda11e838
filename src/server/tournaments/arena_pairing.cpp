#include "server/tournaments/arena_pairing.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>

#include "server/tournaments/matching.h"

namespace kirin::server {

namespace {

// lila's ColorHistory: strike is the run of the last colour (positive for first moves), balance
// the first moves less the seconds.
std::pair<int, int> color_history(const ArenaWaiting& p) {
  int strike = 0, balance = 0;
  for (Color c : p.colors) {
    const int step = c == FIRST ? 1 : -1;
    strike = (strike == 0 || (strike > 0) == (step > 0)) ? strike + step : step;
    balance += step;
  }
  return {strike, balance};
}

bool rematch(const ArenaWaiting& a, const ArenaWaiting& b) {
  return a.last_opponent == b.id || b.last_opponent == a.id;
}

// The pairs of the wave, `order` its players in the order of the standings; `left` is its odd
// one out, if any.
// The criteria of arena_pairing.h as one weight per edge, each worth more than all the later ones
// can add up to: a pair (PAIRED), no rematch (FRESH), its players' places kept from waiting
// (place, so that the one left out is the lowest), and nearness in place and in rating.
Result<std::vector<std::pair<int, int>>> match_wave(const std::vector<const ArenaWaiting*>& order,
                                                    const ArenaWaiting*& left) {
  const int n = int(order.size());
  // For 1000 players: NEAR 2^26, PLACE 2^56, FRESH 2^77, PAIRED 2^87, under MAX_MATCH_WEIGHT.
  const MatchWeight NEAR = MatchWeight(1) << 26;  // above any sum of rating differences (n/2 of 2^16)
  const MatchWeight PLACE = NEAR * n * n * n;     // above any sum of squared distances
  const MatchWeight FRESH = PLACE * 2 * n * n;    // above any sum of places
  const MatchWeight PAIRED = FRESH * n;           // above any count of fresh pairs
  std::vector<MatchEdge> edges;
  for (int u = 0; u < n; ++u) {
    for (int v = u + 1; v < n; ++v) {
      const int rating_gap = std::min(std::abs(order[u]->rating - order[v]->rating), 1 << 16);
      const MatchWeight weight = PAIRED + (rematch(*order[u], *order[v]) ? 0 : FRESH) + PLACE * (2 * n - u - v) -
                                 NEAR * (v - u) * (v - u) - rating_gap;
      edges.push_back({u, v, weight});
    }
  }
  auto mate = max_weight_matching(n, edges);
  if (!mate) return Error{mate.error()};
  std::vector<std::pair<int, int>> pairs;
  left = nullptr;
  for (int u = 0; u < n; ++u) {
    if ((*mate)[u] < 0) left = order[u];
    if ((*mate)[u] > u) pairs.push_back({u, (*mate)[u]});
  }
  return pairs;
}

}  // namespace

Result<ArenaWave> pair_arena(const std::vector<ArenaWaiting>& players) {
  if (players.size() > size_t(MAX_ARENA_WAVE))
    return Error{"more than " + std::to_string(MAX_ARENA_WAVE) + " players in one wave"};
  std::set<int> ids;
  for (const ArenaWaiting& p : players) {
    if (p.id <= 0 || !ids.insert(p.id).second)
      return Error{"player id " + std::to_string(p.id) + " twice or not positive"};
  }
  std::vector<const ArenaWaiting*> order;
  for (const ArenaWaiting& p : players) order.push_back(&p);
  std::sort(order.begin(), order.end(), [](const ArenaWaiting* a, const ArenaWaiting* b) {
    if (a->score != b->score) return a->score > b->score;
    if (a->rating != b->rating) return a->rating > b->rating;
    return a->id < b->id;
  });
  ArenaWave wave;
  if (order.size() < 2) {
    if (!order.empty()) wave.waiting = order[0]->id;
    return wave;
  }
  const ArenaWaiting* left = nullptr;
  auto pairs = match_wave(order, left);
  if (!pairs) return Error{"pairing a wave: " + pairs.error()};
  for (const auto& [u, v] : *pairs) {
    const ArenaWaiting &a = *order[u], &b = *order[v];
    wave.pairs.push_back(color_history(a) <= color_history(b) ? ArenaPair{a.id, b.id} : ArenaPair{b.id, a.id});
  }
  if (left) wave.waiting = left->id;
  return wave;
}

}  // namespace kirin::server
