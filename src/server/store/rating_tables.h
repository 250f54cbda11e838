// The players' ratings' tables (rating/ratings.h reads and writes them), created with the rest of
// a store's schema when missing (SQLite schema version 9, PostgreSQL 10): the current rating of
// each account, game and speed, and a history row for each rated game.
#pragma once

namespace kirin::server {

constexpr const char* RATING_TABLES = R"sql(
CREATE TABLE IF NOT EXISTS ratings (
  account BIGINT NOT NULL,
  game TEXT NOT NULL,
  speed TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  losses INTEGER NOT NULL,
  last_played BIGINT NOT NULL,
  PRIMARY KEY (account, game, speed)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, speed, rating);
CREATE TABLE IF NOT EXISTS rating_history (
  game_id TEXT NOT NULL,
  account BIGINT NOT NULL,
  color INTEGER NOT NULL,
  game TEXT NOT NULL,
  speed TEXT NOT NULL,
  at BIGINT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  before INTEGER NOT NULL,
  before_provisional INTEGER NOT NULL,
  diff INTEGER NOT NULL,
  PRIMARY KEY (game_id, account)
);
CREATE INDEX IF NOT EXISTS rating_history_account ON rating_history(account, at);
)sql";

}  // namespace kirin::server
