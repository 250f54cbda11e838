#include "server/engine/engine_jobs.h"

#include <spdlog/logger.h>
#include <unistd.h>

#include <algorithm>

#include "server/security/token.h"

namespace kirin::server {

namespace {

// How often a claiming server looks for jobs whose holder stopped renewing (the notifications
// of new jobs wake it at once); its own leases are renewed at a third of their length.
constexpr int64_t TAKEOVER_EVERY_MS = 1000;

std::string worker_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = 0;
  return std::string(host) + ":" + std::to_string(::getpid()) + ":" + random_hex(4);
}

}  // namespace

EngineJobs::Hold::~Hold() {
  {
    std::lock_guard lock(jobs_.mu_);
    auto it = jobs_.held_.find(job_.game_id);
    if (it != jobs_.held_.end() && it->second.version == job_.version) jobs_.held_.erase(it);
  }
  jobs_.want();  // an engine thread is free again
}

EngineJobs::EngineJobs(GameStore& store, EnginePool& pool, Heartbeat& heart, bool claims, int64_t lease_ms,
                       std::shared_ptr<spdlog::logger> log)
    : store_(store),
      pool_(pool),
      heart_(heart),
      claims_(claims),
      lease_ms_(lease_ms),
      log_(std::move(log)),
      worker_(worker_name()) {}

void EngineJobs::want() {
  if (!claims_) return;
  wanted_ = true;
  heart_.poke();
}

int64_t EngineJobs::tend(int64_t now) {
  if (!claims_) return 0;
  if (wanted_ || now >= next_takeover_ || now >= next_renewal_) {
    const bool renewing = now >= next_renewal_;
    wanted_ = false;
    if (renewing) renew();
    claim();
    next_takeover_ = now + TAKEOVER_EVERY_MS;
    if (renewing) next_renewal_ = now + std::max<int64_t>(100, lease_ms_ / 3);
  }
  return std::min(next_takeover_, next_renewal_);
}

void EngineJobs::claim() {
  for (;;) {
    {
      std::lock_guard lock(mu_);
      if (held_.size() >= pool_.threads()) return;
    }
    if (heart_.stopping()) return;
    auto job = store_.engine_jobs().claim(worker_, lease_ms_);
    if (!job) {
      if (log_) log_->error("claiming Kirin's moves: {}", job.error());
      return;
    }
    if (!*job) return;
    EngineJob claimed = **job;
    {
      std::lock_guard lock(mu_);
      held_[claimed.game_id] = claimed;
    }
    if (log_) log_->debug("claimed Kirin's move in game {} at version {}", claimed.game_id, claimed.version);
    auto hold = std::make_shared<Hold>(*this, claimed);
    pool_.submit_for_game(
        claimed.game_id, [this, hold](Bot& bot, const std::atomic<bool>& cancel) { think_(bot, cancel, hold->job()); },
        true);
  }
}

void EngineJobs::renew() {
  std::vector<std::string> held;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, job] : held_) held.push_back(id);
  }
  if (held.empty()) return;
  if (auto r = store_.engine_jobs().renew(worker_, held, lease_ms_); !r && log_)
    log_->error("renewing Kirin's claims: {}", r.error());
}

void EngineJobs::release(const EngineJob& job) {
  if (auto r = store_.engine_jobs().release(job, worker_); !r && log_)
    log_->error("giving back Kirin's move in game {}: {}", job.game_id, r.error());
}

}  // namespace kirin::server
