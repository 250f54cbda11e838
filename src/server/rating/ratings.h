// The players' ratings as the stores keep them, per account, game and speed, in the same SQL on
// SQLite and PostgreSQL (sql.h): the current rating of each, and a history row for each rated
// game (the chart on a player's page). A rated game is rated in the transaction that saves its
// end (rate_game), and once: its history rows, keyed by (game, account), say it was.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/rating/glicko2.h"
#include "server/rating/speed.h"
#include "server/store/game_record.h"
#include "server/store/sql.h"
#include "server/store/store.h"

namespace kirin::server {

struct PlayerRating {
  std::string game;
  Speed speed = Speed::BLITZ;
  Glicko glicko;  // as it stands now: the deviation grown by the time since the last game
  int games = 0, wins = 0, draws = 0, losses = 0;
  int64_t last_played = 0;  // unix ms; 0 for never
};

struct RatingPoint {
  std::string game;
  Speed speed = Speed::BLITZ;
  int64_t at = 0;  // unix ms
  double rating = 0, deviation = 0;
};

struct LeaderboardLine {
  std::string name;  // the account's
  PlayerRating rating;
};

// Rates an ended rated game between two accounts in the transaction `sql` runs in: both players'
// new ratings and history rows written, and each seat's rating before the game and its change
// set in `g`. A game rated already (a second save of its end) is not rated again: its seats get
// the change it had. Nothing for a game that is not rated, not over, or aborted. `row_locks`: the
// store locks the rows it reads for the transaction (PostgreSQL; SQLite's writer is alone).
Result<void> rate_game(const Sql& sql, GameRecord& g, int64_t now, bool row_locks);

// Rates every rated game whose end `store` saves, with rate_game in that save's transaction.
// Given once, when the store opens, before it is used.
void rate_ended_games(GameStore& store);

// Reads, each one statement. `now`: when the deviations are shown (grown since the last game).
class Ratings {
 public:
  explicit Ratings(Sql sql) : sql_(std::move(sql)) {}
  explicit Ratings(GameStore& store) : sql_(store.database().sql()) {}
  // The account's rating in a game and speed; a newcomer's when it never played one.
  Result<PlayerRating> of(int64_t account, const std::string& game, Speed speed, int64_t now) const;
  // All of the account's ratings, by game and speed.
  Result<std::vector<PlayerRating>> all_of(int64_t account, int64_t now) const;
  // The account's ratings after each rated game, oldest first.
  Result<std::vector<RatingPoint>> history(int64_t account) const;
  // The best `limit` open accounts with a rating that is not provisional, best first.
  Result<std::vector<LeaderboardLine>> leaderboard(const std::string& game, Speed speed, int limit, int64_t now) const;

 private:
  Sql sql_;
};

}  // namespace kirin::server
