// The server's games: loads them from the store on first use, serialises the actions on each
// game, saves every change before answering, tells the watchers of a game, and hands Kirin's
// turns and analyses to the engine pool. It knows nothing of HTTP: it answers with a status and
// a JSON body, and pushes each new state to the watchers as JSON text.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "server/bot.h"
#include "server/engine_pool.h"
#include "server/game_store.h"
#include "server/match.h"

namespace spdlog {
class logger;
}

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
  ClockSpec clock;                  // untimed unless set
  std::string name;                 // the creator's display name
  bool open = false;                // an open challenge in the lobby (against a person)
};

// A position offered as a mate problem (the editor's "Make a problem").
struct NewProblem {
  std::string game;
  std::vector<std::string> options;  // rule options, as a game's
  std::string fen;                  // the attacker to move; its royal may be missing
  std::optional<bool> checks_only;  // default: true in the shogi games (tsume), false in xiangqi
  bool rest_to_defender = false;    // tsume: the defender holds every piece not on the board or in the attacker's hand
};

struct AnalyseSpec {
  std::string game;
  std::vector<std::string> options;
  std::string fen;
  std::vector<std::string> moves;
  int strength = MAX_STRENGTH;
};

// An answer for the HTTP layer: a status and a JSON body.
struct Reply {
  int status = 200;
  nlohmann::json body;
};

struct ServiceOptions {
  size_t cache_games = 1000;   // games kept loaded; idle ones beyond are dropped, oldest first
  size_t engine_threads = 1;   // engine pool threads, each with its own Bot
  size_t engine_queue = 256;   // engine jobs waiting at most
  // On a store several servers share, Kirin's moves are engine jobs in the store, claimed by
  // the servers that compute them; a server with kirin_moves false (a web-only front) leaves
  // them to others. engine_only: a worker with no players (no clocks of its own to keep).
  bool kirin_moves = true;
  bool engine_only = false;
  int64_t engine_lease_ms = 15000;  // a claim not renewed for this long is taken over
  int64_t problem_ms = 10000;      // the mate solver's time to check a new problem
  int64_t problem_move_ms = 4000;  // ... and to judge a move played in one
};

class GameService {
 public:
  // `log` may be null (tests): then nothing is logged.
  GameService(std::unique_ptr<GameStore> store, BotFactory make_bot, ServiceOptions options = {},
              std::shared_ptr<spdlog::logger> log = nullptr);
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
  // Takes the free seat of an open challenge: the state with `token` and `you`.
  Reply join(const std::string& id, const std::string& name);
  // A rematch offer, acceptance or refusal; once agreed, a new game with the colours swapped in
  // which each player keeps the same token.
  Reply rematch(const std::string& id, const std::string& token, const std::string& action);
  // Open challenges and games being played now.
  Reply lobby();
  // Starts Kirin's analysis of a position on the engine pool. A refusal (bad position, full
  // queue) comes back at once; else `job` is set and `done` gets the answer on an engine thread,
  // unless the job is cancelled first.
  Reply analyse(const AnalyseSpec& spec, std::function<void(Reply)> done, EnginePool::JobPtr& job);
  void cancel(const EnginePool::JobPtr& job) { pool_.cancel(job); }
  // Kirin's live analysis of a position on the engine pool, for at most `max_ms`: `emit` gets
  // ("info", {depth, multipv, score, mate, nodes, nps, time_ms, pv}) for each completed depth of
  // each line, then ("done", {best}), on an engine thread. A refusal comes back at once.
  using EventEmitter = std::function<void(const char* event, std::shared_ptr<const std::string> data)>;
  Reply analyse_live(const AnalyseSpec& spec, int multipv, int64_t max_ms, EventEmitter emit, EnginePool::JobPtr& job);
  // Composed problems (service_problems.cpp). Making one and judging a move run the mate solver
  // on the engine pool: a refusal comes back at once, else `job` is set and `done` gets the
  // answer on an engine thread. The problem (without its solution) and the solution are reads.
  Reply create_problem(const NewProblem& spec, std::function<void(Reply)> done, EnginePool::JobPtr& job);
  Reply get_problem(const std::string& id);
  Reply problem_solution(const std::string& id);
  // `moves`: the line played so far from the problem's position, ending with the attacker's move to judge.
  Reply try_problem(const std::string& id, const std::vector<std::string>& moves, std::function<void(Reply)> done,
                    EnginePool::JobPtr& job);
  // The store's state and the engine pool's load; status 503 when the store fails.
  Reply health();

  // A game's state as JSON text, given to a watcher now and after every change, on the thread
  // that made the change; it must return quickly.
  using StateSink = std::function<void(std::shared_ptr<const std::string> state)>;
  using Unwatch = std::function<void()>;
  // Starts watching; on success (status 200) `unwatch` ends it. No state is sent after it.
  Reply watch(const std::string& id, StateSink sink, Unwatch& unwatch);
  // Like watch(), for the lobby: its JSON text now and after changes (at most twice a second).
  Reply watch_lobby(StateSink sink, Unwatch& unwatch);
  // Gives Kirin its turn in every unfinished game (after a restart).
  void resume_unfinished();
  void stop();
  size_t loaded_games();

