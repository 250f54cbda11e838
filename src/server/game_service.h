// The server's games: loads them from the store on first use, serialises the actions on each
// game, saves every change before answering, wakes the watchers of a game, and hands Kirin's
// turns to the worker thread.
#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>

#include "server/bot.h"
#include "server/game_store.h"
#include "server/match.h"
#include "server/worker.h"

namespace kirin::server {

struct NewGame {
  std::string game;
  std::vector<std::string> options;
  std::string setup;                // handicap name
  std::string fen;                  // a set-up position; "" for the start (or the handicap)
  std::vector<std::string> moves;   // moves already played
  std::string record;               // an imported record (USI, KIF, PGN, Game Courier)
  std::string record_format = "auto";
  bool casual = true;
  bool vs_kirin = true;
  int strength = 4;
  Color creator = FIRST;            // the creator's colour
};

// An answer for the HTTP layer: a status and a JSON body.
struct Reply {
  int status = 200;
  nlohmann::json body;
};

class GameService {
 public:
  // At most `cache_games` games stay loaded; idle ones beyond that are dropped, oldest first
  // (the store has them all).
  GameService(std::unique_ptr<GameStore> store, std::unique_ptr<Bot> bot, size_t cache_games = 1000);
  ~GameService();

  Reply create(const NewGame& spec);
  // The game as everyone sees it, plus "you" (the token holder's colour) if the token is a seat.
  Reply get(const std::string& id, const std::string& token);
  Reply list(int limit);
  // The game's record in a format: usi, gc, kif, pgn.
  Reply record(const std::string& id, const std::string& format);
  using Action = std::function<Refusal(Match&, Color)>;
  // Runs an action for the player holding `token`.
  Reply act(const std::string& id, const std::string& token, const Action& action);
  // Kirin's evaluation and best line for a position (runs on the worker thread).
  Reply analyse(const std::string& game, const std::vector<std::string>& options, const std::string& fen,
                const std::vector<std::string>& moves, int strength);

  // Blocks until the game changes after version `seen`, the timeout passes or the service
  // stops. Returns false if there is no such game or it is stopping; else updates seen/state.
  bool wait_for_change(const std::string& id, uint64_t& seen, nlohmann::json& state,
                       std::chrono::milliseconds timeout);
  // Gives Kirin its turn in every unfinished game (after a restart).
  void resume_unfinished();
  void stop();
  bool stopping() const { return stopping_; }
  size_t loaded_games();

 private:
  struct Slot {
    std::mutex mu;
    std::condition_variable cv;
    std::optional<Match> match;
    uint64_t version = 0;
    uint64_t last_use = 0;  // the service's use counter at the last lookup
  };
  std::shared_ptr<Slot> slot(const std::string& id);
  void evict_idle();  // with slots_mu_ held
  Refusal commit(Slot& s);  // with s.mu held
  void schedule_kirin(const std::string& id);
  void kirin_move(const std::string& id);

  std::unique_ptr<GameStore> store_;
  std::unique_ptr<Bot> bot_;
  std::mutex slots_mu_;
  std::unordered_map<std::string, std::shared_ptr<Slot>> slots_;
  const size_t cache_games_;
  uint64_t uses_ = 0;  // with slots_mu_ held
  // Versions come from one counter, so a game loaded again never repeats a version a
  // watcher has already seen.
  std::atomic<uint64_t> next_version_{1};
  std::atomic<bool> stopping_{false};
  Worker worker_;  // last: stops before the rest is torn down
};

}  // namespace kirin::server
