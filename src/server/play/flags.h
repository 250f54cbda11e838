// When each running clock's flag falls: the deadlines of the games in play, soonest first. The
// heartbeat takes the due ones and the round cache ends those games (or, if a move came first,
// hands back the new deadline).
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/heartbeat.h"

namespace kirin::server {

class Flags {
 public:
  explicit Flags(Heartbeat& heart) : heart_(heart) {}
  // Game `id`'s running side runs out of time at `deadline` (unix ms; 0: no clock runs).
  void watch(const std::string& id, int64_t deadline) {
    if (deadline <= 0) return;
    {
      std::lock_guard lock(mu_);
      deadlines_.emplace(deadline, id);
    }
    heart_.poke();
  }
  // The games whose deadline is `now` or before, each taken off the list.
  std::vector<std::string> due(int64_t now) {
    std::lock_guard lock(mu_);
    std::vector<std::string> out;
    while (!deadlines_.empty() && deadlines_.begin()->first <= now) {
      out.push_back(deadlines_.begin()->second);
      deadlines_.erase(deadlines_.begin());
    }
    return out;
  }
  std::optional<int64_t> next() {
    std::lock_guard lock(mu_);
    if (deadlines_.empty()) return std::nullopt;
    return deadlines_.begin()->first;
  }

 private:
  Heartbeat& heart_;
  std::mutex mu_;
  std::multimap<int64_t, std::string> deadlines_;
};

}  // namespace kirin::server