 private:
  struct Slot {
    std::mutex mu;
    std::optional<Match> match;
    uint64_t version = 0;
    uint64_t last_use = 0;  // the service's use counter at the last lookup
    std::shared_ptr<const std::string> state;  // the state's JSON text at `version`
    std::map<uint64_t, StateSink> watchers;
  };
  // The loaded game, nullptr if there is none (404), or an error (500, logged).
  Result<std::shared_ptr<Slot>> slot(const std::string& id);
  // As slot(), for a request: an error means `refused` says why (404, or 500 logged).
  Result<std::shared_ptr<Slot>> find(const std::string& id, Reply& refused);
  // The one place a game is read from the store and replayed: nullopt if there is no such game.
  Result<std::optional<Match>> load_match(const std::string& id);
  // With s.mu held: the slot's game as stored now (only if the stored one is newer, when asked);
  // whether it was replaced. A failure leaves the slot as it was.
  Result<bool> reload(Slot& s, bool only_if_newer = false);
  // The game as everyone sees it, with "you" (a seat, or null) and the slot's version.
  nlohmann::json state(const Slot& s, std::optional<Color> you) const;
  void evict_idle();  // with slots_mu_ held
  // With s.mu held: saves the game; on a conflict or a failure, takes the stored game back.
  Result<Saved> commit(Slot& s);
  void publish(Slot& s);    // with s.mu held: new version, new state text, watchers told
  void schedule_kirin(const std::string& id, bool force = false);
  // `job`: the engine job this server claimed for the move, on a shared store.
  void kirin_move(const std::string& id, Bot& bot, const std::atomic<bool>& cancel, const EngineJob* job = nullptr);
  // Engine jobs on a shared store, tended by the clock thread: claims the oldest unclaimed ones
  // while engine threads are free, and renews the leases of those under way.
  bool claims_kirin_moves() const { return store_->shared() && options_.kirin_moves; }
  void want_claims();  // a job may be waiting: the clock thread claims at its next turn
  void claim_engine_jobs();
  void renew_engine_jobs();
  class ClaimHold;
  Reply failure(const std::string& what, const std::string& error);  // 500, logged
  // Flag falls: a thread that wakes when the first running clock runs out and ends that game
  // (each move, take-back or load tells it the game's new deadline), and that notes in the store
  // every few seconds that the server is alive, so that a restart charges nobody for its downtime.
  void watch_clock(const std::string& id, int64_t deadline);
  void run_clocks();
  void flag_game(const std::string& id);
  void publish_lobby();  // on the clock thread, when the lobby changed and someone watches
  void mark_lobby();     // the lobby may have changed
  // Another server saved game `id` at `version`: a loaded copy older than that is reloaded and
  // its watchers told.
  void refresh(const std::string& id, int64_t version);
  // With s.mu held, on a store other servers share: replaces a copy older than the stored game.
  bool reload_if_stale(Slot& s);
  Reply made(Slot& s, Color you, const std::string& token, int status);  // a game's state for a new seat holder
  // The stored problem, or the reply that says why not (404, or 500 logged).
  std::optional<Reply> find_problem(const std::string& id, ProblemRecord& out);

  std::unique_ptr<GameStore> store_;
  std::shared_ptr<spdlog::logger> log_;
  std::mutex slots_mu_;
  std::unordered_map<std::string, std::shared_ptr<Slot>> slots_;
  const size_t cache_games_;
  const ServiceOptions options_;
  const std::string worker_;  // this server's name in engine job claims: host, pid, a random part
  std::mutex claims_mu_;
  std::map<std::string, EngineJob> claims_;  // with claims_mu_ held: the jobs this server runs
  bool claims_wanted_ = false;  // with clock_mu_ held
  uint64_t uses_ = 0;  // with slots_mu_ held
  // Versions come from one counter, so a game loaded again never repeats a version a
  // watcher has already seen.
  std::atomic<uint64_t> next_version_{1};
  std::atomic<uint64_t> next_watcher_{1};
  std::atomic<bool> stopping_{false};
  std::mutex clock_mu_;
  std::condition_variable clock_cv_;
  std::multimap<int64_t, std::string> deadlines_;  // with clock_mu_ held
  int64_t alive_before_ = 0;  // when the server was last alive before this start (unix ms)
  bool lobby_dirty_ = false;  // with clock_mu_ held
  std::mutex lobby_mu_;
  std::map<uint64_t, StateSink> lobby_watchers_;  // with lobby_mu_ held
  std::shared_ptr<const std::string> lobby_state_;  // with lobby_mu_ held
  EnginePool pool_;  // stops before the rest is torn down
  std::thread clock_thread_;  // last: started when all the rest is ready
};

}  // namespace kirin::server
