// What waits for a logged-in player: the challenges made to their account by name (with Accept
// and Decline on their pages, told to them at once on every server through the store's
// notifications) and their unfinished games in which it is their move, correspondence included
// (the home page's "your turn" list). Knows nothing of HTTP.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "server/play/round_cache.h"
#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

class AccountGames {
 public:
  AccountGames(GameStore& store, RoundCache& rounds, Failures fail)
      : store_(store), rounds_(rounds), fail_(std::move(fail)) {}

  // The open challenges made to `account` by name: {"challenges": [...]}, newest first.
  Reply challenges(int64_t account);
  // The account's unfinished games in which it is to move: {"games": [...]}, most recently
  // changed first.
  Reply your_turn(int64_t account);
  // Starts sending the account's challenges (as challenges() says them) to `sink`: now, and
  // whenever they change.
  Reply watch(int64_t account, StateSink sink, Unwatch& unwatch);
  // A challenge to `account` was made or ended on this server: its pages are told, on every
  // server.
  void changed(int64_t account);
  // The store's notification that the challenges to `account` changed.
  void heard(int64_t account);

 private:
  void publish(int64_t account);

  GameStore& store_;
  RoundCache& rounds_;
  Failures fail_;
  std::mutex mu_;
  uint64_t next_watcher_ = 1;                                        // with mu_ held
  std::map<int64_t, std::map<uint64_t, StateSink>> watchers_;        // by account, with mu_ held
  std::map<int64_t, std::shared_ptr<const std::string>> last_sent_;  // by watched account, with mu_ held
};

}  // namespace kirin::server
