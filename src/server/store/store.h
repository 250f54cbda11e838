// Where games live between requests and across restarts. SQLite is the embedded default; the
// interface is small so that another store (PostgreSQL for several servers) can follow.
// A store never hides a failure: every call says whether it worked, and why not.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/rating/ratings.h"
#include "server/store/account_store.h"
#include "server/store/chat_store.h"
#include "server/store/game_record.h"
#include "server/store/meta_store.h"
#include "server/store/problem_store.h"

namespace kirin::server {

// What /api/health says of the store.
struct StoreHealth {
  std::string kind;   // "sqlite"
  bool ok = true;     // a read works and the last write did
  std::string error;  // the last failure, "" if none
};

// What a save did. A conflict is no failure of the store: the record was older than the stored
// game (another server saved it since), so the caller reloads and tries again.
enum class Saved { DONE, CONFLICT };

// Kirin's turn in a game, as a job that one server of those sharing a store has claimed.
struct EngineJob {
  std::string game_id;
  int64_t version = 0;  // the game's stored version the move is for
};

// A request key's entry (an Idempotency-Key's) in a store several servers share.
struct KeptAnswer {
  std::string fingerprint;  // of the request that first came with the key
  bool answered = false;    // false while that request is being answered
  std::string answer;       // the answer kept, as the caller wrote it
};

// A computer analysis of a finished game (docs/api.md, "Game analysis"), as stored with the game:
// queued when requested, then running on the one server that claimed it (a lease its holder
// renews, as with engine jobs), then done with its result.
struct GameAnalysisRecord {
  std::string game_id;
  std::string status;       // "queued", "running" or "done"
  int done = 0, total = 0;  // positions searched, positions in all
  std::string result;       // the analysis as JSON once done, else ""
  int64_t requested_at = 0;
};

// What a request for a game's analysis found: none yet (ADDED: queued now), one already
// (EXISTING: that one), or a full queue (FULL: nothing added).
struct GameAnalysisRequest {
  enum Outcome { ADDED, EXISTING, FULL } outcome = ADDED;
  GameAnalysisRecord record;
};

class GameStore {
 public:
  virtual ~GameStore() = default;
  // A failed write says why in one line and leaves the stored game as it was.
  virtual Result<void> create(const GameRecord& g) = 0;
  // Stores the header fields and makes the stored moves equal g.moves, knowing that the first
  // `unchanged_plies` of them are stored already (one transaction: all or nothing), if the
  // stored game is still at g.store_version (then the stored version goes up by 1); else CONFLICT.
  virtual Result<Saved> save(const GameRecord& g, size_t unchanged_plies) = 0;
  // The game; nullopt when there is no such game; an error when it could not be read whole.
  virtual Result<std::optional<GameRecord>> load(const std::string& id) = 0;
  // Games, most recently changed first: all of them, open challenges, games being played now
  // (unfinished, both seats taken, a move within the last hour), or finished ones (not aborted).
  enum class Listing { RECENT, WAITING, PLAYING, FINISHED };
  virtual Result<std::vector<GameSummary>> list(Listing which, int limit) = 0;
  // A player's games (those of the seats its account owns), newest first, `offset` of them
  // skipped: of one game (chushogi, ...) unless `game` is "", and of one result for the player
  // ("win", "loss", "draw") unless `result` is "". Open challenges nobody took are left out.
  virtual Result<std::vector<GameSummary>> player_games(int64_t account, const std::string& game,
                                                        const std::string& result, int offset, int limit) = 0;
  // Games still being played, without their moves (to watch their deadlines and give Kirin its
  // turns after a restart, without replaying any).
  virtual Result<std::vector<GameSummary>> unfinished_games() = 0;
  // Every unfinished game whose clock runs gets `by_ms` more (the time no server was up, which
  // was nobody's turn), in one statement; each such game's version goes up. How many changed.
  virtual Result<int64_t> forgive_clocks(int64_t by_ms) = 0;
  // The unfinished games a seat of `account` plays (open challenges to it included), most
  // recently changed first, at most `limit`.
  virtual Result<std::vector<GameRecord>> unfinished_of(int64_t account, int limit) = 0;
  // The server's own facts (when it was last alive), in the same database.
  virtual const MetaStore& meta() = 0;
  virtual StoreHealth health() = 0;
  // The players' accounts and sessions, in the same database.
  virtual AccountStore& accounts() = 0;
  // The players' ratings (rating/ratings.h), in the same database; save() rates a rated game
  // that ends in the transaction that writes its end.
  virtual const Ratings& ratings() = 0;
  // The games' chat, in the same database.
  virtual ChatStore& chat() = 0;
  // Tells `heard(game_id, line_id)` when any server added a chat line, from a thread of the
  // store's; a store that only one server uses tells nothing.
  virtual void on_chat(std::function<void(const std::string& game_id, int64_t line)> heard) { (void)heard; }
  // Tells every server (on_challenges) that the challenges to `account` changed; a store that
  // only one server uses tells nothing.
  virtual Result<void> announce_challenges(int64_t account) {
    (void)account;
    return {};
  }
  virtual void on_challenges(std::function<void(int64_t account)> heard) { (void)heard; }
  // Composed problems, in the same database.
  virtual const ProblemStore& problems() = 0;
  // Whether other servers may write the same games (then a cached game may be behind).
  virtual bool shared() const { return false; }
  // Tells `changed(id, version)` whenever any server saves a game, from a thread of the store's;
  // a store that only one server uses tells nothing.
  virtual void on_change(std::function<void(const std::string& id, int64_t version)> changed) { (void)changed; }

