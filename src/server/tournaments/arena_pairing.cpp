#include "server/tournaments/arena_pairing.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

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

}  // namespace

Result<ArenaWave> pair_arena(const std::vector<ArenaWaiting>& players) {
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
  std::vector<bool> taken(order.size(), false);
  for (size_t i = 0; i < order.size(); ++i) {
    if (taken[i]) continue;
    size_t partner = order.size();
    for (size_t j = i + 1; j < order.size(); ++j) {
      if (taken[j]) continue;
      if (!rematch(*order[i], *order[j])) {
        partner = j;
        break;
      }
      if (partner == order.size()) partner = j;  // the last opponent, if no one else turns up
    }
    if (partner == order.size()) {
      wave.waiting = order[i]->id;
      break;
    }
    taken[i] = taken[partner] = true;
    const ArenaWaiting &a = *order[i], &b = *order[partner];
    wave.pairs.push_back(color_history(a) <= color_history(b) ? ArenaPair{a.id, b.id} : ArenaPair{b.id, a.id});
  }
  return wave;
}

}  // namespace kirin::server
