// The server's concerns, made in order and wired together (lila's Env): the store, the games in
// play (RoundCache, the cache, and Rounds, the actions on them), their flags, the lobby, the
// engine pool with Kirin's jobs, analyses (of positions and of whole games), problems, the
// requests' Idempotency-Keys, the players' accounts, the games' chat and what waits for an
// account (challenges by name, games where it is its move). One heartbeat thread keeps their time.
// The routes (api/) call the concerns; nothing here knows HTTP.
#pragma once
#include <cstdint>
#include <memory>
#include <thread>

#include "server/analysis/analyses.h"
#include "server/analysis/game_analyses.h"
#include "server/engine/bot.h"
#include "server/engine/engine_jobs.h"
#include "server/engine/pool.h"
#include "server/heartbeat.h"
#include "server/play/account_games.h"
#include "server/play/chat.h"
#include "server/play/flags.h"
#include "server/play/lobby.h"
#include "server/play/round_cache.h"
#include "server/play/rounds.h"
#include "server/problems/problems.h"
#include "server/rating/players.h"
#include "server/request_keys.h"
#include "server/security/accounts.h"
#include "server/store/store.h"
#include "server/tournaments/tournaments.h"

namespace spdlog {
class logger;
}

namespace kirin::server {

struct ServiceOptions {
  size_t cache_games = 1000;  // games kept loaded; idle ones beyond are dropped, oldest first
  // Of those, the games one address's requests may keep loaded (0: no share): one visitor
  // reading many games makes room among its own, not among everyone's.
  size_t cache_games_per_client = 50;
  size_t engine_threads = 1;  // engine pool threads, each with its own Bot
  size_t engine_queue = 256;  // engine jobs waiting at most
  // On a store several servers share, Kirin's moves are engine jobs in the store, claimed by
  // the servers that compute them; a server with kirin_moves false (a web-only front) leaves
  // them to others. engine_only: a worker with no players (no clocks of its own to keep).
  bool kirin_moves = true;
  bool engine_only = false;
  int64_t engine_lease_ms = 15000;  // a claim not renewed for this long is taken over
  int64_t problem_ms = 10000;       // the mate solver's time to check a new problem
  int64_t problem_move_ms = 4000;   // ... and to judge a move played in one
  // When a game nobody moved in is aborted (Finisher).
  AbortTimes abort;
  AccountsOptions accounts;  // password hashing, session length, login limits
  // Computer analyses of finished games: each position's search, and how many may wait or run
  // (in the store: on a shared one, for all the servers). A server that computes Kirin's moves
  // makes them too.
  uint64_t game_analysis_nodes = AnalysisSettings{}.nodes;
  int game_analysis_queue = 32;
  ChatOptions chat;  // lines per account, lines shown
  // A tournament's director (one server per event) not heard from for this long is replaced.
  int64_t tournament_lease_ms = 10000;
};

class Env {
 public:
  // `log` may be null (tests): then nothing is logged.
  Env(std::unique_ptr<GameStore> store, BotFactory make_bot, ServiceOptions options = {},
      std::shared_ptr<spdlog::logger> log = nullptr);
  ~Env();

  Rounds& rounds() { return rounds_; }
  Lobby& lobby() { return lobby_; }
  Analyses& analyses() { return analyses_; }
  GameAnalyses& game_analyses() { return game_analyses_; }
  Problems& problems() { return problems_; }
  RequestKeys& request_keys() { return request_keys_; }
  Accounts& accounts() { return accounts_; }
  Players& players() { return players_; }
  GameStore& store() { return *store_; }
  const Failures& fail() const { return fail_; }
  Chat& chat() { return chat_; }
  AccountGames& account_games() { return account_games_; }
  Tournaments& tournaments() { return tournaments_; }
  // The store's state and the engine pool's load; status 503 when the store fails.
  Reply health();
  // Gives Kirin its turn in every unfinished game, and starts their clocks again (after a restart).
  void resume_unfinished();
  void stop() { heart_.stop(); }
  size_t loaded_games() { return cache_.size(); }

 private:
  // The heartbeat thread: ends the games whose flag fell, notes every 2 s in the store that the
  // server is alive (so that a restart charges nobody for its downtime), publishes the lobby,
  // and tends the claims of engine jobs and game analyses.
  void beat();

  std::unique_ptr<GameStore> store_;
  const Failures fail_;
  const ServiceOptions options_;
  int64_t alive_before_ = 0;  // when the server was last alive before this start (unix ms)
  Heartbeat heart_;
  RoundCache cache_;
  Flags flags_;
  Lobby lobby_;
  std::unique_ptr<EnginePool> pool_;  // stopped first of all, since its work calls the rest
  EngineJobs jobs_;
  Rounds rounds_;
  Analyses analyses_;
  GameAnalyses game_analyses_;
  Tournaments tournaments_;
  RequestKeys request_keys_;
  Problems problems_;
  Accounts accounts_;
  Players players_;
  Chat chat_;
  AccountGames account_games_;
  std::thread heartbeat_;  // last: started when all the rest is ready
};

}  // namespace kirin::server
