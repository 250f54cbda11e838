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
// Each bracket's matching weighs its own players' pairs by them; pairs below it count only
// towards the number of pairs (that the rest can still be paired) and the bye.
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
  DOWNFLOAT_TWO_BACK,
  UPFLOAT_TWO_BACK,
  EXCHANGE,
  TRANSPOSITION,
  LAYERS
};
using Costs = std::array<int64_t, LAYERS>;

enum class Float { NONE, DOWN, UP };

// What the pairing knows of each player beyond the record.
struct Standing {
  int score = 0;  // half points
  int rank = 0;   // 0 for the first by score, then pairing number
  int group = 0;  // the score group, 0 the highest
  Float last_float = Float::NONE, float_two_back = Float::NONE;
  bool bye_taken = false;
};

// A bracket being paired: its players (the moved-down ones first, then the group's own), by rank.
struct Bracket {
  std::vector<int> players;  // indices
  int moved_down = 0;        // how many of them came down from above (FIDE's MDPs)
  int lowest_score = 0;      // of its own players
  std::vector<int> place;    // place[i]: i's position in `players`, -1 outside
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

// The float a player got in round `r` (1-based) of the record: C.04.3 A.4, a player who did not
// play (a bye, a forfeit, an absence) floats down; of two who played with different scores
// before it, the higher down and the lower up. An opponent no longer in the field is unknown.
Float float_in(const std::vector<SwissPlayer>& players, const std::map<int, int>& index, int i, int r) {
  const SwissGame& g = players[i].games[r - 1];
  if (!played(g)) return Float::DOWN;
  const auto opponent = index.find(g.opponent);
  if (opponent == index.end()) return Float::NONE;
  const int mine = score_after(players[i], r - 1), theirs = score_after(players[opponent->second], r - 1);
  return mine > theirs ? Float::DOWN : mine < theirs ? Float::UP : Float::NONE;
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
  for (int r = 0, group = -1; r < n; ++r) {
    const int i = order[r];
    if (r == 0 || s[i].score != s[order[r - 1]].score) ++group;
    s[i].rank = r, s[i].group = group;
  }
  for (int i = 0; i < n; ++i) {
    for (const SwissGame& g : players[i].games) {
      s[i].bye_taken |= g.outcome == Outcome::PAIRING_BYE || g.outcome == Outcome::FORFEIT_WIN;
    }
    if (round >= 2) s[i].last_float = float_in(players, index, i, round - 1);
    if (round >= 3) s[i].float_two_back = float_in(players, index, i, round - 2);
  }
  return s;
}

// The costs of pairing u (ranked higher) with v in bracket `b`, both of it; nothing when an
// absolute rule forbids it. The order of FIDE's S1 and S2: in a bracket with moved-down players,
// theirs against the group's own (the pairs the first step keeps); in one without, the
// group's own among themselves.
// How many of u and v (u ranked higher) the colours they would get break an absolute colour rule
// for; nothing when they may not meet so (only topscorers may, in the last round: C.3).
std::optional<int> absolute_colours_broken(const SwissPlayer& pu, const Standing& u, const SwissPlayer& pv,
                                           const Standing& v, const SwissSettings& settings) {
  const Color cu = allocate_colour(pu, pv, settings.initial_colour), cv = cu == FIRST ? SECOND : FIRST;
  const int broken = breaks_absolute(pu, cu) + breaks_absolute(pv, cv);
  const int top = settings.rounds - 1;  // half the most points before the last round, in half points
  const bool topscorers = settings.round == settings.rounds && (u.score > top || v.score > top);
  if (broken && !topscorers) return std::nullopt;
  return broken;
}

std::optional<Costs> pair_costs(const SwissPlayer& pu, const Standing& u, const SwissPlayer& pv, const Standing& v,
                                const Bracket& b, int iu, int iv, const SwissSettings& settings) {
  Costs c{};
  const auto broken = absolute_colours_broken(pu, u, pv, v, settings);
  if (!broken) return std::nullopt;
  c[TOPSCORER_COLOURS] = *broken;
  const Color cu = allocate_colour(pu, pv, settings.initial_colour), cv = cu == FIRST ? SECOND : FIRST;
  const int d = u.score - v.score;
  c[FLOAT_SIZE] = int64_t(d) * d;
  for (const auto& [p, got] : {std::pair{&pu, cu}, std::pair{&pv, cv}}) {
    const ColourPreference pref = colour_preference(*p);
    if (pref.strength == Strength::NONE || pref.color == got) continue;
    c[COLOUR_MISSED] += 1;
    c[STRONG_COLOUR_MISSED] += pref.strength >= Strength::STRONG;
  }
  // A moved-down player meets one of the group's own, who floats up to meet them (C.13, C.15).
  if (d > 0) {
    c[UPFLOAT_AGAIN] = v.last_float == Float::UP;
    c[UPFLOAT_TWO_BACK] = v.float_two_back == Float::UP;
  }
  const int m = int(b.players.size()), moved = b.moved_down, a = b.place[iu], z = b.place[iv];
  if (a < moved && z < moved) {  // two moved-down players: neither meets the group's own
    c[EXCHANGE] = 1;
    c[TRANSPOSITION] = int64_t(m) * m;
  } else if (a < moved) {
    // S1 against S2: FIDE tries S2's orders one after another, so the higher a moved-down player,
    // the more it weighs that its partner is the first of the group's own still free.
    c[TRANSPOSITION] = int64_t(z - moved) * (m - a);
  } else if (moved == 0) {  // S1 (the top half) against S2, then exchanges between them
    const int h = m / 2;
    c[EXCHANGE] = z < h || a >= h;
    c[TRANSPOSITION] = int64_t(std::abs(z - a - h)) * (m - a);
  }
  return c;
}

// The costs of a player of bracket `b` who floats out of it (to a lower bracket, or the bye).
Costs float_costs(const Standing& p, const Bracket& b, int i) {
  Costs c{};
  c[FLOATERS] = 1;
  const int over = p.score - (b.lowest_score - 2);  // FIDE's PSD: against a point under the bracket
  c[FLOAT_SIZE] = int64_t(over) * over;
  c[DOWNFLOAT_AGAIN] = p.last_float == Float::DOWN;
  c[DOWNFLOAT_TWO_BACK] = p.float_two_back == Float::DOWN;
  c[TRANSPOSITION] = int64_t(b.players.size()) - 1 - b.place[i];  // the bottom floats first
  return c;
}

// The edges among the players still to pair (`open`), weighed for bracket `b`; none between the
// bracket and those in `floating` (moved-down players it has already let go on down).
std::vector<Edge> edges_of(const std::vector<SwissPlayer>& players, const std::vector<Standing>& s,
                           const std::set<std::pair<int, int>>& met, const std::vector<int>& open, const Bracket& b,
                           const std::vector<bool>& floating, const SwissSettings& settings) {
  const int n = static_cast<int>(players.size());
  std::vector<Edge> edges;
  for (size_t x = 0; x < open.size(); ++x) {
    for (size_t y = x + 1; y < open.size(); ++y) {
      const int i = open[x], j = open[y];
      if (met.count({std::min(players[i].id, players[j].id), std::max(players[i].id, players[j].id)})) continue;
      const int u = s[i].rank < s[j].rank ? i : j, v = u == i ? j : i;
      // Every open player outside the bracket ranks below it, bar the moved-down players it let go
      // on down, who may not meet it: so v is in the bracket only if u is, and u alone floats.
      const bool in_u = b.place[u] >= 0, in_v = b.place[v] >= 0;
      if ((in_u && floating[v]) || (in_v && floating[u])) continue;
      std::optional<Costs> costs;
      if (in_u && in_v) {
        costs = pair_costs(players[u], s[u], players[v], s[v], b, u, v, settings);
      } else if (auto broken = absolute_colours_broken(players[u], s[u], players[v], s[v], settings)) {
        // Absolute colour rules hold below the bracket too, or the rest could not be paired.
        costs = in_u ? float_costs(s[u], b, u) : Costs{};
        (*costs)[TOPSCORER_COLOURS] = *broken;
      }
      if (costs) edges.push_back({u, v, *costs});
    }
  }
  if (n % 2 == 1) {
    for (int i : open) {
      Edge e{i, n, b.place[i] >= 0 ? float_costs(s[i], b, i) : Costs{}};
      e.costs[BYE_AGAIN] = s[i].bye_taken;
      e.costs[BYE_RANK] = n - 1 - s[i].rank;
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
  std::set<std::pair<int, int>> met;
  for (const SwissPlayer& p : players) {
    for (const SwissGame& g : p.games) {
      if (g.opponent != 0) met.insert({std::min(p.id, g.opponent), std::max(p.id, g.opponent)});
    }
  }
  std::vector<int> by_rank(n);
  for (int i = 0; i < n; ++i) by_rank[s[i].rank] = i;

  // Bracket by bracket, from the top score group down (C.04.3 B): each bracket's pairs are those
  // of the best matching of everyone still open by its criteria, and are kept; its players left
  // over float down into the next. The whole field is in each matching, so a bracket never takes
  // a pairing that would leave the rest unpairable (C.4). A bracket with moved-down players is
  // paired in two steps, as FIDE's is: theirs first (the pairs of them the first matching makes
  // are kept), then the group's own that are left, as a bracket of their own.
  std::vector<int> mate(vertices, -1);
  std::vector<bool> floating(n, false);
  std::vector<int> moved_down;
  SwissPairing pairing;
  std::vector<int> left;
  // One matching for the bracket of `members` (the first `moved` of them moved down); keeps the
  // pairs it makes among them (those of the moved-down ones only, if `only_moved`) and gives the
  // members it does not pair; false if someone could not be paired at all.
  auto pair_bracket = [&](const std::vector<int>& members, int moved, int lowest, bool last, bool only_moved,
                          std::vector<int>& unpaired) -> Result<bool> {
    Bracket b;
    b.players = members;
    b.moved_down = moved;
    b.lowest_score = lowest;
    b.place.assign(n, -1);
    for (size_t k = 0; k < members.size(); ++k) b.place[members[k]] = int(k);
    std::vector<int> open;
    for (int i = 0; i < n; ++i)
      if (mate[i] < 0) open.push_back(i);
    auto weighted = weigh(edges_of(players, s, met, open, b, floating, settings), vertices);
    if (!weighted) return Error{weighted.error()};
    auto step = max_weight_matching(vertices, *weighted);
    if (!step) return Error{step.error()};
    for (int i : open) {
      if ((*step)[i] < 0) left.push_back(players[i].id);
    }
    if (!left.empty()) return false;
    for (size_t k = 0; k < members.size(); ++k) {
      const int i = members[k], m = (*step)[i];
      const bool theirs = !only_moved || int(k) < moved || (m < n && b.place[m] >= 0 && b.place[m] < moved);
      const bool keep = theirs && (m == n ? last : b.place[m] >= 0);
      if (keep && mate[i] < 0) {
        mate[i] = m;
        if (m == n)
          pairing.bye = players[i].id;
        else
          mate[m] = i;
      }
      if (mate[i] < 0) unpaired.push_back(i);
    }
    return true;
  };
  for (int r = 0; r < n;) {
    const int group = s[by_rank[r]].group, lowest = s[by_rank[r]].score;
    std::vector<int> members = moved_down;
    for (; r < n && s[by_rank[r]].group == group; ++r) members.push_back(by_rank[r]);
    const bool last = r >= n;
    const int moved = int(moved_down.size());
    std::vector<int> own = members, next;
    if (moved > 0) {
      std::vector<int> unpaired;
      auto ok = pair_bracket(members, moved, lowest, last, true, unpaired);
      if (!ok) return Error{ok.error()};
      if (!*ok) break;
      own.clear();
      for (int i : unpaired) {
        if (std::find(members.begin(), members.begin() + moved, i) != members.begin() + moved) {
          floating[i] = true;
          next.push_back(i);
        } else {
          own.push_back(i);
        }
      }
    }
    std::vector<int> unpaired;
    auto ok = pair_bracket(own, 0, lowest, last, false, unpaired);
    if (!ok) return Error{ok.error()};
    if (!*ok) break;
    next.insert(next.end(), unpaired.begin(), unpaired.end());
    std::sort(next.begin(), next.end(), [&](int x, int y) { return s[x].rank < s[y].rank; });
    for (int i : next) floating[i] = false;
    moved_down = next;
  }
  if (!left.empty()) {
    std::sort(left.begin(), left.end());
    return Error{"no legal pairing: players " + id_list(left) +
                 " cannot all be paired without a rematch or a broken colour rule"};
  }

  std::vector<std::pair<int, int>> pairs;  // (higher, lower) by rank
  for (int i = 0; i < n; ++i) {
    if (mate[i] >= 0 && mate[i] < n && s[i].rank < s[mate[i]].rank) pairs.push_back({i, mate[i]});
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
