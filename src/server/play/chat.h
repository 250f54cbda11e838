// A game's chat (Game Courier's kibitzing, lishogi's two rooms): the players' room, for the
// game's two players (anonymous token seats read it), and the spectators' room, for anyone logged
// in who is not a player while the game runs (and for everyone logged in once it has ended).
// Lines are stored with the game, go to the game's watchers as "chat" events (on every server,
// through the store's notifications) and may be reported to the operator. Knows nothing of
// HTTP: the routes (api/chat.cpp) say who asks.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "server/http/rate_limiter.h"
#include "server/play/caller.h"
#include "server/play/round_cache.h"
#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

struct ChatOptions {
  // Lines per account: at most `burst` at once, then `per_minute` (5 in 30 s: 5 and 10).
  double lines_per_minute = 10, burst = 5;
  int lines_shown = 100;  // a room's last lines that GET answers with
};

class Chat {
 public:
  Chat(GameStore& store, RoundCache& rounds, Failures fail, ChatOptions options = {});

  // A line from `who` (logged in: who.account set; `muted` by the operator) in `room` of game
  // `id`: 201 with the line; 403 for a room not theirs or a muted account, 404 for no game, 429
  // (with "retry_after" seconds) beyond the lines an account may write.
  Reply post(const std::string& id, const Caller& who, bool muted, const std::string& room, const std::string& text);
  // The room's last lines; 403 for the players' room to anyone but its players.
  Reply lines(const std::string& id, const Caller& who, const std::string& room);
  // `who` (logged in) reports line `line` of game `id` to the operator: 200 {"reported": true}
  // (a second report by the same account counts once); 404 for no such line in a room it reads.
  Reply report(const std::string& id, int64_t line, const Caller& who);
  // Whether `who` reads game `id`'s players' room (one of its players); an error for no game.
  Result<bool> reads_players(const std::string& id, const Caller& who);
  // Starts sending the game's new lines (of the players' room too when `players`) to `sink`.
  void watch(const std::string& id, bool players, StateSink sink, Unwatch& unwatch);
  // Any server added line `line` to game `id` (the store's notification).
  void heard(const std::string& id, int64_t line);

  static nlohmann::json line_json(const ChatLine& l);

 private:
  struct Watcher {
    bool players;
    StateSink sink;
  };
  // The game's seat for `who` and whether it is over, or the refusal.
  Result<std::pair<std::optional<Color>, bool>> seat_in(const std::string& id, const Caller& who, Reply& refused);
  void publish(const ChatLine& l);

  GameStore& store_;
  RoundCache& rounds_;
  Failures fail_;
  const ChatOptions options_;
  RateLimiter limiter_;
  std::mutex mu_;
  uint64_t next_watcher_ = 1;                                    // with mu_ held
  std::map<std::string, std::map<uint64_t, Watcher>> watchers_;  // by game, with mu_ held
};

}  // namespace kirin::server
