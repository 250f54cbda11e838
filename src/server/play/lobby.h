// The lobby: open challenges and games being played now, as the store lists them, and the list
// of recent games. Its watchers get its JSON text when they come and after changes; a change
// anywhere only marks it, and the heartbeat publishes it at most twice a second.
#pragma once
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "server/heartbeat.h"
#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

class Lobby {
 public:
  Lobby(GameStore& store, Heartbeat& heart, Failures fail) : store_(store), heart_(heart), fail_(std::move(fail)) {}
  // The most recently changed games, at most `limit`.
  // `finished`: only games that ended (an aborted one did not).
  Reply recent(int limit, bool finished = false);
  // Open challenges and games being played now.
  Reply now();
  // Starts watching; on success (status 200) `unwatch` ends it.
  Reply watch(StateSink sink, Unwatch& unwatch);
  // The lobby may have changed (a game made, moved, joined or ended).
  void mark();
  // On the heartbeat: publishes a marked lobby when it is due; when to come back (unix ms), 0 if unmarked.
  int64_t tend(int64_t now);

 private:
  void publish();

  GameStore& store_;
  Heartbeat& heart_;
  Failures fail_;
  std::mutex mu_;
  std::atomic<bool> dirty_{false};            // apart from mu_: marking never waits for a publication
  int64_t next_ = 0;                          // on the heartbeat only: the earliest next publication
  uint64_t next_watcher_ = 1;                 // with mu_ held
  std::map<uint64_t, StateSink> watchers_;    // with mu_ held
  std::shared_ptr<const std::string> state_;  // with mu_ held
};

}  // namespace kirin::server
