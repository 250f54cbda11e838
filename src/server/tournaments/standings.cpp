#include "server/tournaments/standings.h"

#include <algorithm>
#include <map>

#include "server/tournaments/arena_scoring.h"

namespace kirin::server {
namespace {

// A finished board's outcome for `account`, who plays on it.
Outcome outcome_for(const TournamentPairing& p, int64_t account) {
  if (p.result == "bye") return Outcome::PAIRING_BYE;
  if (p.result == "off" || p.result.empty()) return Outcome::ZERO_BYE;
  if (p.result == "1/2-1/2") return Outcome::DRAW;
  if (p.result == "+-" || p.result == "-+")  // a forfeit: the withdrawn player's game, not played
    return (account == p.first) == (p.result == "+-") ? Outcome::FORFEIT_WIN : Outcome::FORFEIT_LOSS;
  const bool first_won = p.result == "1-0";
  return (account == p.first) == first_won ? Outcome::WIN : Outcome::LOSS;
}

bool plays(const TournamentPairing& p, int64_t account) { return p.first == account || p.second == account; }

std::vector<Standing> arena_standings(const std::vector<TournamentPlayer>& players,
                                      const std::vector<TournamentPairing>& pairings) {
  std::vector<Standing> out;
  for (const TournamentPlayer& p : players) {
    std::vector<ArenaGame> games;
    for (const TournamentPairing& b : pairings) {
      if (!plays(b, p.account) || b.game_id.empty() || b.result.empty()) continue;
      const Outcome o = outcome_for(b, p.account);
      games.push_back({o == Outcome::WIN    ? ArenaResult::WIN
                       : o == Outcome::DRAW ? ArenaResult::DRAW
                                            : ArenaResult::LOSS,
                       b.plies, (b.berserk & (p.account == b.first ? 1 : 2)) != 0});
    }
    const ArenaSheet sheet = arena_sheet(games);
    Standing s{p.account, p.name, p.rating, p.withdrawn, double(sheet.total), 0, int(games.size())};
    s.sheet = sheet_digits(sheet);
    s.on_fire = sheet.on_fire;
    out.push_back(std::move(s));
  }
  // lichess ranks an arena by points; a tie goes to the better rated here (lichess's
  // performance needs the opponents' ratings game by game).
  std::stable_sort(out.begin(), out.end(), [](const Standing& a, const Standing& b) {
    return a.points != b.points ? a.points > b.points : a.rating > b.rating;
  });
  return out;
}

}  // namespace

int SwissField::id_of(int64_t account) const {
  for (size_t i = 0; i < accounts.size(); ++i)
    if (accounts[i] == account) return int(i) + 1;
  return 0;
}

SwissField swiss_field(const std::vector<TournamentPlayer>& players, const std::vector<TournamentPairing>& pairings,
                       int rounds) {
  std::vector<const TournamentPlayer*> seeded;
  for (const TournamentPlayer& p : players) seeded.push_back(&p);
  std::stable_sort(seeded.begin(), seeded.end(),
                   [](const TournamentPlayer* a, const TournamentPlayer* b) { return a->rating > b->rating; });
  SwissField f;
  for (const TournamentPlayer* p : seeded) f.accounts.push_back(p->account);
  for (size_t i = 0; i < seeded.size(); ++i) {
    SwissPlayer s{int(i) + 1, seeded[i]->rating, int(i) + 1, {}};
    s.games.resize(rounds);  // absent unless a board says otherwise
    f.players.push_back(std::move(s));
  }
  for (const TournamentPairing& b : pairings) {
    if (b.round < 1 || b.round > rounds) continue;
    for (int64_t account : {b.first, b.second}) {
      const int id = f.id_of(account);
      if (!id) continue;
      SwissGame& g = f.players[id - 1].games[b.round - 1];
      g.outcome = outcome_for(b, account);
      g.opponent = f.id_of(account == b.first ? b.second : b.first);
      g.color = account == b.first ? FIRST : SECOND;
    }
  }
  return f;
}

std::vector<Standing> standings(const TournamentRecord& t, const std::vector<TournamentPlayer>& players,
                                const std::vector<TournamentPairing>& pairings) {
  std::vector<Standing> out = t.kind == "arena" ? arena_standings(players, pairings) : std::vector<Standing>{};
  if (t.kind != "arena") {
    // Only finished rounds count for the tie-breaks; the points of the round under way do not yet.
    int complete = 0;
    for (int r = 1; r <= t.round; ++r) {
      bool done = true;
      for (const TournamentPairing& b : pairings)
        if (b.round == r && b.result.empty()) done = false;
      if (done) complete = r;
    }
    const SwissField f = swiss_field(players, pairings, complete);
    const auto ties = tie_breaks(f.players);
    // The points are live: the round under way's finished games count at once.
    const SwissField now = swiss_field(players, pairings, t.round);
    std::map<int64_t, const TournamentPlayer*> by_account;
    for (const TournamentPlayer& p : players) by_account[p.account] = &p;
    for (size_t i = 0; i < f.accounts.size(); ++i) {
      const TournamentPlayer& p = *by_account[f.accounts[i]];
      Standing s{p.account, p.name, p.rating, p.withdrawn};
      s.tie = ties.at(int(i) + 1);
      s.points = score_after(now.players[i]) / 2.0;
      for (const SwissGame& g : now.players[i].games) s.games += played(g);
      out.push_back(std::move(s));
    }
    // FIDE's usual order for a Swiss (Buchholz cut 1, Buchholz, Sonneborn-Berger); a round robin
    // by Sonneborn-Berger. Then the seeding, which `out` is in.
    const bool swiss = t.kind == "swiss";
    std::stable_sort(out.begin(), out.end(), [swiss](const Standing& a, const Standing& b) {
      if (a.points != b.points) return a.points > b.points;
      if (swiss && a.tie.buchholz_cut1 != b.tie.buchholz_cut1) return a.tie.buchholz_cut1 > b.tie.buchholz_cut1;
      if (swiss && a.tie.buchholz != b.tie.buchholz) return a.tie.buchholz > b.tie.buchholz;
      return a.tie.sonneborn_berger > b.tie.sonneborn_berger;
    });
  }
  for (size_t i = 0; i < out.size(); ++i) out[i].rank = int(i) + 1;
  return out;
}

}  // namespace kirin::server
