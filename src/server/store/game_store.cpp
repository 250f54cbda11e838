// GameStore's games, each statement written once for both databases (database.h), and the
// concerns' stores on the same database.
#include <nlohmann/json.hpp>

#include "core/unix_time.h"
#include "rules/ending.h"
#include "server/store/rows.h"
#include "server/store/store.h"

namespace kirin::server {
namespace {

Result<void> done(const Result<SqlRows>& r, const std::string& what) {
  if (!r) return Error{sql_error(what, r.error())};
  return {};
}

std::vector<SqlParam> params_of(std::vector<std::string> texts) {
  std::vector<SqlParam> out;
  for (auto& t : texts) out.emplace_back(std::move(t));
  return out;
}

}  // namespace

GameStore::GameStore(std::unique_ptr<Database> db, std::unique_ptr<StoreListener> listener)
    : db_(std::move(db)),
      listener_(std::move(listener)),
      meta_(db_->sql()),
      accounts_(*db_),
      chat_(*db_),
      problems_(db_->sql()),
      game_analyses_(*db_),
      tournaments_(*db_),
      engine_jobs_(*db_),
      request_keys_(*db_) {}

GameStore::~GameStore() { on_change(nullptr); }

Result<void> GameStore::create(const GameRecord& g) {
  return db_->transaction([&](const Sql& sql) -> Result<void> {
    std::vector<std::string> v = header_values(g);
    v.insert(v.begin(), g.id);
    v.push_back(tags_text(g));  // an imported record's headers never change
    auto r =
        sql("INSERT INTO games (id, game, options, setup, start_fen, casual, seats, result, reason, draw_offer, "
            "impasse_claim, takeback_request, created, updated, clock, rematch_offer, rematch_game, waiting, rated, "
            "tags) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
            params_of(std::move(v)));
    if (auto e = done(r, "inserting game " + g.id); !e) return e;
    if (auto e = db_->notify(sql, "kirin_games", g.id + ":0"); !e) return e;
    if (auto e = insert_moves(sql, g, 0); !e) return e;
    return shared() ? engine_jobs_.set(sql, g, 0) : Result<void>();
  });
}

Result<Saved> GameStore::save(const GameRecord& g, size_t unchanged) {
  bool conflict = false;
  auto saved = db_->transaction([&](const Sql& sql) -> Result<void> {
    std::vector<std::string> v = header_values(g);
    v.push_back(g.id);
    v.push_back(std::to_string(g.store_version));
    auto r =
        sql("UPDATE games SET game = $1, options = $2, setup = $3, start_fen = $4, casual = $5, seats = $6, "
            "result = $7, reason = $8, draw_offer = $9, impasse_claim = $10, takeback_request = $11, "
            "created = $12, updated = $13, clock = $14, rematch_offer = $15, rematch_game = $16, "
            "waiting = $17, rated = $18, version = version + 1 WHERE id = $19 AND version = $20",
            params_of(std::move(v)));
    if (auto e = done(r, "updating game " + g.id); !e) return e;
    if (r->affected != 1) {
      conflict = true;  // nothing written: the commit changes nothing
      return {};
    }
    const int64_t version = g.store_version + 1;
    if (auto e = db_->notify(sql, "kirin_games", g.id + ":" + std::to_string(version)); !e) return e;
    if (auto e = end_game(sql, g); !e) return e;
    if (auto e = done(sql("DELETE FROM moves WHERE game_id = $1 AND ply >= $2", {g.id, int64_t(unchanged)}),
                      "deleting moves of game " + g.id);
        !e)
      return e;
    if (auto e = insert_moves(sql, g, unchanged); !e) return e;
    return shared() ? engine_jobs_.set(sql, g, version) : Result<void>();
  });
  if (!saved) return Error{saved.error()};
  return conflict ? Saved::CONFLICT : Saved::DONE;
}

Result<void> GameStore::insert_moves(const Sql& sql, const GameRecord& g, size_t from) {
  for (size_t i = from; i < g.moves.size(); ++i)
    if (auto e = done(sql("INSERT INTO moves (game_id, ply, move) VALUES ($1, $2, $3)", {g.id, int64_t(i), g.moves[i]}),
                      "inserting move " + std::to_string(i + 1) + " of game " + g.id);
        !e)
      return e;
  return {};
}

// Inside save's transaction, after the game row (locked now) was written: what else an ended
// rated game's end changes, once, and its seats as that left them.
Result<void> GameStore::end_game(const Sql& sql, const GameRecord& g) {
  if (!g.rated || !g.over() || !game_end_) return {};
  GameRecord ended = g;
  if (auto e = game_end_(sql, ended); !e) return e;
  const std::string seats = seats_json(ended).dump();
  if (seats == seats_json(g).dump()) return {};
  return done(sql("UPDATE games SET seats = $1 WHERE id = $2", {seats, g.id}), "rating game " + g.id);
}

Result<std::optional<GameRecord>> GameStore::load(const std::string& id) {
  auto q = db_->run(std::string("SELECT ") + HEADER_COLUMNS + " FROM games WHERE id = $1", {id});
  if (!q) return Error{sql_error("reading game " + id, q.error())};
  if (q->rows.empty()) return std::optional<GameRecord>{};
  GameRecord g;
  TextRow row{q->rows[0]};
  if (auto read = read_header(row, g); !read) return Error{read.error()};
  auto m = db_->run("SELECT ply, move FROM moves WHERE game_id = $1 ORDER BY ply", {id});
  if (!m) return Error{sql_error("reading the moves of game " + id, m.error())};
  for (const auto& move : m->rows) {
    // A gap in the plies is a damaged database, not a shorter game.
    if (move[0] != std::to_string(g.moves.size()))
      return Error{"database: game " + id + ": move " + std::to_string(g.moves.size() + 1) + " is missing"};
    g.moves.push_back(move[1]);
  }
  return std::optional<GameRecord>{std::move(g)};
}

Result<std::vector<GameSummary>> GameStore::list(Listing which, int limit) {
  static const char* const WHERE[] = {"", "WHERE result = '' AND waiting = 1",
                                      "WHERE result = '' AND waiting = 0 AND updated > $2",
                                      "WHERE result <> '' AND result <> '*'"};
  std::vector<SqlParam> params{int64_t(limit)};
  // Being played now: a move within the last hour.
  if (which == Listing::PLAYING) params.emplace_back(now_ms() - 3600 * 1000);
  return summaries_of(db_->run(std::string("SELECT ") + HEADER_COLUMNS +
                                   ", (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) FROM games " +
                                   WHERE[int(which)] + " ORDER BY updated DESC LIMIT $1",
                               params),
                      "listing games");
}

Result<std::vector<GameSummary>> GameStore::player_games(int64_t account, const std::string& game,
                                                         const std::string& result, int offset, int limit) {
  const Dialect& d = db_->dialect();
  auto sql = player_games_sql(d.seat_account(0), d.seat_account(1), result);
  if (!sql) return Error{sql.error()};
  // An open challenge withdrawn before anyone took it was no game of the player's.
  const std::string withdrawn(words_of(Ending::CHALLENGE_WITHDRAWN));
  return summaries_of(db_->run(*sql, {account, game, int64_t(limit), int64_t(offset), withdrawn}),
                      "listing a player's games");
}

Result<std::vector<GameSummary>> GameStore::unfinished_games() {
  return summaries_of(db_->run(unfinished_games_sql(), {}), "listing unfinished games");
}

Result<int64_t> GameStore::forgive_clocks(int64_t by_ms) {
  const Dialect& d = db_->dialect();
  auto r = db_->run("UPDATE games SET clock = " + d.clock_since_plus("CAST($1 AS BIGINT)") +
                        ", version = version + 1 WHERE result = '' AND clock <> '' AND " + d.clock_running(),
                    {by_ms});
  if (!r) return Error{r.error() + " (forgiving the clocks the time the server was down)"};
  return r->affected;
}

Result<std::vector<GameRecord>> GameStore::unfinished_of(int64_t account, int limit) {
  // The seats' JSON names the account (rows.h); the match is checked on the seats read.
  auto q = db_->run(
      std::string("SELECT ") + HEADER_COLUMNS + " FROM games WHERE result = '' AND seats LIKE $1 ORDER BY updated DESC",
      {account_seat_pattern(account)});
  if (!q) return Error{sql_error("listing the games of an account", q.error())};
  std::vector<GameRecord> out;
  for (const auto& r : q->rows) {
    if (int(out.size()) >= limit) break;
    GameRecord g;
    TextRow row{r};
    if (auto read = read_header(row, g); !read) return Error{read.error()};
    if (g.seats[0].account == account || g.seats[1].account == account) out.push_back(std::move(g));
  }
  return out;
}

StoreHealth GameStore::health() {
  StoreHealth h{db_->dialect().postgresql ? "postgresql" : "sqlite", true, db_->last_write_error()};
  if (auto q = db_->run("SELECT COUNT(*) FROM schema_version", {}); !q)
    h.error = sql_error("health check read", q.error());
  h.ok = h.error.empty();
  return h;
}

void GameStore::on_change(std::function<void(const std::string&, int64_t)> changed) {
  if (listener_) listener_->on_game(std::move(changed));
}

void GameStore::on_engine_job(std::function<void()> ready) {
  if (listener_) listener_->on_job(std::move(ready));
}

void GameStore::on_game_analysis(std::function<void(const std::string&)> changed) {
  if (listener_) listener_->on_analysis(std::move(changed));
}

void GameStore::on_chat(std::function<void(const std::string&, int64_t)> heard) {
  if (listener_) listener_->on_chat(std::move(heard));
}

Result<void> GameStore::announce_challenges(int64_t account) {
  return db_->notify(db_->sql(), "kirin_challenges", std::to_string(account));
}

void GameStore::on_challenges(std::function<void(int64_t)> heard) {
  if (listener_) listener_->on_challenges(std::move(heard));
}

void GameStore::on_tournament(std::function<void(const std::string&)> changed) {
  if (listener_) listener_->on_tournament(std::move(changed));
}

}  // namespace kirin::server
