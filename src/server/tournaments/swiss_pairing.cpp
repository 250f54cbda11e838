#include "server/tournaments/swiss_pairing.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "server/tournaments/matching.h"
#include "server/tournaments/swiss_colours.h"

namespace kirin::server {

namespace {

// The layers of swiss_pairing.h, highest first (the number of pairs is the weight's own base).
enum Layer {
  BYE_AGAIN,
  BYE_RANK,
  TOPSCORER_COLOURS,
  FLOATERS,
  FLOAT_SIZE,
  COLOUR_MISSED,
  STRONG_COLOUR_MISSED,
  DOWNFLOAT_AGAIN,
  UPFLOAT_AGAIN,
  EXCHANGE,
  TRANSPOSITION,
  LAYERS
};
using Costs = std::array<int64_t, LAYERS>;

enum class Float { NONE, DOWN, UP };

// What the pairing knows of each player beyond the record.
struct Standing {
  int score = 0;                                // half points
  int rank = 0;                                 // 0 for the first by score, then pairing number
  int group = 0, position = 0, group_size = 0;  // the score group, and the place in it
  Float last_float = Float::NONE;
  bool bye_taken = false;
};

struct Edge {
  int u, v;  // indices into the players; v == players.size() is the bye
  Costs costs{};
};

std::string id_list(const std::vector<int>& ids) {
  std::string s;
  for (int id : ids) s += (s.empty() ? "" : ", ") + std::to_string(id);
  return s;
}

Result<void> check(const std::vector<SwissPlayer>& players, const SwissSettings& settings) {
  if (settings.round < 1 || settings.rounds < settings.round) {
    return Error{"round " + std::to_string(settings.round) + " of " + std::to_string(settings.rounds)};
  }
  std::set<int> ids, numbers;
  for (const SwissPlayer& p : players) {
    if (p.id <= 0 || !ids.insert(p.id).second)
      return Error{"player id " + std::to_string(p.id) + " twice or not positive"};
    if (p.pairing_number <= 0 || !numbers.insert(p.pairing_number).second) {
      return Error{"pairing number " + std::to_string(p.pairing_number) + " twice or not positive"};
    }
    if (static_cast<int>(p.games.size()) != settings.round - 1) {
      return Error{"player " + std::to_string(p.id) + " has " + std::to_string(p.games.size()) +
                   " rounds before round " + std::to_string(settings.round)};
    }
    for (const SwissGame& g : p.games) {
      if (g.opponent == p.id) return Error{"player " + std::to_string(p.id) + " met themself"};
    }
  }
  return {};
}

std::vector<Standing> standings(const std::vector<SwissPlayer>& players, int round) {
  const int n = static_cast<int>(players.size());
  std::map<int, int> index;
  for (int i = 0; i < n; ++i) index[players[i].id] = i;
  std::vector<Standing> s(n);
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) {
    s[i].score = score_after(players[i]);
    order[i] = i;
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if (s[a].score != s[b].score) return s[a].score > s[b].score;
    return players[a].pairing_number < players[b].pairing_number;
  });
  for (int r = 0, group = -1, start = 0; r < n; ++r) {
    const int i = order[r];
    if (r == 0 || s[i].score != s[order[r - 1]].score) ++group, start = r;
    s[i].rank = r, s[i].group = group, s[i].position = r - start;
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) s[i].group_size += s[j].group == s[i].group;
    for (const SwissGame& g : players[i].games) {
      s[i].bye_taken |= g.outcome == Outcome::PAIRING_BYE || g.outcome == Outcome::FORFEIT_WIN;
    }
    if (round < 2) continue;
    // The previous round's float, from both scores before it; an opponent no longer in the field
    // is unknown, so no float.
    const SwissGame& last = players[i].games.back();
    if (last.outcome == Outcome::PAIRING_BYE) s[i].last_float = Float::DOWN;
    const auto opponent = index.find(last.opponent);
    if (last.opponent == 0 || opponent == index.end()) continue;
    const int mine = score_after(players[i], round - 2), theirs = score_after(players[opponent->second], round - 2);
    s[i].last_float = mine > theirs ? Float::DOWN : mine < theirs ? Float::UP : Float::NONE;
  }
  return s;
}

// The costs of pairing u (ranked higher) with v, or nothing when an absolute rule forbids it.
std::optional<Costs> pair_costs(const SwissPlayer& pu, const Standing& u, const SwissPlayer& pv, const Standing& v,
                                const SwissSettings& settings) {
  Costs c{};
  const Color cu = allocate_colour(pu, pv, settings.initial_colour), cv = cu == FIRST ? SECOND : FIRST;
  const int broken = breaks_absolute(pu, cu) + breaks_absolute(pv, cv);
  if (broken) {
    const int top = settings.rounds - 1;  // half the most points before the last round, in half points
    const bool topscorers = settings.round == settings.rounds && (u.score > top || v.score > top);
    if (!topscorers) return std::nullopt;
    c[TOPSCORER_COLOURS] = broken;
  }
  const int d = u.score - v.score;
  // A downfloater counts its own score too: from a lower group is better (C.6), which also keeps
  // an upfloat (the higher group's player floating down to meet them) dearer than a downfloat.
  c[FLOATERS] = d > 0 ? u.score + 1 : 0;
  c[FLOAT_SIZE] = int64_t(d) * d;
  for (const auto& [p, got] : {std::pair{&pu, cu}, std::pair{&pv, cv}}) {
    const ColourPreference pref = colour_preference(*p);
    if (pref.strength == Strength::NONE || pref.color == got) continue;
    c[COLOUR_MISSED] += 1;
    c[STRONG_COLOUR_MISSED] += pref.strength >= Strength::STRONG;
  }
  c[DOWNFLOAT_AGAIN] = d > 0 && u.last_float == Float::DOWN;
  c[UPFLOAT_AGAIN] = d > 0 && v.last_float == Float::UP;
  if (u.group == v.group) {
    const int m = u.group_size, h = m / 2, a = u.position, b = v.position;
    c[EXCHANGE] = b < h;
    c[TRANSPOSITION] = int64_t(std::abs(b - a - h)) * (m - a);
  } else {
    c[TRANSPOSITION] = v.position + (u.group_size - 1 - u.position);
  }
  return c;
}

