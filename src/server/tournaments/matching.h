// A maximum weight matching of a general graph: the one solver under the Swiss pairing (and what
// a test cross-checks against brute force). Weights are `MatchWeight`, a signed 128-bit integer,
// because the Swiss pairing packs a dozen criteria into one weight, lexicographically (swiss_pairing.h
// counts the bits); integers, so that no criterion is lost to rounding.
//
// Boost 1.74's maximum_weighted_matching is the solver above EXACT_VERTICES vertices. It is known
// to be wrong on some graphs (boostorg/graph#399: wrong answers, failed assertions, crashes and
// endless loops, more often the larger and denser the graph; #223: endless loops that depend on the
// order of the edges). Our own sweep (seeded random graphs of 2 to 14 vertices, 10,000 of each
// kind): no wrong answer and no failure on graphs of random density, but 1 to 2 in 10,000 complete
// graphs ended in a failed assertion (a null blossom) or never returned. A Swiss round's graph is
// nearly complete, so up to EXACT_VERTICES vertices (a field of 16 players, or 15 and the bye) the
// matching is found by dynamic programming over the sets of vertices instead, which is exact and
// fast at that size; above it Boost's answer is checked to be a matching of the graph's edges (an
// Error if not) but its optimality cannot be, nor can a crash or an endless loop be caught.
#pragma once
#include <cstdint>
#include <vector>

#include "core/result.h"

namespace kirin::server {

using MatchWeight = __int128;

struct MatchEdge {
  int u = 0, v = 0;
  MatchWeight weight = 0;  // positive: an edge of weight 0 or less is never worth taking
};

inline constexpr int EXACT_VERTICES = 16;
// Boost computes with twice the largest weight in its dual variables and sums two of them: a
// weight up to this keeps every intermediate value inside MatchWeight.
inline constexpr MatchWeight MAX_MATCH_WEIGHT = MatchWeight(1) << 122;

// mate[v]: the vertex matched to v, or -1. Errors: an edge out of range, a loop, a weight out of
// (0, MAX_MATCH_WEIGHT], or Boost answering with something that is not a matching of these edges.
Result<std::vector<int>> max_weight_matching(int vertices, const std::vector<MatchEdge>& edges);

// The two solvers on their own, for the cross-check (no validation of the input).
std::vector<int> boost_matching(int vertices, const std::vector<MatchEdge>& edges);
std::vector<int> exact_matching(int vertices, const std::vector<MatchEdge>& edges);

// The total weight of `mate` over `edges` (the heaviest edge between two mates).
MatchWeight matching_weight(const std::vector<int>& mate, const std::vector<MatchEdge>& edges);

}  // namespace kirin::server
