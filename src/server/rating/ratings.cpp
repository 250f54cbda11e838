#include "server/rating/ratings.h"

#include <cmath>
#include <cstdlib>

#include "core/unix_time.h"

namespace kirin::server {
namespace {

constexpr const char* RATING_COLUMNS =
    "game, speed, rating, deviation, volatility, games, wins, draws, losses, last_played";

int64_t integer(const std::string& s) { return std::atoll(s.c_str()); }
double real(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

// A rating row of RATING_COLUMNS as stored (the deviation as of its last game).
PlayerRating stored_rating(const std::vector<std::string>& r) {
  PlayerRating p;
  p.game = r[0];
  p.speed = parse_speed(r[1]).value_or(Speed::BLITZ);
  p.glicko = {real(r[2]), real(r[3]), real(r[4])};
  p.games = int(integer(r[5]));
  p.wins = int(integer(r[6]));
  p.draws = int(integer(r[7]));
  p.losses = int(integer(r[8]));
  p.last_played = integer(r[9]);
  return p;
}

PlayerRating shown_at(PlayerRating p, int64_t now) {
  if (p.games) p.glicko = glicko_after_idle(p.glicko, now - p.last_played);
  return p;
}

double periods_since(const PlayerRating& p, int64_t now) {
  if (!p.games || now <= p.last_played) return 0;
  return double(now - p.last_played) / (24.0 * 3600 * 1000) * GlickoSystem{}.periods_per_day;
}

Result<PlayerRating> stored_of(const Sql& sql, int64_t account, const std::string& game, Speed speed,
                               const char* suffix) {
  auto q = sql(std::string("SELECT ") + RATING_COLUMNS +
                   " FROM ratings WHERE account = $1 AND game = $2 AND speed = $3" + suffix,
               {account, game, std::string(speed_name(speed))});
  if (!q) return Error{q.error() + " (reading a rating)"};
  if (q->rows.empty()) return PlayerRating{game, speed, {}, 0, 0, 0, 0, 0};
  return stored_rating(q->rows[0]);
}

int shown(double rating) { return int(std::lround(rating)); }

}  // namespace

Result<void> rate_game(const Sql& sql, GameRecord& g, int64_t now, bool row_locks) {
  const auto speed = speed_of(g.clock);
  if (!g.rated || !g.over() || g.result == "*" || !speed || !g.seats[0].account || !g.seats[1].account) return {};
  auto rated = sql("SELECT color, before, before_provisional, diff FROM rating_history WHERE game_id = $1", {g.id});
  if (!rated) return Error{rated.error() + " (reading the ratings of game " + g.id + ")"};
  if (!rated->rows.empty()) {
    for (const auto& r : rated->rows) {
      Seat& s = g.seats[integer(r[0]) ? 1 : 0];
      s.rating = int(integer(r[1]));
      s.provisional = integer(r[2]) != 0;
      s.rating_diff = int(integer(r[3]));
    }
    return {};
  }
  // On PostgreSQL the rows stay locked until the end is committed: another game of the same
  // player ending on another server waits, and then rates from this one's result. A newcomer has
  // no row to lock, so one is made first (a second maker waits for the first to commit, then
  // finds it); the rows are locked in the order of the accounts so that two games of the same
  // two players cannot each hold one and wait for the other.
  const char* lock = row_locks ? " FOR UPDATE" : "";
  const Glicko newcomer;
  PlayerRating stored[2];
  const int lower = g.seats[0].account <= g.seats[1].account ? 0 : 1;
  for (int c : {lower, 1 - lower}) {
    auto made =
        sql("INSERT INTO ratings (account, game, speed, rating, deviation, volatility, games, wins, draws, losses, "
            "last_played) VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, 0, 0) ON CONFLICT (account, game, speed) DO NOTHING",
            {g.seats[c].account, g.game, std::string(speed_name(*speed)), newcomer.rating, newcomer.deviation,
             newcomer.volatility});
    if (!made) return Error{made.error() + " (making a newcomer's rating)"};
    auto r = stored_of(sql, g.seats[c].account, g.game, *speed, lock);
    if (!r) return Error{r.error()};
    stored[c] = *r;
  }
  const double first_score = g.result == "1-0" ? 1 : g.result == "0-1" ? 0 : 0.5;
  for (int c = 0; c < 2; ++c) {
    const PlayerRating& me = stored[c];
    const Glicko before = shown_at(me, now).glicko, opponent = shown_at(stored[1 - c], now).glicko;
    const double score = c == 0 ? first_score : 1 - first_score;
    const Glicko after = glicko_update(me.glicko, {{opponent, score}}, periods_since(me, now));
    Seat& s = g.seats[c];
    s.rating = shown(before.rating);
    s.provisional = provisional(before);
    s.rating_diff = shown(after.rating) - shown(before.rating);
    auto w =
        sql("INSERT INTO ratings (account, game, speed, rating, deviation, volatility, games, wins, draws, losses, "
            "last_played) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (account, game, speed) DO "
            "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, "
            "games = excluded.games, wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, "
            "last_played = excluded.last_played",
            {s.account, g.game, std::string(speed_name(*speed)), after.rating, after.deviation, after.volatility,
             int64_t(me.games + 1), int64_t(me.wins + (score == 1)), int64_t(me.draws + (score == 0.5)),
             int64_t(me.losses + (score == 0)), now});
    if (!w) return Error{w.error() + " (writing a rating)"};
    auto h =
        sql("INSERT INTO rating_history (game_id, account, color, game, speed, at, rating, deviation, before, "
            "before_provisional, diff) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            {g.id, s.account, int64_t(c), g.game, std::string(speed_name(*speed)), now, after.rating, after.deviation,
             int64_t(s.rating), int64_t(s.provisional), int64_t(*s.rating_diff)});
    if (!h) return Error{h.error() + " (writing the rating history of game " + g.id + ")"};
  }
  return {};
}

Result<PlayerRating> Ratings::of(int64_t account, const std::string& game, Speed speed, int64_t now) const {
  auto r = stored_of(sql_, account, game, speed, "");
  if (!r) return Error{r.error()};
  return shown_at(*r, now);
}

Result<std::vector<PlayerRating>> Ratings::all_of(int64_t account, int64_t now) const {
  auto q = sql_(std::string("SELECT ") + RATING_COLUMNS + " FROM ratings WHERE account = $1 ORDER BY game, speed",
                {account});
  if (!q) return Error{q.error() + " (reading ratings)"};
  std::vector<PlayerRating> out;
  for (const auto& r : q->rows) out.push_back(shown_at(stored_rating(r), now));
  return out;
}

Result<std::vector<RatingPoint>> Ratings::history(int64_t account) const {
  auto q = sql_("SELECT game, speed, at, rating, deviation FROM rating_history WHERE account = $1 ORDER BY at, game_id",
                {account});
  if (!q) return Error{q.error() + " (reading the rating history)"};
  std::vector<RatingPoint> out;
  for (const auto& r : q->rows)
    out.push_back({r[0], parse_speed(r[1]).value_or(Speed::BLITZ), integer(r[2]), real(r[3]), real(r[4])});
  return out;
}

Result<std::vector<LeaderboardLine>> Ratings::leaderboard(const std::string& game, Speed speed, int limit,
                                                          int64_t now) const {
  // The stored deviations are as of each player's last game: an idle player's has grown since,
  // so more rows are read than shown and the provisional ones left out here.
  auto q = sql_(std::string("SELECT a.name, ") + RATING_COLUMNS +
                    " FROM ratings JOIN accounts a ON a.id = ratings.account WHERE game = $1 AND speed = $2 AND "
                    "a.closed = 0 AND deviation <= $3 ORDER BY rating DESC LIMIT $4",
                {game, std::string(speed_name(speed)), GlickoSystem{}.provisional_above, int64_t(limit) * 4});
  if (!q) return Error{q.error() + " (reading the leaderboard)"};
  std::vector<LeaderboardLine> out;
  for (const auto& r : q->rows) {
    std::vector<std::string> rating(r.begin() + 1, r.end());
    PlayerRating p = shown_at(stored_rating(rating), now);
    if (provisional(p.glicko) || int(out.size()) >= limit) continue;
    out.push_back({r[0], p});
  }
  return out;
}

void rate_ended_games(GameStore& store) {
  // PostgreSQL's other servers may rate at the same moment: the rows read are locked.
  const bool row_locks = store.database().dialect().postgresql;
  store.on_game_end([row_locks](const Sql& sql, GameRecord& g) { return rate_game(sql, g, now_ms(), row_locks); });
}

}  // namespace kirin::server
