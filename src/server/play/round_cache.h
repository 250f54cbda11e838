// The games in play, in memory: the one place a game is read from the store and replayed, and
// its state text given to its watchers. At most `capacity` are kept: idle ones beyond that are
// dropped, least recently used first, and load again when next asked for. (lila's GameProxy,
// for all the games a server holds.)
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/game_watchers.h"
#include "server/play/round.h"
#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

// A loaded game. `mu` serialises everything done to it: an action, a save, Kirin's answer, a
// flag falling, a watcher coming.
struct RoundProxy {
  std::mutex mu;
  std::optional<Round> round;
  uint64_t last_use = 0;                     // the cache's use counter at the last lookup
  std::string loaded_for;                    // the address whose request loaded it ("": none)
  std::shared_ptr<const std::string> state;  // the state's JSON text at version(), made when watched

  // The version of the state the watchers see: the store's version of the game, which every
  // change goes through, so it never goes down for a game, across restarts and instances.
  int64_t version() const { return round->record().store_version; }
};
using RoundPtr = std::shared_ptr<RoundProxy>;

class RoundCache {
 public:
  RoundCache(GameStore& store, size_t capacity, size_t per_address = 0)
      : store_(store), capacity_(std::max<size_t>(capacity, 1)), per_address_(per_address) {}

  // The game, loaded if it was not; nullptr when there is no such game; an error when the
  // store fails or the stored game does not replay. The store is read and the game replayed
  // without the cache's lock, so a slow load holds up no other game.
  // `address`: whose request loads it ("" for the server's own work); an address keeps at most
  // `per_address` games loaded for it, its own least recently used going first.
  Result<RoundPtr> get(const std::string& id, const std::string& address = "");
  // The game if it is loaded here, else nullptr.
  RoundPtr loaded(const std::string& id);
  size_t size();
  // The variants the games here are played on (each built once).
  VariantCache& variants() { return variants_; }

  // With p.mu held: the game as stored now (only if the stored one is newer, when asked);
  // whether it was replaced. A failure leaves it as it was.
  Result<bool> reload(RoundProxy& p, bool only_if_newer = false);
  // An account was closed: the games of it loaded here load again, to show its name as closed
  // (other servers of a shared store show it when they next load them).
  void account_closed(int64_t account);
  // With p.mu held, after a change was saved (or a newer one loaded): the watchers told.
  void publish(RoundProxy& p);
  // The game as everyone sees it, with "you" (a seat, or null) and its version.
  // `which`: every position (a page's first state), or those of the last move (an answer to a
  // move, whose page has the rest: Round::Positions).
  nlohmann::json state(const RoundProxy& p, std::optional<Color> you, Round::Positions which = Round::Positions::ALL,
                       std::optional<Notation> notation = std::nullopt) const;
  // Starts watching a game: its state now, then after every change. `unwatch` ends it. The
  // watchers are kept by the game's id, not with the loaded game: a watched game that is idle
  // leaves memory like any other, and the next change, which loads it, reaches its watchers.
  // `notation`: the watcher's moves are written in it (each state made once for all who chose it).
  void watch(const RoundPtr& p, StateSink sink, Unwatch& unwatch, std::optional<Notation> notation = std::nullopt);
  bool watched(const std::string& id);

 private:
  Result<std::optional<Round>> load(const std::string& id);
  RoundPtr cached(const std::string& id);  // as loaded(), counted as a use
  void evict_idle();                       // with mu_ held
  // With mu_ held: `address`'s least recently used idle game dropped; false if it has none.
  bool evict_oldest_of(const std::string& address);
  void forget(std::unordered_map<std::string, RoundPtr>::iterator it);  // with mu_ held

  GameStore& store_;
  const size_t capacity_;
  const size_t per_address_;  // 0: no share
  VariantCache variants_;
  std::mutex mu_;
  std::unordered_map<std::string, RoundPtr> rounds_;            // with mu_ held
  uint64_t uses_ = 0;                                           // with mu_ held
  std::unordered_map<std::string, size_t> loaded_per_address_;  // with mu_ held
  // Taken after a game's mu where both are (publish, watch), alone by an unwatch.
  GameWatchers watchers_;
};

}  // namespace kirin::server
