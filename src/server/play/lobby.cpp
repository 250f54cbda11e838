#include "server/play/lobby.h"

#include <map>

#include "server/play/clock.h"
#include "server/play/round.h"
#include "server/views/seat.h"

namespace kirin::server {

using nlohmann::json;

namespace {

constexpr int64_t LOBBY_EVERY_MS = 500;

// The name of the account that owns a seat (its player page), null for an anonymous seat and Kirin.
json account_of(const Seat& s) { return s.account ? json(s.account_name) : json(nullptr); }

// A rated game's player's rating before it, else null; and whether it is provisional.
json rating_of(const GameRecord& g, Color c) {
  if (!g.rated || !g.seats[c].rating) return nullptr;
  return g.seats[c].rating;
}

}  // namespace

Reply Lobby::recent(int limit, bool finished) {
  auto summaries = store_.list(finished ? GameStore::Listing::FINISHED : GameStore::Listing::RECENT, limit);
  if (!summaries) return fail_("listing games", summaries.error());
  json games = json::array();
  for (const GameSummary& s : *summaries) {
    const GameRecord& g = s.header;
    games.push_back({{"id", g.id},
                     {"game", g.game},
                     {"result", g.result},
                     {"reason", g.reason},
                     {"plies", s.plies},
                     {"players", {g.seats[0].kirin ? "kirin" : "human", g.seats[1].kirin ? "kirin" : "human"}},
                     {"names", seats_view(g)},
                     {"updated", g.updated}});
  }
  return {Reply::DONE, {{"games", games}}};
}

Reply Lobby::now() {
  auto waiting = store_.list(GameStore::Listing::WAITING, 100);
  if (!waiting) return fail_("listing challenges", waiting.error());
  auto playing = store_.list(GameStore::Listing::PLAYING, 50);
  if (!playing) return fail_("listing games in play", playing.error());
  const int64_t now = now_ms();
  json challenges = json::array(), games = json::array();
  std::map<int64_t, bool> closed;  // by account: whose challenges are withdrawn when joined
  for (const GameSummary& s : *waiting) {
    const GameRecord& g = s.header;
    const Color creator = g.seats[FIRST].open ? SECOND : FIRST;
    if (g.seats[~creator].account) continue;  // a challenge by name is its player's, not the lobby's
    if (const int64_t account = g.seats[creator].account; account && !closed.count(account)) {
      auto a = store_.accounts().account_by_id(account);
      if (!a) return fail_("reading a challenger's account", a.error());
      closed[account] = *a && (*a)->closed;
    }
    if (g.seats[creator].account && closed[g.seats[creator].account]) continue;
    challenges.push_back({{"id", g.id},
                          {"game", g.game},
                          {"options", g.options},
                          {"setup", g.setup},
                          {"clock", clock_json(g.clock, fresh_clock(g.clock), now)},
                          {"days_per_move", g.clock.days_per_move},
                          {"color", side_name(creator)},
                          {"name", g.seats[creator].player},
                          {"account", account_of(g.seats[creator])},
                          {"rated", g.rated},
                          {"rating", rating_of(g, creator)},
                          {"provisional", g.seats[creator].provisional},
                          {"created", g.created}});
  }
  for (const GameSummary& s : *playing) {
    const GameRecord& g = s.header;
    games.push_back({{"id", g.id},
                     {"game", g.game},
                     {"players", seats_view(g)},
                     {"rated", g.rated},
                     {"ply", s.plies},
                     {"clock", clock_json(g.clock, g.clock_state, now)},
                     {"updated", g.updated}});
  }
  return {Reply::DONE, {{"challenges", challenges}, {"playing", games}}};
}

Reply Lobby::watch(StateSink sink, Unwatch& unwatch) {
  std::lock_guard lock(mu_);
  if (!state_) {
    Reply r = now();
    if (r.kind != Reply::DONE) return r;
    state_ = std::make_shared<const std::string>(r.body.dump());
  }
  sink(state_);
  const uint64_t key = next_watcher_++;
  watchers_.emplace(key, std::move(sink));
  unwatch = [this, key] {
    std::lock_guard lock(mu_);
    watchers_.erase(key);
  };
  return {Reply::DONE, nullptr};
}

void Lobby::mark() {
  dirty_ = true;
  heart_.poke();
}

int64_t Lobby::tend(int64_t now) {
  if (!dirty_) return 0;
  if (now < next_) return next_;
  // The lobby changes with every move somewhere: its watchers hear of it twice a second at most.
  dirty_ = false;
  publish();
  next_ = now + LOBBY_EVERY_MS;
  return 0;
}

void Lobby::publish() {
  std::lock_guard lock(mu_);
  if (watchers_.empty()) {
    state_ = nullptr;  // made afresh for the next watcher
    return;
  }
  Reply r = now();
  if (r.kind != Reply::DONE) return;  // logged by now()
  auto text = std::make_shared<const std::string>(r.body.dump());
  if (state_ && *state_ == *text) return;
  state_ = text;
  for (auto& [key, sink] : watchers_) sink(state_);
}

}  // namespace kirin::server