  // Kirin's moves on a shared store. create() and save() keep one engine job per game whose
  // record has kirin_turn, in the same transaction, so a turn is never lost nor given twice.
  // A server claims the oldest job nobody holds (or whose holder stopped renewing its lease),
  // keeps renewing while it thinks, and the save of Kirin's move ends the job. A store only
  // one server uses has no jobs: that server schedules Kirin itself.
  virtual Result<std::optional<EngineJob>> claim_engine_job(const std::string& worker, int64_t lease_ms) {
    (void)worker, (void)lease_ms;
    return std::optional<EngineJob>{};
  }
  // Extends the leases `worker` holds on the jobs of these games.
  virtual Result<void> renew_engine_jobs(const std::string& worker, const std::vector<std::string>& game_ids,
                                         int64_t lease_ms) {
    (void)worker, (void)game_ids, (void)lease_ms;
    return {};
  }
  // Gives a claimed job back (its holder could not finish it), if it is still that version's.
  virtual Result<void> release_engine_job(const EngineJob& job, const std::string& worker) {
    (void)job, (void)worker;
    return {};
  }
  // Makes sure an unfinished game whose Kirin is to move has its job (games stored before jobs
  // existed, or a job lost with a dropped table).
  virtual Result<void> ensure_engine_job(const GameRecord& g) {
    (void)g;
    return {};
  }
  // Tells `ready()` when a server added an engine job, from a thread of the store's.
  virtual void on_engine_job(std::function<void()> ready) { (void)ready; }

  // Request keys on a shared store, so that a retry reaching another server is answered as the
  // first request was. claim_request_key: nullopt when the key is new (now this caller's, for
  // `fingerprint`), else what is kept of it. An entry older than `kept_ms` is gone; one still
  // unanswered after `stale_ms` (its server went away) is taken over. A store only one server
  // uses keeps none: the server keeps them itself.
  virtual Result<std::optional<KeptAnswer>> claim_request_key(const std::string& key, const std::string& fingerprint,
                                                              int64_t kept_ms, int64_t stale_ms) {
    (void)key, (void)fingerprint, (void)kept_ms, (void)stale_ms;
    return Error{"this store keeps no request keys"};
  }
  virtual Result<void> answer_request_key(const std::string& key, const std::string& answer) {
    (void)key, (void)answer;
    return Error{"this store keeps no request keys"};
  }
  virtual Result<void> forget_request_key(const std::string& key) {
    (void)key;
    return Error{"this store keeps no request keys"};
  }
  // Computer analyses of finished games, one per game, kept with it. A request adds the game's
  // analysis (`total` positions) unless it has one, or `queue_limit` analyses wait or run.
  virtual Result<GameAnalysisRequest> request_game_analysis(const std::string& game_id, int total, int queue_limit) = 0;
  // The game's analysis; nullopt when none was requested.
  virtual Result<std::optional<GameAnalysisRecord>> load_game_analysis(const std::string& game_id) = 0;
  // Claims the oldest analysis that waits, or whose holder stopped renewing its lease (it starts
  // again from the first position): it is running, for `worker`, for `lease_ms`.
  virtual Result<std::optional<GameAnalysisRecord>> claim_game_analysis(const std::string& worker,
                                                                        int64_t lease_ms) = 0;
  // Notes the positions done and extends the lease; false when `worker` no longer holds it.
  virtual Result<bool> hold_game_analysis(const std::string& game_id, const std::string& worker, int done,
                                          int64_t lease_ms) = 0;
  // Stores the result: the analysis is done. False when `worker` no longer holds it.
  virtual Result<bool> finish_game_analysis(const std::string& game_id, const std::string& worker,
                                            const std::string& result) = 0;
  // Removes an analysis `worker` holds and could not make (so that it may be asked for again).
  virtual Result<void> drop_game_analysis(const std::string& game_id, const std::string& worker) = 0;
  // Tells `changed(game_id)` when any server requested, advanced or finished a game's analysis,
  // from a thread of the store's; a store that only one server uses tells nothing.
  virtual void on_game_analysis(std::function<void(const std::string& game_id)> changed) { (void)changed; }
};

// A PostgreSQL database by its libpq URI (postgresql://user@host:port/db), through a pool of
// `connections`: the schema is created or checked at start; or why it cannot be used.
constexpr int DEFAULT_DB_CONNECTIONS = 4;
Result<std::unique_ptr<GameStore>> open_postgres_store(const std::string& uri,
                                                       int connections = DEFAULT_DB_CONNECTIONS);
// `db` names a PostgreSQL database when it is a postgresql:// or postgres:// URI, else a
// SQLite file (`connections` is for PostgreSQL).
Result<std::unique_ptr<GameStore>> open_store(const std::string& db, int connections = DEFAULT_DB_CONNECTIONS);

// Opens (creating if needed, readable by its owner only) a SQLite database file in WAL mode,
// after checking that it is sound (PRAGMA quick_check) and writable; or why it cannot be used.
Result<std::unique_ptr<GameStore>> open_sqlite_store(const std::string& path);

}  // namespace kirin::server
