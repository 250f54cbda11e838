#include "server/tournaments/tie_breaks.h"

#include <algorithm>

namespace kirin::server {

namespace {

// The score others see: the opponent's unplayed rounds as draws, in half points.
int adjusted_score(const SwissPlayer& p) {
  int total = 0;
  for (const SwissGame& g : p.games) total += played(g) ? half_points(g.outcome) : 1;
  return total;
}

}  // namespace

std::map<int, TieBreaks> tie_breaks(const std::vector<SwissPlayer>& players) {
  std::map<int, const SwissPlayer*> by_id;
  for (const SwissPlayer& p : players) by_id[p.id] = &p;
  std::map<int, TieBreaks> result;
  for (const SwissPlayer& p : players) {
    const int n = static_cast<int>(p.games.size());
    std::vector<int> opponents;  // half points
    int sb = 0;                  // quarter points
    for (int r = 0; r < n; ++r) {
      const SwissGame& g = p.games[r];
      const auto opponent = by_id.find(g.opponent);
      int theirs;
      if (played(g) && opponent != by_id.end()) {
        theirs = adjusted_score(*opponent->second);
      } else {
        // Svon = SPR + (1 - SfPR) + 0.5 (n - R), R counted from 1: here r = R - 1.
        theirs = score_after(p, r) + (2 - half_points(g.outcome)) + (n - r - 1);
      }
      opponents.push_back(theirs);
      sb += theirs * half_points(g.outcome);
    }
    TieBreaks t;
    t.points = score_after(p) / 2.0;
    int sum = 0;
    for (int o : opponents) sum += o;
    t.buchholz = sum / 2.0;
    t.buchholz_cut1 = opponents.empty() ? 0 : (sum - *std::min_element(opponents.begin(), opponents.end())) / 2.0;
    t.sonneborn_berger = sb / 4.0;
    result[p.id] = t;
  }
  return result;
}

}  // namespace kirin::server
