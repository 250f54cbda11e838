// A maximum weight matching of a general graph: the one solver under the Swiss and arena pairings
// (and what a test cross-checks against brute force). Weights are `MatchWeight`, a signed 128-bit
// integer, because the Swiss pairing packs a dozen criteria into one weight, lexicographically
// (swiss_pairing.h counts the bits); integers, so that no criterion is lost to rounding.
//
// The solver is LEMON's MaxWeightedMatching (lemon_matching.cpp). Boost 1.74's
// maximum_weighted_matching, used before, is known to be wrong on some graphs (boostorg/graph#399:
// wrong answers, failed assertions, crashes and endless loops; #223), and failed 1 to 2 in 10,000
// complete graphs of up to 14 vertices in our sweep; LEMON's agreed with the exact solver below
// on 80,000 graphs of up to 16 vertices, 20,000 of them complete with weights near the maximum,
// and pairs a complete graph of 100 vertices in about a millisecond. Its answer is still checked
// to be a matching of the graph's edges (an Error if not).
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

// LEMON scales the weights by 4 in its dual variables and sums two of them: a weight up to this
// keeps every intermediate value inside MatchWeight.
inline constexpr MatchWeight MAX_MATCH_WEIGHT = MatchWeight(1) << 121;

// mate[v]: the vertex matched to v, or -1. Errors: an edge out of range, a loop, a weight out of
// (0, MAX_MATCH_WEIGHT], or the solver answering with something that is not a matching of these
// edges.
Result<std::vector<int>> max_weight_matching(int vertices, const std::vector<MatchEdge>& edges);

// The solver on its own (no validation of the input), and an exact one by dynamic programming
// over the sets of vertices (2^vertices of them: for the tests' cross-check, up to about 20).
std::vector<int> lemon_matching(int vertices, const std::vector<MatchEdge>& edges);
std::vector<int> exact_matching(int vertices, const std::vector<MatchEdge>& edges);

// The total weight of `mate` over `edges` (the heaviest edge between two mates).
MatchWeight matching_weight(const std::vector<int>& mate, const std::vector<MatchEdge>& edges);

}  // namespace kirin::server
