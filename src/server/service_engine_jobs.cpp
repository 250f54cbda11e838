// GameService: Kirin's moves as engine jobs on a store several servers share. The server whose
// player moved does not compute Kirin's answer itself: the save leaves a job in the store, and
// whichever server has a free engine thread claims it (a `kirin serve --engine-only` worker on
// another machine, or any full server). A claim is a lease that its holder renews while it
// thinks; a holder that dies stops renewing, and the job goes to the next claimer. The save of
// Kirin's move is versioned like every save, so a game never gets two Kirin moves.
#include <spdlog/logger.h>

#include "server/game_service.h"

namespace kirin::server {

// Held by the engine pool's work for a claimed job, so that the claim ends however the work
// ends: run, replaced by a newer turn of the same game, or dropped from the queue.
class GameService::ClaimHold {
 public:
  ClaimHold(GameService& service, EngineJob job) : service_(service), job_(std::move(job)) {}
  ~ClaimHold() {
    {
      std::lock_guard lock(service_.claims_mu_);
      auto it = service_.claims_.find(job_.game_id);
      if (it != service_.claims_.end() && it->second.version == job_.version) service_.claims_.erase(it);
    }
    service_.want_claims();  // an engine thread is free again
  }
  const EngineJob& job() const { return job_; }

 private:
  GameService& service_;
  EngineJob job_;
};

void GameService::want_claims() {
  if (!claims_kirin_moves()) return;
  {
    std::lock_guard lock(clock_mu_);
    claims_wanted_ = true;
  }
  clock_cv_.notify_all();
}

void GameService::claim_engine_jobs() {
  for (;;) {
    {
      std::lock_guard lock(claims_mu_);
      if (claims_.size() >= pool_.threads()) return;
    }
    if (stopping_) return;
    auto job = store_->claim_engine_job(worker_, options_.engine_lease_ms);
    if (!job) {
      if (log_) log_->error("claiming Kirin's moves: {}", job.error());
      return;
    }
    if (!*job) return;
    EngineJob claimed = **job;
    {
      std::lock_guard lock(claims_mu_);
      claims_[claimed.game_id] = claimed;
    }
    if (log_) log_->debug("claimed Kirin's move in game {} at version {}", claimed.game_id, claimed.version);
    auto hold = std::make_shared<ClaimHold>(*this, claimed);
    pool_.submit_for_game(
        claimed.game_id,
        [this, hold](Bot& bot, const std::atomic<bool>& cancel) { kirin_move(hold->job().game_id, bot, cancel, &hold->job()); },
        true);
  }
}

void GameService::renew_engine_jobs() {
  std::vector<std::string> held;
  {
    std::lock_guard lock(claims_mu_);
    for (const auto& [id, job] : claims_) held.push_back(id);
  }
  if (held.empty()) return;
  if (auto r = store_->renew_engine_jobs(worker_, held, options_.engine_lease_ms); !r && log_)
    log_->error("renewing Kirin's claims: {}", r.error());
}

}  // namespace kirin::server
