// Computer analyses of finished games on the server (lichess's "Request a computer analysis"):
// one per game, requested by anyone who opens it, queued in the store, claimed by one server (a
// full one or a `kirin serve --engine-only` worker; a lease it renews, as for Kirin's moves) and
// made position by position on the engine pool as idle work, so that a Kirin move waits at most
// one position's search. Its progress goes to the game's watchers (on every server, through the
// store's notifications) and its result is stored with the game. Not the analyses of positions
// (analyses.h): those come with a request and go with the answer.
#pragma once
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "analysis/game_analysis.h"
#include "server/engine/pool.h"
#include "server/game_watchers.h"
#include "server/heartbeat.h"
#include "server/play/round_cache.h"
#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

struct GameAnalysisOptions {
  bool claims = true;                         // this server makes analyses (a web-only front does not)
  uint64_t nodes = AnalysisSettings{}.nodes;  // each position's search
  int queue_limit = 32;                       // analyses waiting or running in the store; beyond, BUSY
  int64_t lease_ms = 15000;                   // a claim not renewed for this long is taken over
  int hash_mb = 16;                           // the analysing engine's table
};

class GameAnalyses {
 public:
  // `worker`: this server's name in the claims (EngineJobs::worker()).
  GameAnalyses(GameStore& store, RoundCache& rounds, EnginePool& pool, Heartbeat& heart, Failures fail,
               GameAnalysisOptions options, std::string worker);
  ~GameAnalyses();
  GameAnalyses(const GameAnalyses&) = delete;
  GameAnalyses& operator=(const GameAnalyses&) = delete;

  // Asks for game `id`'s analysis: UNDER_WAY with its state while it waits or runs, DONE with the result
  // once done (a second request answers with the first); NOT_NOW for a game not over, BUSY when the
  // queue is full.
  Reply request(const std::string& id);
  // The state {status, done, total}, and once done the result (docs/api.md); NOT_FOUND when none.
  // `notation`: how the better moves are written ("": as the pages have; move_notation.h).
  Reply get(const std::string& id, const std::string& notation = "");
  // The record with the analysis's notes in `format` (pgn for xiangqi, kif for the shogi games):
  // {"text", "filename"}; NOT_NOW while the analysis is not done.
  Reply annotated(const std::string& id, const std::string& format);
  // The game's analysis events: its state now if it has one ({status, done, total}), then each
  // change (the whole result when done; {"status": "failed"} when it could not be made).
  void watch(const std::string& id, StateSink sink, Unwatch& unwatch);

  // An analysis may wait: the heartbeat claims at its next turn.
  void want();
  // On the heartbeat: claims an analysis when none runs here, renews the lease of the one that
  // does; when to come back (unix ms; 0: never, for a server that does not claim).
  int64_t tend(int64_t now);
  // Another server changed game `id`'s analysis (the store's notification).
  void changed(const std::string& id);
  // Stops the search under way (before the engine pool goes).
  void stop();

 private:
  struct Run;
  void claim();
  void start(const GameAnalysisRecord& claimed);
  void next(const std::shared_ptr<Run>& run);
  void step(const std::shared_ptr<Run>& run, const std::atomic<bool>& cancel);
  void finish(const std::shared_ptr<Run>& run);
  void give_up(const std::shared_ptr<Run>& run, const std::string& why);
  void publish(const std::string& id, const nlohmann::json& event);
  bool watched(const std::string& id);

  GameStore& store_;
  RoundCache& rounds_;
  EnginePool& pool_;
  Heartbeat& heart_;
  Failures fail_;
  const GameAnalysisOptions options_;
  const std::string worker_;
  std::atomic<bool> wanted_{false};
  int64_t next_claim_ = 0, next_renewal_ = 0;  // on the heartbeat only
  std::mutex mu_;
  std::shared_ptr<Run> run_;        // with mu_ held: the analysis this server makes
  std::unique_ptr<Engine> engine_;  // with mu_ held to make or stop it; one search at a time
  bool stopping_ = false;           // with mu_ held
  std::atomic<bool> searching_{false};
  GameWatchers watchers_;
};

}  // namespace kirin::server
