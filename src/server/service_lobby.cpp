// GameService: the lobby (open challenges and games being played now) and its watchers, and
// the list of recent games.
#include "server/game_service.h"
#include "server/service_replies.h"

namespace kirin::server {

using nlohmann::json;

void GameService::mark_lobby() {
  std::lock_guard lock(clock_mu_);
  lobby_dirty_ = true;
  clock_cv_.notify_all();
}

// Looks a game up for a request: the slot, or null with `err` set (404, or a logged 500).

namespace {

json players_json(const GameRecord& g) {
  json out = json::object();
  for (Color c : {FIRST, SECOND})
    out[side_name(c)] = {{"kind", g.seats[c].kirin ? "kirin" : "human"},
                         {"player", g.seats[c].player.empty() ? json(nullptr) : json(g.seats[c].player)},
                         {"strength", g.seats[c].strength}};
  return out;
}

}  // namespace

Reply GameService::list(int limit) {
  auto summaries = store_->list(GameStore::Listing::RECENT, limit);
  if (!summaries) return failure("listing games", summaries.error());
  json games = json::array();
  for (const GameSummary& s : *summaries) {
    const GameRecord& g = s.header;
    games.push_back({{"id", g.id},
                     {"game", g.game},
                     {"result", g.result},
                     {"reason", g.reason},
                     {"plies", s.plies},
                     {"players", {g.seats[0].kirin ? "kirin" : "human", g.seats[1].kirin ? "kirin" : "human"}},
                     {"names", players_json(g)},
                     {"updated", g.updated}});
  }
  return {200, {{"games", games}}};
}

Reply GameService::lobby() {
  auto waiting = store_->list(GameStore::Listing::WAITING, 100);
  if (!waiting) return failure("listing challenges", waiting.error());
  auto playing = store_->list(GameStore::Listing::PLAYING, 50);
  if (!playing) return failure("listing games in play", playing.error());
  const int64_t now = now_ms();
  json challenges = json::array(), games = json::array();
  for (const GameSummary& s : *waiting) {
    const GameRecord& g = s.header;
    const Color creator = g.seats[FIRST].open ? SECOND : FIRST;
    challenges.push_back({{"id", g.id},
                          {"game", g.game},
                          {"options", g.options},
                          {"setup", g.setup},
                          {"clock", clock_json(g.clock, fresh_clock(g.clock), now)},
                          {"days_per_move", g.clock.days_per_move},
                          {"color", side_name(creator)},
                          {"name", g.seats[creator].player},
                          {"created", g.created}});
  }
  for (const GameSummary& s : *playing) {
    const GameRecord& g = s.header;
    games.push_back({{"id", g.id},
                     {"game", g.game},
                     {"players", players_json(g)},
                     {"ply", s.plies},
                     {"clock", clock_json(g.clock, g.clock_state, now)},
                     {"updated", g.updated}});
  }
  return {200, {{"challenges", challenges}, {"playing", games}}};
}

Reply GameService::watch_lobby(StateSink sink, Unwatch& unwatch) {
  std::lock_guard lock(lobby_mu_);
  if (!lobby_state_) {
    Reply r = lobby();
    if (r.status != 200) return r;
    lobby_state_ = std::make_shared<const std::string>(r.body.dump());
  }
  sink(lobby_state_);
  const uint64_t key = next_watcher_++;
  lobby_watchers_.emplace(key, std::move(sink));
  unwatch = [this, key] {
    std::lock_guard lock(lobby_mu_);
    lobby_watchers_.erase(key);
  };
  return {200, nullptr};
}

void GameService::publish_lobby() {
  std::lock_guard lock(lobby_mu_);
  if (lobby_watchers_.empty()) {
    lobby_state_ = nullptr;  // made afresh for the next watcher
    return;
  }
  Reply r = lobby();
  if (r.status != 200) return;  // logged by lobby()
  auto text = std::make_shared<const std::string>(r.body.dump());
  if (lobby_state_ && *lobby_state_ == *text) return;
  lobby_state_ = text;
  for (auto& [key, sink] : lobby_watchers_) sink(lobby_state_);
}


}  // namespace kirin::server
