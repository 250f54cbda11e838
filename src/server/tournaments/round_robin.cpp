#include "server/tournaments/round_robin.h"

#include <string>

namespace kirin::server {

Result<std::vector<RoundRobinRound>> berger_rounds(int players, bool double_round) {
  if (players < 2) return Error{"a round robin of " + std::to_string(players) + " players"};
  const int n = players + players % 2;  // with the dummy
  const int rounds = n - 1;
  // The numbers 1 .. n - 1 go round a circle; n keeps its place.
  auto wrap = [&](int x) { return ((x - 1) % rounds + rounds) % rounds + 1; };
  std::vector<RoundRobinRound> table;
  for (int r = 1; r <= rounds; ++r) {
    const int a = r % 2 == 1 ? (r + 1) / 2 : n / 2 + r / 2;
    std::vector<RoundRobinGame> games;
    games.push_back(r % 2 == 1 ? RoundRobinGame{a, n} : RoundRobinGame{n, a});
    for (int k = 2; k <= n / 2; ++k) games.push_back({wrap(a + k - 1), wrap(a - k + 1)});
    RoundRobinRound round;
    for (const RoundRobinGame& g : games) {
      if (g.first > players) {
        round.bye = g.second;
      } else if (g.second > players) {
        round.bye = g.first;
      } else {
        round.boards.push_back(g);
      }
    }
    table.push_back(round);
  }
  if (double_round) {
    for (int r = 0; r < rounds; ++r) {
      RoundRobinRound second = table[r];
      for (RoundRobinGame& g : second.boards) std::swap(g.first, g.second);
      table.push_back(second);
    }
  }
  return table;
}

}  // namespace kirin::server
