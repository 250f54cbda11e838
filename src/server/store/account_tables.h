// The accounts and sessions tables (SQLite schema version 7, PostgreSQL 8; the chat mute from
// SQLite 10, PostgreSQL 11; the preferences from SQLite 11, PostgreSQL 12), alike in both stores
// but for how an id is given. Created with the rest of the schema when missing, so that a
// database of an older version gains them on its first start and keeps its games.
#pragma once
#include <string>

#include "server/store/account_record.h"

namespace kirin::server {

// `id_column`: the store's own auto-numbered key.
inline std::string account_tables(const std::string& id_column) {
  return R"sql(
CREATE TABLE IF NOT EXISTS accounts (
  id )sql" +
         id_column +
         R"sql(,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created BIGINT NOT NULL,
  closed INTEGER NOT NULL DEFAULT 0,
  muted INTEGER NOT NULL DEFAULT 0,
  preferences TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  account BIGINT NOT NULL REFERENCES accounts(id),
  created BIGINT NOT NULL,
  expires BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account);
)sql";
}

// SQLite's AUTOINCREMENT never gives the id of a deleted row again.
inline const std::string SQLITE_ACCOUNT_TABLES = account_tables("INTEGER PRIMARY KEY AUTOINCREMENT");
inline const std::string PG_ACCOUNT_TABLES = account_tables("BIGSERIAL PRIMARY KEY");

// The column a database made before the chat lacks (added by the migration).
constexpr const char* ACCOUNT_MUTED_COLUMN = "muted INTEGER NOT NULL DEFAULT 0";
// The column a database made before the players' preferences lacks (SQLite 11, PostgreSQL 12):
// security/account_preferences.h's JSON text, "" for none.
constexpr const char* ACCOUNT_PREFERENCES_COLUMN = "preferences TEXT NOT NULL DEFAULT ''";

}  // namespace kirin::server
