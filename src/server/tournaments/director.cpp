// Directing a tournament (tournaments.h): on the heartbeat, each event due is directed by the one
// server that holds its lease. Each step reads the event from the store and writes the next state
// there before anything is made from it (the games of a round are made after its pairings are
// written, and made again by the next director if they are missing), so a director that stops
// anywhere leaves the event where the next one can go on.
#include <algorithm>
#include <map>

#include "core/unix_time.h"
#include "server/security/token.h"
#include "server/tournaments/arena_pairing.h"
#include "server/tournaments/round_robin.h"
#include "server/tournaments/swiss_pairing.h"
#include "server/tournaments/tournaments.h"

namespace kirin::server {
namespace {

constexpr int64_t TEND_EVERY_MS = 1000;

std::vector<TournamentPlayer> active(const std::vector<TournamentPlayer>& players) {
  std::vector<TournamentPlayer> out;
  for (const TournamentPlayer& p : players)
    if (!p.withdrawn) out.push_back(p);
  return out;
}

// A finished game's result as the event scores it. An aborted game (nobody moved in time, '*')
// is lost by the player who did not move: the first player when no move was made, else the second.
std::string scored_result(const GameRecord& g) {
  if (g.result == "*") return g.moves.empty() ? "0-1" : "1-0";
  return g.result;
}

// Every board paired so far has its result (the rounds before the last were done before it was
// paired, bar a correspondence round robin's, all paired at once).
bool all_done(const std::vector<TournamentPairing>& pairings) {
  return std::none_of(pairings.begin(), pairings.end(), [](const TournamentPairing& p) { return p.result.empty(); });
}

// How a game not over at a correspondence event's deadline (a round robin's, a Swiss round's) ends.
constexpr const char* DEADLINE_RESULT = "1/2-1/2";
constexpr const char* DEADLINE_REASON = "adjudicated draw, the tournament's deadline";

// By correspondence, the play-by time of what is paired at `now`; 0 for an event with a clock.
int64_t deadline(const TournamentRecord& t, int64_t now) {
  return t.deadline_days ? now + int64_t(t.deadline_days) * 24 * 3600 * 1000 : 0;
}

}  // namespace

int64_t Tournaments::tend(int64_t now) {
  if (now < next_tend_) return next_tend_;
  next_tend_ = now + TEND_EVERY_MS;
  auto due = store_.tournaments().due(now);
  if (!due) {
    fail_("listing the tournaments to direct", due.error());
    return next_tend_;
  }
  for (const std::string& id : *due) {
    auto mine = store_.tournaments().claim_direction(id, worker_, lease_ms_);
    if (!mine) {
      fail_("directing tournament " + id, mine.error());
      continue;
    }
    if (*mine) direct(id, now);
  }
  return next_tend_;
}

void Tournaments::direct(const std::string& id, int64_t now) {
  auto t = store_.tournaments().load(id);
  if (!t || !*t) {
    if (!t) fail_("reading tournament " + id, t.error());
    return;
  }
  const TournamentRecord& r = **t;
  Result<void> done;
  if (r.status == "created") {
    done = begin(r, now);
  } else if (r.status == "started") {
    auto players = store_.tournaments().players(id);
    auto pairings = store_.tournaments().pairings(id);
    if (!players || !pairings) {
      fail_("reading tournament " + id, !players ? players.error() : pairings.error());
      return;
    }
    auto moved = play_boards(r, *pairings);
    if (!moved) {
      fail_("playing tournament " + id, moved.error());
      return;
    }
    if (r.kind == "arena") {
      done = now >= r.ends_at ? finish(r, now) : next_wave(r, *players, *pairings);
    } else {
      if (r.deadline_days && r.ends_at && now >= r.ends_at) done = adjudicate(r, *pairings);
      if (done && all_done(*pairings)) done = next_round(r, *players, *pairings);
    }
    if (*moved) changed(id);
  }
  if (!done) fail_("directing tournament " + id, done.error());
}

Result<void> Tournaments::begin(const TournamentRecord& t, int64_t now) {
  auto players = store_.tournaments().players(t.id);
  if (!players) return Error{players.error()};
  // Fewer than two players: the event ends with no game (lichess's empty events end so too).
  if (active(*players).size() < 2) return finish(t, now);
  TournamentRecord started = t;
  started.status = "started";
  started.starts_at = std::min(t.starts_at, now);  // its creator may start it early
  started.ends_at = t.kind == "arena" ? now + int64_t(t.rounds) * 60 * 1000 : deadline(t, now);
  auto moved = store_.tournaments().advance(started, t.round, t.status, {});
  if (!moved) return Error{moved.error()};
  if (!*moved) return {};
  changed(t.id);
  return t.kind == "arena" ? next_wave(started, *players, {}) : next_round(started, *players, {});
}

Result<void> Tournaments::finish(const TournamentRecord& t, int64_t now) {
  TournamentRecord over = t;
  over.status = "finished";
  over.ends_at = now;
  auto moved = store_.tournaments().advance(over, t.round, t.status, {});
  if (!moved) return Error{moved.error()};
  if (*moved) changed(t.id);
  return {};
}

Result<void> Tournaments::next_round(const TournamentRecord& t, const std::vector<TournamentPlayer>& players,
                                     const std::vector<TournamentPairing>& pairings) {
  const SwissField field = swiss_field(players, pairings, t.round);
  std::vector<TournamentPairing> boards;
  const int round = t.round + 1;
  auto board = [&](int64_t first, int64_t second, std::string game, std::string result) {
    boards.push_back({round, int(boards.size()) + 1, std::move(game), first, second, std::move(result), 0});
  };
  std::map<int64_t, bool> withdrawn;
  for (const TournamentPlayer& p : players) withdrawn[p.account] = p.withdrawn;
  if (t.kind == "swiss") {
    if (t.round >= t.rounds || active(players).size() < 2) return finish(t, now_ms());
    std::vector<SwissPlayer> in;
    for (size_t i = 0; i < field.players.size(); ++i)
      if (!withdrawn[field.accounts[i]]) in.push_back(field.players[i]);
    auto paired = pair_swiss(in, {round, t.rounds, FIRST});
    // No legal pairing is left (everyone has met everyone they may): the event ends early, as
    // lichess's Swiss events do.
    if (!paired) return finish(t, now_ms());
    for (const SwissBoard& b : paired->boards)
      board(field.accounts[b.first - 1], field.accounts[b.second - 1], random_hex(6), "");
    if (paired->bye) board(field.accounts[paired->bye - 1], 0, "", "bye");
  } else {
    // A round robin's table is fixed when it starts: the players by their seeding, each round
    // FIDE's Berger table's; a withdrawn player's games are forfeits ("+-", "-+").
    auto table = berger_rounds(int(field.accounts.size()), t.rounds == 2);
    if (!table) return Error{table.error()};
    if (t.round >= int(table->size())) return finish(t, now_ms());
    // By correspondence every round is paired at once, to be played by the deadline.
    const int last = t.deadline_days ? int(table->size()) : round;
    for (int n = round; n <= last; ++n) {
      const RoundRobinRound& r = (*table)[n - 1];
      const size_t first_board = boards.size();
      auto on_board = [&](int64_t first, int64_t second, std::string game, std::string result) {
        boards.push_back(
            {n, int(boards.size() - first_board) + 1, std::move(game), first, second, std::move(result), 0});
      };
      for (const RoundRobinGame& g : r.boards) {
        const int64_t a = field.accounts[g.first - 1], b = field.accounts[g.second - 1];
        if (withdrawn[a] || withdrawn[b])
          on_board(a, b, "", withdrawn[a] ? (withdrawn[b] ? "off" : "-+") : "+-");
        else
          on_board(a, b, random_hex(6), "");
      }
      if (r.bye) on_board(field.accounts[r.bye - 1], 0, "", "off");
    }
  }
  return pair(t, boards);
}

Result<void> Tournaments::next_wave(const TournamentRecord& t, const std::vector<TournamentPlayer>& players,
                                    const std::vector<TournamentPairing>& pairings) {
  const std::vector<Standing> table = standings(t, players, pairings);
  // The arena's ids for the pairing: the players still in, in the order of the standings.
  std::map<int64_t, ArenaWaiting> in;
  std::vector<int64_t> account_of(1, 0);
  for (const Standing& s : table) {
    if (s.withdrawn) continue;
    in[s.account] = {int(account_of.size()), int(s.points), s.rating, 0, {}};
    account_of.push_back(s.account);
  }
  std::map<int64_t, bool> playing;
  for (const TournamentPairing& p : pairings) {  // in the order played
    if (p.game_id.empty()) continue;
    for (int64_t a : {p.first, p.second}) {
      auto it = in.find(a);
      if (it == in.end()) continue;
      if (p.result.empty()) playing[a] = true;
      const int64_t other = a == p.first ? p.second : p.first;
      it->second.last_opponent = in.count(other) ? in[other].id : 0;
      it->second.colors.push_back(a == p.first ? FIRST : SECOND);
    }
  }
  std::vector<ArenaWaiting> free;
  for (const auto& [account, w] : in)
    if (!playing[account]) free.push_back(w);
  if (free.size() < 2) return {};
  auto wave = pair_arena(free);
  if (!wave) return Error{"pairing a wave: " + wave.error()};
  if (wave->pairs.empty()) return {};
  std::vector<TournamentPairing> boards;
  const int round = t.round + 1;
  for (const ArenaPair& p : wave->pairs)
    boards.push_back({round, int(boards.size()) + 1, random_hex(6), account_of[p.first], account_of[p.second], "", 0});
  return pair(t, boards);
}

Result<void> Tournaments::pair(const TournamentRecord& t, const std::vector<TournamentPairing>& boards) {
  if (boards.empty()) return {};
  TournamentRecord next = t;
  next.round = boards.back().round;  // a correspondence round robin pairs several at once: the last
  // A Swiss by correspondence: each round is played by its own deadline, from its pairing.
  if (t.kind == "swiss" && t.deadline_days) next.ends_at = deadline(t, now_ms());
  auto moved = store_.tournaments().advance(next, t.round, t.status, boards);
  if (!moved) return Error{moved.error()};
  if (!*moved) return {};  // another director did it first
  changed(t.id);
  auto fresh = store_.tournaments().pairings(t.id);
  if (!fresh) return Error{fresh.error()};
  if (auto made = play_boards(next, *fresh); !made) return Error{made.error()};
  return {};
}

Result<void> Tournaments::adjudicate(const TournamentRecord& t, std::vector<TournamentPairing>& pairings) {
  for (const TournamentPairing& p : pairings)
    if (p.result.empty() && !p.game_id.empty())
      if (auto a = rounds_.adjudicate(p.game_id, DEADLINE_RESULT, DEADLINE_REASON); !a)
        return Error{"adjudicating game " + p.game_id + ": " + a.error()};
  if (auto read = play_boards(t, pairings); !read) return Error{read.error()};
  return {};
}

Result<bool> Tournaments::play_boards(const TournamentRecord& t, std::vector<TournamentPairing>& pairings) {
  auto players = store_.tournaments().players(t.id);
  if (!players) return Error{players.error()};
  auto caller = [&](int64_t account) {
    for (const TournamentPlayer& p : *players)
      if (p.account == account) return Caller{"", account, p.name, ""};
    return Caller{"", account, "", ""};
  };
  bool moved = false;
  for (TournamentPairing& p : pairings) {
    if (!p.result.empty() || p.game_id.empty()) continue;
    auto g = store_.load(p.game_id);
    if (!g) return Error{g.error()};
    if (!*g) {
      auto spec = game_of(t);
      if (!spec) return Error{spec.error()};
      // The records name the event (PGN's Event and Round, KIF's 棋戦) and the pages link to it.
      spec->tags = {{"Event", t.name}, {"Round", std::to_string(p.round)}, {"Tournament", t.id}};
      Reply made = rounds_.create_paired(*spec, p.game_id, caller(p.first), caller(p.second));
      if (made.refused()) return Error{"making game " + p.game_id + ": " + made.body.value("error", "refused")};
      continue;
    }
    if (!(*g)->over()) continue;
    p.result = scored_result(**g);
    p.plies = int((*g)->moves.size());
    if (auto r = store_.tournaments().record_result(t.id, p.game_id, p.result, p.plies); !r) return Error{r.error()};
    moved = true;
  }
  return moved;
}

}  // namespace kirin::server
