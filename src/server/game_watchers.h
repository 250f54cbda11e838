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
  // `sink` watches game `id` until the answer is called. `channel` tells watchers apart that are
  // told the same change in different words (a game's moves in another notation).
  Unwatch add(const std::string& id, StateSink sink, int channel = 0) {
    std::lock_guard lock(mu_);
    const uint64_t key = next_++;
    by_game_[id].emplace(key, Watcher{channel, std::move(sink)});
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
    tell_each(id, [&](int) { return make(); });
  }
  // As tell, the text made once for each channel watched: `make(channel)`.
  template <class Make>
  void tell_each(const std::string& id, const Make& make) {
    std::lock_guard lock(mu_);
    auto it = by_game_.find(id);
    if (it == by_game_.end()) return;
    std::map<int, std::shared_ptr<const std::string>> made;
    for (auto& [key, watcher] : it->second) {
      auto& text = made[watcher.channel];
      if (!text) text = make(watcher.channel);
      watcher.sink(text);
    }
  }

 private:
  struct Watcher {
    int channel;
    StateSink sink;
  };
  std::mutex mu_;
  uint64_t next_ = 1;                                                     // with mu_ held
  std::unordered_map<std::string, std::map<uint64_t, Watcher>> by_game_;  // with mu_ held
};

}  // namespace kirin::server
