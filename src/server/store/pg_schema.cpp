#include "server/store/pg_schema.h"

#include <string>

#include "server/store/account_tables.h"
#include "server/store/chat_store.h"
#include "server/store/game_analysis_store.h"
#include "server/store/pg_result.h"
#include "server/store/rating_tables.h"
#include "server/store/rows.h"
#include "server/store/tournament_store.h"

namespace kirin::server {
namespace {

// The PostgreSQL store's versions, from its version 3 on, when this store began; 4 adds the problems
// table, 5 the engine jobs (each created with the rest when it is missing), 6 the problems' rule
// options (SQLite's version 5), 7 the games' record tags and the request keys (SQLite's version 6
// has the tags; SQLite keeps its request keys in memory), 8 the accounts and their sessions
// (SQLite's version 7; tables created with the rest when missing), 9 "game analyses": the
// computer analyses of finished games (SQLite's version 8; created with the rest when missing), 10
// ratings: the ratings tables (rating/ratings.h, created with the rest when missing) and whether
// a game is rated (SQLite's version 9), 11 "chat": the games' chat lines and their reports
// (created with the rest when missing) and the accounts' chat mute (SQLite's version 10), 12 the
// accounts' preferences (SQLite's 11), 13 "tournaments" (tournament_store.h, created with the rest
// when missing; SQLite's 12).
constexpr int SCHEMA_VERSION = 13;

const std::string SCHEMA = std::string(GAMES_TABLE) + R"sql(
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE INDEX IF NOT EXISTS games_updated ON games(updated);
CREATE INDEX IF NOT EXISTS games_open ON games(result, waiting, updated);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS engine_jobs (
  game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  version BIGINT NOT NULL,
  due BIGINT NOT NULL,
  worker TEXT NOT NULL DEFAULT '',
  lease_until BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS engine_jobs_due ON engine_jobs(lease_until, due);
CREATE TABLE IF NOT EXISTS request_keys (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  answered INTEGER NOT NULL DEFAULT 0,
  answer TEXT NOT NULL DEFAULT '',
  created BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS request_keys_created ON request_keys(created);
)sql" + PROBLEMS_TABLE + PG_ACCOUNT_TABLES +
                           GAME_ANALYSES_TABLE + RATING_TABLES + chat_tables("BIGSERIAL PRIMARY KEY") +
                           TOURNAMENT_TABLES;

}  // namespace

Result<void> pg_migrate(PGconn* c) {
  return pg_transaction(c, [&]() -> Result<void> {
    PgResult l = pg_exec(c, "SELECT pg_advisory_xact_lock(7320415)", {});
    if (!l.ok()) return Error{l.error("locking the schema")};
    PgResult s = pg_exec(c, SCHEMA, {});
    if (!s.ok()) return Error{s.error("creating the schema")};
    PgResult v = pg_exec(c, "SELECT COALESCE(MAX(version), 0) FROM schema_version", {});
    if (!v.ok()) return Error{v.error("reading the schema version")};
    const int64_t version = v.row(0).integer(0);
    if (version > SCHEMA_VERSION)
      return Error{"database schema version " + std::to_string(version) + " is newer than this Kirin's (" +
                   std::to_string(SCHEMA_VERSION) + ")"};
    if (version == SCHEMA_VERSION) return {};
    // Version 11 (chat): the accounts made before it gain their chat mute.
    PgResult m = pg_exec(c, std::string("ALTER TABLE accounts ADD COLUMN IF NOT EXISTS ") + ACCOUNT_MUTED_COLUMN, {});
    if (!m.ok()) return Error{m.error("adding the accounts' chat mute")};
    // Version 12: the accounts made before it gain their preferences.
    PgResult prefs =
        pg_exec(c, std::string("ALTER TABLE accounts ADD COLUMN IF NOT EXISTS ") + ACCOUNT_PREFERENCES_COLUMN, {});
    if (!prefs.ok()) return Error{prefs.error("adding the accounts' preferences")};
    // Version 9 (accounts) adds only tables, made above with the rest of the schema: the games
    // stay as they were, their seats owned by no account.
    // A problems table made before version 6 lacks the column; one made just now has it.
    PgResult a = pg_exec(c, std::string("ALTER TABLE problems ADD COLUMN IF NOT EXISTS ") + PROBLEM_OPTIONS_COLUMN, {});
    if (!a.ok()) return Error{a.error("adding the problems' rule options")};
    // Before version 7 games had no tags.
    PgResult t = pg_exec(c, std::string("ALTER TABLE games ADD COLUMN IF NOT EXISTS ") + GAME_TAGS_COLUMN, {});
    if (!t.ok()) return Error{t.error("adding the games' record tags")};
    // Before version 10 no game was rated.
    PgResult rated = pg_exec(c, std::string("ALTER TABLE games ADD COLUMN IF NOT EXISTS ") + GAME_RATED_COLUMN, {});
    if (!rated.ok()) return Error{rated.error("adding whether games are rated")};
    PgResult w = pg_exec(c, "INSERT INTO schema_version (version) VALUES ($1)", {std::to_string(SCHEMA_VERSION)});
    if (!w.ok()) return Error{"database is not writable: " + w.error("writing the schema version")};
    return {};
  });
}

}  // namespace kirin::server
