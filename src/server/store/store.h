// Where games live between requests and across restarts, with every other concern the server
// keeps in the same database: each concern a small store of its own (accounts, chat, problems,
// analyses, tournaments, engine jobs, request keys, the server's facts), all written once over one Database
// (database.h), which is SQLite's embedded file or PostgreSQL for several servers. A store never
// hides a failure: every call says whether it worked, and why not.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/account_store.h"
#include "server/store/chat_store.h"
#include "server/store/database.h"
#include "server/store/engine_job_store.h"
#include "server/store/game_analysis_store.h"
#include "server/store/game_record.h"
#include "server/store/meta_store.h"
#include "server/store/problem_store.h"
#include "server/store/request_key_store.h"
#include "server/store/store_listener.h"
#include "server/store/tournament_store.h"

namespace kirin::server {

// What /api/health says of the store.
struct StoreHealth {
  std::string kind;   // "sqlite" or "postgresql"
  bool ok = true;     // a read works and the last write did
  std::string error;  // the last failure, "" if none
};

// What a save did. A conflict is no failure of the store: the record was older than the stored
// game (another server saved it since), so the caller reloads and tries again.
enum class Saved { DONE, CONFLICT };

// What else the end of a game changes, in the transaction that writes it (its players' ratings:
// rating/ratings.h's rate_game, which the rooms above give the store). It may change g's seats,
// which are stored with the end.
using GameEndHook = std::function<Result<void>(const Sql& sql, GameRecord& g)>;

class GameStore {
 public:
  // `listener`: how other servers' changes are heard, for a shared database; nullptr for one
  // only this server uses.
  GameStore(std::unique_ptr<Database> db, std::unique_ptr<StoreListener> listener);
  ~GameStore();  // stops hearing other servers first
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  // A failed write says why in one line and leaves the stored game as it was.
  Result<void> create(const GameRecord& g);
  // Stores the header fields and makes the stored moves equal g.moves, knowing that the first
  // `unchanged_plies` of them are stored already (one transaction: all or nothing), if the
  // stored game is still at g.store_version (then the stored version goes up by 1); else CONFLICT.
  Result<Saved> save(const GameRecord& g, size_t unchanged_plies);
  // The game; nullopt when there is no such game; an error when it could not be read whole.
  Result<std::optional<GameRecord>> load(const std::string& id);
  // Games, most recently changed first: all of them, open challenges, games being played now
  // (unfinished, both seats taken, a move within the last hour), or finished ones (not aborted).
  enum class Listing { RECENT, WAITING, PLAYING, FINISHED };
  Result<std::vector<GameSummary>> list(Listing which, int limit);
  // A player's games (those of the seats its account owns), newest first, `offset` of them
  // skipped: of one game (chushogi, ...) unless `game` is "", and of one result for the player
  // ("win", "loss", "draw") unless `result` is "". Open challenges nobody took are left out.
  Result<std::vector<GameSummary>> player_games(int64_t account, const std::string& game, const std::string& result,
                                                int offset, int limit);
  // Games still being played, without their moves (to watch their deadlines and give Kirin its
  // turns after a restart, without replaying any).
  Result<std::vector<GameSummary>> unfinished_games();
  // Every unfinished game whose clock runs gets `by_ms` more (the time no server was up, which
  // was nobody's turn), in one statement; each such game's version goes up. How many changed.
  Result<int64_t> forgive_clocks(int64_t by_ms);
  // The unfinished games a seat of `account` plays (open challenges to it included), most
  // recently changed first, at most `limit`.
  Result<std::vector<GameRecord>> unfinished_of(int64_t account, int limit);
  // Given once, before the store is used.
  void on_game_end(GameEndHook hook) { game_end_ = std::move(hook); }

  // The other concerns, in the same database.
  Database& database() { return *db_; }
  const MetaStore& meta() const { return meta_; }
  AccountStore& accounts() { return accounts_; }
  ChatStore& chat() { return chat_; }
  const ProblemStore& problems() const { return problems_; }
  GameAnalysisStore& game_analyses() { return game_analyses_; }
  TournamentStore& tournaments() { return tournaments_; }
  // Only on a shared store (engine_job_store.h, request_key_store.h): one server alone keeps
  // its Kirin turns and request keys itself.
  EngineJobStore& engine_jobs() { return engine_jobs_; }
  RequestKeyStore& request_keys() { return request_keys_; }
  StoreHealth health();

  // Whether other servers may write the same games (then a cached game may be behind).
  bool shared() const { return listener_ != nullptr; }
  // What other servers did, heard from a thread of the store's; a store that only one server
  // uses tells nothing. `changed(id, version)`: any server saved a game.
  void on_change(std::function<void(const std::string& id, int64_t version)> changed);
  // A server added an engine job.
  void on_engine_job(std::function<void()> ready);
  // Any server requested, advanced or finished a game's analysis.
  void on_game_analysis(std::function<void(const std::string& game_id)> changed);
  // Any server added a chat line.
  void on_chat(std::function<void(const std::string& game_id, int64_t line)> heard);
  // Tells every server (on_challenges) that the challenges to `account` changed.
  Result<void> announce_challenges(int64_t account);
  void on_challenges(std::function<void(int64_t account)> heard);
  // Any server changed a tournament (its players, pairings or results).
  void on_tournament(std::function<void(const std::string& id)> changed);

 private:
  Result<void> insert_moves(const Sql& sql, const GameRecord& g, size_t from);
  Result<void> end_game(const Sql& sql, const GameRecord& g);

  const std::unique_ptr<Database> db_;
  const std::unique_ptr<StoreListener> listener_;
  GameEndHook game_end_;
  const MetaStore meta_;
  AccountStore accounts_;
  ChatStore chat_;
  const ProblemStore problems_;
  GameAnalysisStore game_analyses_;
  TournamentStore tournaments_;
  EngineJobStore engine_jobs_;
  RequestKeyStore request_keys_;
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
