// The event streams watching each game, by the game's id: kept apart from whatever the game's
// state lives in (a loaded game, an analysis under way), so that it may come and go while they
// stay. Sinks are called under the registry's lock, in the order they came.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/replies.h"

namespace kirin::server {

class GameWatchers {
 public:
  // `sink` watches game `id` until the answer is called.
  Unwatch add(const std::string& id, StateSink sink) {
    std::lock_guard lock(mu_);
    const uint64_t key = next_++;
    by_game_[id].emplace(key, std::move(sink));
    return [this, id, key] {
      std::lock_guard lock(mu_);
      auto it = by_game_.find(id);
      if (it == by_game_.end()) return;
      it->second.erase(key);
      if (it->second.empty()) by_game_.erase(it);
    };
  }
  bool any(const std::string& id) {
    std::lock_guard lock(mu_);
    return by_game_.count(id) > 0;
  }
  // Tells every watcher of `id` the text `make` makes, made only if there is one.
  template <class Make>
  void tell(const std::string& id, const Make& make) {
    std::lock_guard lock(mu_);
    auto it = by_game_.find(id);
    if (it == by_game_.end()) return;
    const std::shared_ptr<const std::string> text = make();
    for (auto& [key, sink] : it->second) sink(text);
  }

 private:
  std::mutex mu_;
  uint64_t next_ = 1;                                                       // with mu_ held
  std::unordered_map<std::string, std::map<uint64_t, StateSink>> by_game_;  // with mu_ held
};

}  // namespace kirin::server
