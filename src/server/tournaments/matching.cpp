#include "server/tournaments/matching.h"

#include <algorithm>
#include <string>

namespace kirin::server {

namespace {

// The heaviest edge between each pair: parallel edges would only confuse both solvers.
std::vector<std::vector<MatchWeight>> weight_table(int vertices, const std::vector<MatchEdge>& edges) {
  std::vector<std::vector<MatchWeight>> w(vertices, std::vector<MatchWeight>(vertices, 0));
  for (const MatchEdge& e : edges) {
    if (e.weight > w[e.u][e.v]) w[e.u][e.v] = w[e.v][e.u] = e.weight;
  }
  return w;
}

}  // namespace

// best[set]: the heaviest matching inside `set`; its lowest vertex is either left alone or
// matched to another vertex of the set. 2^vertices entries, so for small graphs only.
std::vector<int> exact_matching(int vertices, const std::vector<MatchEdge>& edges) {
  const auto w = weight_table(vertices, edges);
  const uint32_t all = (uint32_t(1) << vertices) - 1;
  std::vector<MatchWeight> best(size_t(all) + 1, 0);
  for (uint32_t set = 1; set <= all; ++set) {
    const int low = __builtin_ctz(set);
    const uint32_t rest = set & ~(uint32_t(1) << low);
    MatchWeight b = best[rest];
    for (int v = low + 1; v < vertices; ++v) {
      if ((rest >> v & 1) && w[low][v] > 0) b = std::max(b, w[low][v] + best[rest & ~(uint32_t(1) << v)]);
    }
    best[set] = b;
  }
  std::vector<int> mate(vertices, -1);
  for (uint32_t set = all; set;) {
    const int low = __builtin_ctz(set);
    const uint32_t rest = set & ~(uint32_t(1) << low);
    const MatchWeight target = best[set];
    set = rest;
    if (target == best[rest]) continue;
    for (int v = low + 1; v < vertices; ++v) {
      const uint32_t without = rest & ~(uint32_t(1) << v);
      if ((rest >> v & 1) && w[low][v] > 0 && w[low][v] + best[without] == target) {
        mate[low] = v, mate[v] = low, set = without;
        break;
      }
    }
  }
  return mate;
}

MatchWeight matching_weight(const std::vector<int>& mate, const std::vector<MatchEdge>& edges) {
  const auto w = weight_table(static_cast<int>(mate.size()), edges);
  MatchWeight total = 0;
  for (size_t v = 0; v < mate.size(); ++v) {
    if (mate[v] > static_cast<int>(v)) total += w[v][mate[v]];
  }
  return total;
}

Result<std::vector<int>> max_weight_matching(int vertices, const std::vector<MatchEdge>& edges) {
  if (vertices < 0) return Error{"a matching of " + std::to_string(vertices) + " vertices"};
  for (const MatchEdge& e : edges) {
    if (e.u < 0 || e.v < 0 || e.u >= vertices || e.v >= vertices || e.u == e.v) {
      return Error{"edge " + std::to_string(e.u) + "-" + std::to_string(e.v) + " is not between two of " +
                   std::to_string(vertices) + " vertices"};
    }
    if (e.weight <= 0 || e.weight > MAX_MATCH_WEIGHT) {
      return Error{"edge " + std::to_string(e.u) + "-" + std::to_string(e.v) + " has a weight out of range"};
    }
  }
  const auto w = weight_table(vertices, edges);
  std::vector<MatchEdge> simple;  // the heaviest of parallel edges only
  for (int u = 0; u < vertices; ++u) {
    for (int v = u + 1; v < vertices; ++v) {
      if (w[u][v] > 0) simple.push_back({u, v, w[u][v]});
    }
  }
  std::vector<int> mate = lemon_matching(vertices, simple);
  for (int v = 0; v < vertices; ++v) {
    const int m = mate[v];
    if (m >= 0 && (m >= vertices || mate[m] != v || w[v][m] <= 0)) {
      return Error{"the matcher paired vertex " + std::to_string(v) + " outside the graph's edges"};
    }
  }
  return mate;
}

}  // namespace kirin::server
