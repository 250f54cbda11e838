// Kirin's moves as engine jobs on a store several servers share. The server whose player moved
// does not compute Kirin's answer itself: the save leaves a job in the store, and whichever
// server has a free engine thread claims it (a `kirin serve --engine-only` worker on another
// machine, or any full server). A claim is a lease that its holder renews while it thinks; a
// holder that dies stops renewing, and the job goes to the next claimer. The save of Kirin's
// move is versioned like every save, so a game never gets two Kirin moves.
#pragma once
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/engine/pool.h"
#include "server/heartbeat.h"
#include "server/store/store.h"

namespace spdlog {
class logger;
}

namespace kirin::server {

class EngineJobs {
 public:
  // Held by the engine pool's work for a claimed job, so that the claim ends however the work
  // ends: run, replaced by a newer turn of the same game, or dropped from the queue.
  class Hold {
   public:
    Hold(EngineJobs& jobs, EngineJob job) : jobs_(jobs), job_(std::move(job)) {}
    ~Hold();
    const EngineJob& job() const { return job_; }

   private:
    EngineJobs& jobs_;
    EngineJob job_;
  };
  // Computes Kirin's move for a claimed job, on an engine thread.
  using Think = std::function<void(Bot&, const std::atomic<bool>& cancel, const EngineJob& job)>;

  // `claims`: whether this server computes Kirin's moves for the servers sharing its store.
  EngineJobs(GameStore& store, EnginePool& pool, Heartbeat& heart, bool claims, int64_t lease_ms,
             std::shared_ptr<spdlog::logger> log);
  bool claims() const { return claims_; }
  // This server's name in the claims: host, pid, a random part.
  const std::string& worker() const { return worker_; }
  void set_think(Think think) { think_ = std::move(think); }
  // A job may be waiting: the heartbeat claims at its next turn.
  void want();
  // On the heartbeat: claims the oldest unclaimed jobs while engine threads are free and renews
  // the leases of those under way; when to come back (unix ms).
  int64_t tend(int64_t now);
  // Gives a claimed job back (Kirin's move was not saved), logging a failure.
  void release(const EngineJob& job);

 private:
  void claim();
  void renew();

  GameStore& store_;
  EnginePool& pool_;
  Heartbeat& heart_;
  const bool claims_;
  const int64_t lease_ms_;
  std::shared_ptr<spdlog::logger> log_;
  const std::string worker_;
  Think think_;
  std::atomic<bool> wanted_{false};
  int64_t next_takeover_ = 0, next_renewal_ = 0;  // on the heartbeat only
  std::mutex mu_;
  std::map<std::string, EngineJob> held_;  // with mu_ held: the jobs this server runs
};

}  // namespace kirin::server
