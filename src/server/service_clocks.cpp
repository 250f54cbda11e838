// GameService: the clock thread. It wakes at the first flag among the running clocks and ends
// that game, notes every 2 s in the store that the server is alive (so a restart charges
// nobody for its downtime), publishes the lobby when it changed, and on a shared store claims
// Kirin's moves and renews its claims (service_engine_jobs.cpp).
#include <spdlog/logger.h>

#include "server/game_service.h"
#include "server/service_replies.h"

namespace kirin::server {

using nlohmann::json;

constexpr int64_t ALIVE_EVERY_MS = 2000;
constexpr int64_t LOBBY_EVERY_MS = 500;
// How often a claiming server looks for jobs whose holder stopped renewing (the notifications
// of new jobs wake it at once); its own leases are renewed at a third of their length.
constexpr int64_t TAKEOVER_EVERY_MS = 1000;

void GameService::watch_clock(const std::string& id, int64_t deadline) {
  if (deadline <= 0) return;
  {
    std::lock_guard lock(clock_mu_);
    deadlines_.emplace(deadline, id);
  }
  clock_cv_.notify_all();
}

void GameService::run_clocks() {
  std::unique_lock lock(clock_mu_);
  int64_t next_alive = 0, next_lobby = 0, next_takeover = 0, next_renewal = 0;
  // A worker with no players says nothing of the platform being up: a restart of the web
  // servers must still forgive the time nobody could move.
  const bool notes_alive = !options_.engine_only;
  while (!stopping_) {
    const int64_t now = now_ms();
    if (now >= next_alive) {
      lock.unlock();
      if (notes_alive)
        if (auto r = store_->set_meta("alive_at", std::to_string(now)); !r && log_) log_->error("noting the time: {}", r.error());
      lock.lock();
      next_alive = now + ALIVE_EVERY_MS;
    }
    if (claims_kirin_moves() && (claims_wanted_ || now >= next_takeover || now >= next_renewal)) {
      const bool renew = now >= next_renewal;
      claims_wanted_ = false;
      lock.unlock();
      if (renew) renew_engine_jobs();
      claim_engine_jobs();
      lock.lock();
      next_takeover = now + TAKEOVER_EVERY_MS;
      if (renew) next_renewal = now + std::max<int64_t>(100, options_.engine_lease_ms / 3);
    }
    // The lobby changes with every move somewhere: its watchers hear of it twice a second at most.
    if (lobby_dirty_ && now >= next_lobby) {
      lobby_dirty_ = false;
      lock.unlock();
      publish_lobby();
      lock.lock();
      next_lobby = now + LOBBY_EVERY_MS;
    }
    std::vector<std::string> due;
    while (!deadlines_.empty() && deadlines_.begin()->first <= now) {
      due.push_back(deadlines_.begin()->second);
      deadlines_.erase(deadlines_.begin());
    }
    if (!due.empty()) {
      lock.unlock();
      for (const std::string& id : due) flag_game(id);
      lock.lock();
      continue;
    }
    int64_t wake = next_alive;
    if (claims_kirin_moves()) wake = std::min({wake, next_takeover, next_renewal});
    if (!deadlines_.empty()) wake = std::min(wake, deadlines_.begin()->first);
    if (lobby_dirty_) wake = std::min(wake, next_lobby);
    if (claims_wanted_) continue;
    clock_cv_.wait_for(lock, std::chrono::milliseconds(std::max<int64_t>(1, wake - now)));
  }
  lock.unlock();
  // A clean stop: the time until now is charged, not the time until the restart.
  if (notes_alive) (void)store_->set_meta("alive_at", std::to_string(now_ms()));
}

void GameService::flag_game(const std::string& id) {
  auto found = slot(id);
  if (!found || !*found) return;
  auto s = *found;
  std::lock_guard lock(s->mu);
  if (s->match->flag_if_out(now_ms())) {
    if (auto c = commit(*s); !done(c) && log_) log_->error("ending game {} on time: {}", id, why(c));
  } else {
    watch_clock(id, s->match->flag_time());  // a deadline that moved on (a move came first)
  }
}


}  // namespace kirin::server
