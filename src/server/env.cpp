#include "server/env.h"

#include <spdlog/logger.h>

#include <algorithm>

#include "core/unix_time.h"
#include "server/rating/ratings.h"

namespace kirin::server {

using nlohmann::json;

namespace {
constexpr int64_t ALIVE_EVERY_MS = 2000;
}

Env::Env(std::unique_ptr<GameStore> store, BotFactory make_bot, ServiceOptions options,
         std::shared_ptr<spdlog::logger> log)
    : store_(std::move(store)),
      fail_(log),
      options_(options),
      cache_(*store_, options.cache_games, options.cache_games_per_client),
      flags_(heart_),
      lobby_(*store_, heart_, fail_),
      pool_(std::make_unique<EnginePool>(options.engine_threads, options.engine_queue, std::move(make_bot),
                                         [log](const std::string& e) {
                                           if (log) log->error("{}", e);
                                         })),
      jobs_(*store_, *pool_, heart_, store_->shared() && options.kirin_moves, options.engine_lease_ms, log),
      rounds_(*store_, cache_, flags_, lobby_, *pool_, jobs_, heart_, fail_, options.abort),
      analyses_(*pool_),
      game_analyses_(
          *store_, cache_, *pool_, heart_, fail_,
          {options.kirin_moves, options.game_analysis_nodes, options.game_analysis_queue, options.engine_lease_ms},
          jobs_.worker()),
      tournaments_(*store_, rounds_, fail_, jobs_.worker(), options.tournament_lease_ms),
      request_keys_(*store_, fail_),
      problems_(*store_, *pool_, fail_, options.problem_ms, options.problem_move_ms),
      accounts_(store_->accounts(), fail_, options.accounts),
      players_(*store_, fail_),
      chat_(*store_, cache_, fail_, options.chat),
      account_games_(*store_, cache_, fail_) {
  rate_ended_games(*store_);
  if (auto alive = store_->meta().get("alive_at"); alive && !alive->empty()) alive_before_ = std::atoll(alive->c_str());
  jobs_.set_think([this](Bot& bot, const std::atomic<bool>& cancel, const EngineJob& job) {
    rounds_.kirin_move(bot, cancel, job);
  });
  heartbeat_ = std::thread([this] { beat(); });
  store_->on_change([this](const std::string& id, int64_t version) { rounds_.refresh(id, version); });
  store_->on_engine_job([this] { jobs_.want(); });
  store_->on_game_analysis([this](const std::string& id) { game_analyses_.changed(id); });
  store_->on_chat([this](const std::string& id, int64_t line) { chat_.heard(id, line); });
  store_->on_challenges([this](int64_t account) { account_games_.heard(account); });
  store_->on_tournament([this](const std::string& id) { tournaments_.changed(id); });
  rounds_.on_challenge([this](int64_t account) { account_games_.changed(account); });
  accounts_.on_closed([this](int64_t account) {
    cache_.account_closed(account);
    rounds_.withdraw_challenges_of(account);
  });
  jobs_.want();  // jobs left by servers that stopped
  game_analyses_.want();
}

Env::~Env() {
  store_->on_change(nullptr);  // no more calls into a server that is going
  store_->on_engine_job(nullptr);
  store_->on_game_analysis(nullptr);
  store_->on_chat(nullptr);
  store_->on_challenges(nullptr);
  store_->on_tournament(nullptr);
  stop();
  heartbeat_.join();
  game_analyses_.stop();
  pool_.reset();
}

void Env::beat() {
  int64_t next_alive = 0;
  // A worker with no players says nothing of the platform being up: a restart of the web
  // servers must still forgive the time nobody could move.
  const bool notes_alive = !options_.engine_only;
  while (!heart_.stopping()) {
    const int64_t now = now_ms();
    if (now >= next_alive) {
      if (notes_alive)
        if (auto r = store_->meta().set("alive_at", std::to_string(now)); !r) fail_("noting the time", r.error());
      next_alive = now + ALIVE_EVERY_MS;
    }
    int64_t wake = next_alive;
    if (const int64_t at = jobs_.tend(now)) wake = std::min(wake, at);
    if (const int64_t at = game_analyses_.tend(now)) wake = std::min(wake, at);
    if (const int64_t at = lobby_.tend(now)) wake = std::min(wake, at);
    // Tournaments are directed by the servers that have players, one server per event at a time.
    if (!options_.engine_only) wake = std::min(wake, tournaments_.tend(now));
    if (auto due = flags_.due(now); !due.empty()) {
      for (const std::string& id : due) rounds_.flag(id);
      continue;
    }
    if (auto at = flags_.next()) wake = std::min(wake, *at);
    heart_.wait(std::max<int64_t>(1, wake - now));
  }
  // A clean stop: the time until now is charged, not the time until the restart.
  if (notes_alive) (void)store_->meta().set("alive_at", std::to_string(now_ms()));
}

Reply Env::health() {
  StoreHealth h = store_->health();
  json body = {
      {"ok", h.ok},
      {"store", {{"kind", h.kind}, {"ok", h.ok}, {"error", h.error}}},
      {"engine", {{"threads", pool_->threads()}, {"queued", pool_->queued()}, {"queue_limit", pool_->queue_limit()}}},
      {"games_loaded", loaded_games()}};
  return {h.ok ? Reply::DONE : Reply::BUSY, body};
}

void Env::resume_unfinished() {
  // The time between the servers' last sign of life and now was nobody's turn.
  if (const int64_t by = alive_before_ > 0 ? now_ms() - alive_before_ : 0; by > 0)
    if (auto f = store_->forgive_clocks(by); !f) fail_("resuming the clocks", f.error());
  auto games = store_->unfinished_games();
  if (!games) {
    fail_("resuming unfinished games", games.error());
    return;
  }
  rounds_.resume(*games);
}

}  // namespace kirin::server
