// The matching solver itself: LEMON's MaxWeightedMatching (Edmonds' blossom algorithm with
// priority queues, O(n m log n)). LEMON 1.3.1 predates C++20 (its maps call std::allocator's
// construct and destroy, which C++20 removed), so this file alone is compiled as C++17 and
// includes nothing of ours but matching.h; LEMON_ONLY_TEMPLATES keeps it header-only.
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include "server/tournaments/matching.h"

namespace kirin::server {

std::vector<int> lemon_matching(int vertices, const std::vector<MatchEdge>& edges) {
  using Graph = lemon::SmartGraph;
  Graph g;
  std::vector<Graph::Node> nodes;
  nodes.reserve(size_t(vertices));
  for (int v = 0; v < vertices; ++v) nodes.push_back(g.addNode());
  Graph::EdgeMap<MatchWeight> weight(g);
  for (const MatchEdge& e : edges) weight[g.addEdge(nodes[size_t(e.u)], nodes[size_t(e.v)])] = e.weight;
  lemon::MaxWeightedMatching<Graph, Graph::EdgeMap<MatchWeight>> matching(g, weight);
  matching.run();
  std::vector<int> mate(size_t(vertices), -1);
  for (int v = 0; v < vertices; ++v) {
    const Graph::Node m = matching.mate(nodes[size_t(v)]);
    if (m != lemon::INVALID) mate[size_t(v)] = g.id(m);
  }
  return mate;
}

}  // namespace kirin::server