std::vector<Edge> edges_of(const std::vector<SwissPlayer>& players, const std::vector<Standing>& s,
                           const SwissSettings& settings) {
  const int n = static_cast<int>(players.size());
  std::set<std::pair<int, int>> met;
  for (const SwissPlayer& p : players) {
    for (const SwissGame& g : p.games) {
      if (g.opponent != 0) met.insert({std::min(p.id, g.opponent), std::max(p.id, g.opponent)});
    }
  }
  std::vector<Edge> edges;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (met.count({std::min(players[i].id, players[j].id), std::max(players[i].id, players[j].id)})) continue;
      const bool i_higher = s[i].rank < s[j].rank;
      const int u = i_higher ? i : j, v = i_higher ? j : i;
      if (auto costs = pair_costs(players[u], s[u], players[v], s[v], settings)) edges.push_back({u, v, *costs});
    }
  }
  if (n % 2 == 1) {
    for (int i = 0; i < n; ++i) {
      Edge e{i, n, {}};
      e.costs[BYE_AGAIN] = s[i].bye_taken;
      e.costs[BYE_RANK] = n - 1 - s[i].rank;
      e.costs[DOWNFLOAT_AGAIN] = s[i].last_float == Float::DOWN;
      edges.push_back(e);
    }
  }
  return edges;
}

// Each layer's base: one more than the most the layer can total over a matching.
Result<std::vector<MatchEdge>> weigh(const std::vector<Edge>& edges, int vertices) {
  const MatchWeight pairs = vertices / 2;
  Costs most{};
  for (const Edge& e : edges) {
    for (int l = 0; l < LAYERS; ++l) most[l] = std::max(most[l], e.costs[l]);
  }
  std::array<MatchWeight, LAYERS> unit{};
  MatchWeight base = 1;
  for (int l = LAYERS - 1; l >= 0; --l) {
    unit[l] = base;
    base *= pairs * most[l] + 1;
    if (base > MAX_MATCH_WEIGHT / (pairs + 1)) return Error{"too many players for the pairing's weights"};
  }
  std::vector<MatchEdge> weighted;
  for (const Edge& e : edges) {
    MatchWeight cost = 0;
    for (int l = 0; l < LAYERS; ++l) cost += unit[l] * e.costs[l];
    weighted.push_back({e.u, e.v, base - cost});
  }
  return weighted;
}

}  // namespace

Result<SwissPairing> pair_swiss(const std::vector<SwissPlayer>& players, const SwissSettings& settings) {
  if (auto ok = check(players, settings); !ok) return Error{ok.error()};
  const int n = static_cast<int>(players.size());
  const std::vector<Standing> s = standings(players, settings.round);
  const int vertices = n + n % 2;
  auto weighted = weigh(edges_of(players, s, settings), vertices);
  if (!weighted) return Error{weighted.error()};
  auto mate = max_weight_matching(vertices, *weighted);
  if (!mate) return Error{mate.error()};

  SwissPairing pairing;
  std::vector<int> left;
  std::vector<std::pair<int, int>> pairs;  // (higher, lower) by rank
  for (int i = 0; i < n; ++i) {
    const int m = (*mate)[i];
    if (m == n) {
      pairing.bye = players[i].id;
    } else if (m < 0) {
      left.push_back(players[i].id);
    } else if (s[i].rank < s[m].rank) {
      pairs.push_back({i, m});
    }
  }
  if (!left.empty()) {
    std::sort(left.begin(), left.end());
    return Error{"no legal pairing: players " + id_list(left) +
                 " cannot all be paired without a rematch or a broken colour rule"};
  }
  std::sort(pairs.begin(), pairs.end(), [&](auto a, auto b) {
    const int top_a = s[a.first].score, top_b = s[b.first].score;
    if (top_a != top_b) return top_a > top_b;
    const int sum_a = top_a + s[a.second].score, sum_b = top_b + s[b.second].score;
    if (sum_a != sum_b) return sum_a > sum_b;
    return s[a.first].rank < s[b.first].rank;
  });
  for (auto [u, v] : pairs) {
    const bool u_first = allocate_colour(players[u], players[v], settings.initial_colour) == FIRST;
    pairing.boards.push_back(u_first ? SwissBoard{players[u].id, players[v].id}
                                     : SwissBoard{players[v].id, players[u].id});
  }
  return pairing;
}

}  // namespace kirin::server
