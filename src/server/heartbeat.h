// The server's one timer thread's wake-up: the concerns that keep time (flags, the lobby's
// publication, engine job claims, the alive note) each say when they are next due, and poke it
// when something they hold changes sooner. Its own lock guards only the poke and the stop.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace kirin::server {

class Heartbeat {
 public:
  // Wakes the thread now (a new deadline, a job to claim, a lobby to publish).
  void poke() {
    {
      std::lock_guard lock(mu_);
      poked_ = true;
    }
    cv_.notify_all();
  }
  void stop() {
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
  }
  bool stopping() {
    std::lock_guard lock(mu_);
    return stopping_;
  }
  // Sleeps `ms` at most, less when poked (a poke since the last wait counts); false once stopped.
  bool wait(int64_t ms) {
    std::unique_lock lock(mu_);
    cv_.wait_for(lock, std::chrono::milliseconds(ms), [&] { return poked_ || stopping_; });
    poked_ = false;
    return !stopping_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool poked_ = false;
  bool stopping_ = false;
};

}  // namespace kirin::server
