// GameStore on PostgreSQL (libpq): the store for a site that outgrows one SQLite file. One
// connection behind a mutex, re-established when it breaks; every result is checked, and a
// failure is an error with PostgreSQL's own words, never a short answer.
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/unix_time.h"
#include "server/rating/ratings.h"
#include "server/store/account_tables.h"
#include "server/store/meta_store.h"
#include "server/store/pg_accounts.h"
#include "server/store/pg_chat.h"
#include "server/store/pg_engine_jobs.h"
#include "server/store/pg_game_analyses.h"
#include "server/store/pg_listener.h"
#include "server/store/pg_result.h"
#include "server/store/pg_schema.h"
#include "server/store/problem_store.h"
#include "server/store/rows.h"
#include "server/store/store.h"

namespace kirin::server {
namespace {

class PgStore final : public GameStore {
 public:
  PgStore(std::vector<PGconn*> conns, std::string uri)
      : conns_(conns),
        free_(std::move(conns)),
        listener_(std::move(uri)),
        accounts_(make_pg_accounts([this](const std::string& sql, const std::vector<std::string>& params) {
          Lease c(*this);
          return pg_exec(c, sql, params);
        })),
        ratings_([this](const std::string& sql, const std::vector<SqlParam>& params) {
          Lease c(*this);
          return sql_on(c)(sql, params);
        }),
        chat_(make_pg_chat([this](const std::string& sql, const std::vector<std::string>& params) {
          Lease c(*this);
          return pg_exec(c, sql, params);
        })),
        meta_(noted_sql()),
        problems_(noted_sql()) {}
  ~PgStore() override {
    on_change(nullptr);
    for (PGconn* c : conns_) PQfinish(c);
  }

  bool shared() const override { return true; }
  AccountStore& accounts() override { return *accounts_; }
  const Ratings& ratings() override { return ratings_; }
  ChatStore& chat() override { return *chat_; }
  const MetaStore& meta() override { return meta_; }
  const ProblemStore& problems() override { return problems_; }

  // Other servers' saves, and the rest they announce, are heard by the listener (pg_listener.h).
  void on_change(std::function<void(const std::string&, int64_t)> changed) override {
    listener_.on_game(std::move(changed));
  }

  Result<void> create(const GameRecord& g) override {
    Lease c(*this);
    return wrote(pg_transaction(c, [&]() -> Result<void> {
      std::vector<std::string> v = header_values(g);
      v.insert(v.begin(), g.id);
      v.push_back(tags_text(g));  // an imported record's headers never change
      PgResult r = pg_exec(
          c,
          "INSERT INTO games (id, game, options, setup, start_fen, casual, seats, result, reason, draw_offer, "
          "impasse_claim, takeback_request, created, updated, clock, rematch_offer, rematch_game, waiting, rated, "
          "tags) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
          v);
      if (!r.ok()) return Error{r.error("inserting game " + g.id)};
      if (auto e = notify(c, g.id, 0); !e) return e;
      if (auto e = insert_moves(c, g, 0); !e) return e;
      return pg_set_engine_job(c, g, 0);
    }));
  }

  Result<Saved> save(const GameRecord& g, size_t unchanged) override {
    Lease c(*this);
    bool conflict = false;
    Result<void> done = pg_transaction(c, [&]() -> Result<void> {
      std::vector<std::string> v = header_values(g);
      v.push_back(g.id);
      v.push_back(std::to_string(g.store_version));
      PgResult r =
          pg_exec(c,
                  "UPDATE games SET game = $1, options = $2, setup = $3, start_fen = $4, casual = $5, seats = $6, "
                  "result = $7, reason = $8, draw_offer = $9, impasse_claim = $10, takeback_request = $11, "
                  "created = $12, updated = $13, clock = $14, rematch_offer = $15, rematch_game = $16, "
                  "waiting = $17, rated = $18, version = version + 1 WHERE id = $19 AND version = $20",
                  v);
      if (!r.ok()) return Error{r.error("updating game " + g.id)};
      if (r.affected() != 1) {
        conflict = true;
        return Error{"the game changed on another server"};  // rolled back
      }
      if (auto e = notify(c, g.id, g.store_version + 1); !e) return e;
      if (auto e = rate(c, g); !e) return e;
      PgResult d = pg_exec(c, "DELETE FROM moves WHERE game_id = $1 AND ply >= $2", {g.id, std::to_string(unchanged)});
      if (!d.ok()) return Error{d.error("deleting moves of game " + g.id)};
      if (auto e = insert_moves(c, g, unchanged); !e) return e;
      return pg_set_engine_job(c, g, g.store_version + 1);
    });
    if (conflict) return Saved::CONFLICT;  // no failure of the store: health stays as it was
    if (!wrote(done)) return Error{done.error()};
    return Saved::DONE;
  }

  Result<std::optional<GameRecord>> load(const std::string& id) override {
    Lease c(*this);
    PgResult q = pg_exec(c, std::string("SELECT ") + HEADER_COLUMNS + " FROM games WHERE id = $1", {id});
    if (!q.ok()) return Error{q.error("reading game " + id)};
    if (q.rows() == 0) return std::optional<GameRecord>{};
    GameRecord g;
    auto row = q.row(0);
    if (auto read = read_header(row, g); !read) return Error{read.error()};
    PgResult m = pg_exec(c, "SELECT ply, move FROM moves WHERE game_id = $1 ORDER BY ply", {id});
    if (!m.ok()) return Error{m.error("reading the moves of game " + id)};
    for (int i = 0; i < m.rows(); ++i) {
      if (m.row(i).integer(0) != i)
        return Error{"database: game " + id + ": move " + std::to_string(i + 1) + " is missing"};
      g.moves.push_back(m.row(i).text(1));
    }
    return std::optional<GameRecord>{std::move(g)};
  }

  Result<std::vector<GameSummary>> list(Listing which, int limit) override {
    Lease c(*this);
    static const char* const WHERE[] = {"WHERE $2::bigint IS NOT NULL",
                                        "WHERE result = '' AND waiting = 1 AND $2::bigint IS NOT NULL",
                                        "WHERE result = '' AND waiting = 0 AND updated > $2",
                                        "WHERE result <> '' AND result <> '*' AND $2::bigint IS NOT NULL"};
    PgResult q = pg_exec(c,
                         std::string("SELECT ") + HEADER_COLUMNS +
                             ", (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) FROM games " +
                             WHERE[int(which)] + " ORDER BY updated DESC LIMIT $1",
                         {std::to_string(limit), std::to_string(now_ms() - 3600 * 1000)});
    if (!q.ok()) return Error{q.error("listing games")};
    std::vector<GameSummary> out;
    for (int i = 0; i < q.rows(); ++i) {
      GameSummary s;
      auto row = q.row(i);
      if (auto read = read_header(row, s.header); !read) return Error{read.error()};
      s.plies = int(row.integer(HEADER_COUNT));
      out.push_back(std::move(s));
    }
    return out;
  }

  Result<std::vector<GameSummary>> player_games(int64_t account, const std::string& game, const std::string& result,
                                                int offset, int limit) override {
    auto sql =
        player_games_sql("((seats::jsonb)->0->>'account')::bigint", "((seats::jsonb)->1->>'account')::bigint", result);
    if (!sql) return Error{sql.error()};
    Lease c(*this);
    return summaries_of(sql_on(c)(*sql, {account, game, int64_t(limit), int64_t(offset)}), "listing a player's games");
  }

  Result<std::vector<GameSummary>> unfinished_games() override {
    Lease c(*this);
    return summaries_of(sql_on(c)(unfinished_games_sql(), {}), "listing unfinished games");
  }

  Result<int64_t> forgive_clocks(int64_t by_ms) override {
    Lease c(*this);
    auto r = sql_on(c)(
        "UPDATE games SET clock = jsonb_set(clock::jsonb, '{since}', to_jsonb((clock::jsonb->>'since')::bigint + "
        "$1::bigint))::text, version = version + 1 WHERE result = '' AND clock <> '' AND "
        "(clock::jsonb->>'running')::int >= 0",
        {by_ms});
    if (!r) return Error{r.error() + " (forgiving the clocks the time the server was down)"};
    return r->affected;
  }

  Result<std::vector<GameRecord>> unfinished_of(int64_t account, int limit) override {
    Lease c(*this);
    // The seats' JSON names the account (rows.h); the match is checked on the seats read.
    PgResult q = pg_exec(c,
                         std::string("SELECT ") + HEADER_COLUMNS +
                             " FROM games WHERE result = '' AND seats LIKE $1 ORDER BY updated DESC",
                         {account_seat_pattern(account)});
    if (!q.ok()) return Error{q.error("listing the games of an account")};
    std::vector<GameRecord> out;
    for (int i = 0; i < q.rows() && int(out.size()) < limit; ++i) {
      GameRecord g;
      auto row = q.row(i);
      if (auto read = read_header(row, g); !read) return Error{read.error()};
      if (g.seats[0].account == account || g.seats[1].account == account) out.push_back(std::move(g));
    }
    return out;
  }

  Result<std::optional<KeptAnswer>> claim_request_key(const std::string& key, const std::string& fingerprint,
                                                      int64_t kept_ms, int64_t stale_ms) override {
    Lease c(*this);
    std::optional<KeptAnswer> kept;
    Result<void> done = pg_transaction(c, [&]() -> Result<void> {
      PgResult old = pg_exec(c,
                             "DELETE FROM request_keys WHERE created < " KIRIN_PG_NOW_MS
                             " - $1 OR (key = $2 AND answered = 0 AND created < " KIRIN_PG_NOW_MS " - $3)",
                             {std::to_string(kept_ms), key, std::to_string(stale_ms)});
      if (!old.ok()) return Error{old.error("forgetting old request keys")};
      PgResult mine = pg_exec(c,
                              "INSERT INTO request_keys (key, fingerprint, created) VALUES ($1, $2, " KIRIN_PG_NOW_MS
                              ") ON CONFLICT (key) DO NOTHING RETURNING key",
                              {key, fingerprint});
      if (!mine.ok()) return Error{mine.error("claiming a request key")};
      if (mine.rows() == 1) return {};
      PgResult q = pg_exec(c, "SELECT fingerprint, answered, answer FROM request_keys WHERE key = $1", {key});
      if (!q.ok() || q.rows() != 1) return Error{q.error("reading a request key")};
      kept = KeptAnswer{q.row(0).text(0), q.row(0).integer(1) != 0, q.row(0).text(2)};
      return {};
    });
    if (!done) return Error{wrote(std::move(done)).error()};
    return kept;
  }

  Result<void> answer_request_key(const std::string& key, const std::string& answer) override {
    Lease c(*this);
    PgResult q = pg_exec(c, "UPDATE request_keys SET answered = 1, answer = $2 WHERE key = $1", {key, answer});
    return wrote(q.done("keeping a request key's answer"));
  }

  Result<void> forget_request_key(const std::string& key) override {
    Lease c(*this);
    PgResult q = pg_exec(c, "DELETE FROM request_keys WHERE key = $1", {key});
    return wrote(q.done("forgetting a request key"));
  }

  // The engine jobs' statements are pg_engine_jobs.cpp's; here each call leases a connection.
  Result<std::optional<EngineJob>> claim_engine_job(const std::string& worker, int64_t lease_ms) override {
    Lease c(*this);
    return pg_claim_engine_job(c, worker, lease_ms);
  }

  Result<void> renew_engine_jobs(const std::string& worker, const std::vector<std::string>& game_ids,
                                 int64_t lease_ms) override {
    Lease c(*this);
    return pg_renew_engine_jobs(c, worker, game_ids, lease_ms);
  }

  Result<void> release_engine_job(const EngineJob& job, const std::string& worker) override {
    Lease c(*this);
    return pg_release_engine_job(c, job, worker);
  }

  Result<void> ensure_engine_job(const GameRecord& g) override {
    if (!g.kirin_turn) return {};
    Lease c(*this);
    return pg_ensure_engine_job(c, g);
  }

  void on_engine_job(std::function<void()> ready) override { listener_.on_job(std::move(ready)); }

  // The queue of analyses is pg_game_analyses.cpp's; here each call leases a connection.
  Result<GameAnalysisRequest> request_game_analysis(const std::string& id, int total, int queue_limit) override {
    Lease c(*this);
    auto r = pg_request_game_analysis(c, id, total, queue_limit);
    wrote(r ? Result<void>() : Error{r.error()});
    return r;
  }

  Result<std::optional<GameAnalysisRecord>> load_game_analysis(const std::string& id) override {
    Lease c(*this);
    return pg_load_game_analysis(c, id);
  }

  Result<std::optional<GameAnalysisRecord>> claim_game_analysis(const std::string& worker, int64_t lease_ms) override {
    Lease c(*this);
    return pg_claim_game_analysis(c, worker, lease_ms);
  }

  Result<bool> hold_game_analysis(const std::string& id, const std::string& worker, int done,
                                  int64_t lease_ms) override {
    Lease c(*this);
    return pg_hold_game_analysis(c, id, worker, done, lease_ms);
  }

  Result<bool> finish_game_analysis(const std::string& id, const std::string& worker,
                                    const std::string& result) override {
    Lease c(*this);
    auto r = pg_finish_game_analysis(c, id, worker, result);
    wrote(r ? Result<void>() : Error{r.error()});
    return r;
  }

  Result<void> drop_game_analysis(const std::string& id, const std::string& worker) override {
    Lease c(*this);
    return pg_drop_game_analysis(c, id, worker);
  }

  void on_game_analysis(std::function<void(const std::string&)> changed) override {
    listener_.on_analysis(std::move(changed));
  }

  void on_chat(std::function<void(const std::string&, int64_t)> heard) override { listener_.on_chat(std::move(heard)); }

  Result<void> announce_challenges(int64_t account) override {
    Lease c(*this);
    return pg_exec(c, "SELECT pg_notify('kirin_challenges', $1)", {std::to_string(account)})
        .done("announcing the challenges to an account");
  }

  void on_challenges(std::function<void(int64_t)> heard) override { listener_.on_challenges(std::move(heard)); }

  StoreHealth health() override {
    Lease c(*this);
    StoreHealth h{"postgresql", true, last_write_error()};
    PgResult q = pg_exec(c, "SELECT COUNT(*) FROM schema_version", {});
    if (!q.ok()) h.error = q.error("health check read");
    h.ok = h.error.empty();
    return h;
  }

  // Schema and version (pg_schema.cpp).
  Result<void> open_checks() {
    Lease c(*this);
    return pg_migrate(c);
  }

 private:
  // Sent when the transaction commits: "id:version".
  Result<void> notify(PGconn* c, const std::string& id, int64_t version) {
    PgResult n = pg_exec(c, "SELECT pg_notify('kirin_games', $1)", {id + ":" + std::to_string(version)});
    return n.done("announcing game " + id);
  }

  Result<void> insert_moves(PGconn* c, const GameRecord& g, size_t from) {
    for (size_t i = from; i < g.moves.size(); ++i) {
      PgResult r = pg_exec(c, "INSERT INTO moves (game_id, ply, move) VALUES ($1, $2, $3)",
                           {g.id, std::to_string(i), g.moves[i]});
      if (!r.ok()) return Error{r.error("inserting move " + std::to_string(i + 1) + " of game " + g.id)};
    }
    return {};
  }

  // Inside save's transaction, after the game row (locked now) was written: an ended rated game
  // rated once, its seats with the players' ratings and their change.
  Result<void> rate(PGconn* c, const GameRecord& g) {
    if (!g.rated || !g.over()) return {};
    GameRecord rated = g;
    if (auto e = rate_game(sql_on(c), rated, now_ms(), true); !e) return e;
    const std::string seats = seats_json(rated).dump();
    if (seats == seats_json(g).dump()) return {};
    return pg_exec(c, "UPDATE games SET seats = $1 WHERE id = $2", {seats, g.id}).done("rating game " + g.id);
  }

  // Sql (sql.h) on connection `c`.
  Sql sql_on(PGconn* c) {
    return [this, c](const std::string& sql, const std::vector<SqlParam>& params) -> Result<SqlRows> {
      std::vector<std::string> texts;
      for (const auto& p : params) texts.push_back(sql_param_text(p));
      PgResult r = pg_exec(c, sql, texts);
      if (!r.ok()) return Error{r.error("ratings")};
      SqlRows out;
      out.affected = r.affected();
      for (int i = 0; i < r.rows(); ++i) {
        std::vector<std::string> row;
        for (int col = 0; col < r.columns(); ++col) row.push_back(r.row(i).text(col));
        out.rows.push_back(std::move(row));
      }
      return out;
    };
  }

  // Sql (sql.h) on a connection of the pool; a statement that writes (not a SELECT) is noted for
  // health() as the store's own writes are.
  Sql noted_sql() {
    return [this](const std::string& sql, const std::vector<SqlParam>& params) {
      Lease c(*this);
      Result<SqlRows> r = sql_on(c)(sql, params);
      if (!sql.starts_with("SELECT")) wrote(r ? Result<void>() : Result<void>(Error{r.error()}));
      return r;
    };
  }

  // Remembers how the last write went, for health().
  Result<void> wrote(Result<void> done) {
    std::lock_guard lock(error_mu_);
    last_write_error_ = error_of(done);
    return done;
  }
  std::string last_write_error() {
    std::lock_guard lock(error_mu_);
    return last_write_error_;
  }

  // A connection of the pool for one call (a transaction never spans two).
  class Lease {
   public:
    explicit Lease(PgStore& store) : store_(store) {
      std::unique_lock lock(store_.pool_mu_);
      store_.pool_cv_.wait(lock, [&] { return !store_.free_.empty(); });
      c_ = store_.free_.back();
      store_.free_.pop_back();
    }
    ~Lease() {
      {
        std::lock_guard lock(store_.pool_mu_);
        store_.free_.push_back(c_);
      }
      store_.pool_cv_.notify_one();
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    operator PGconn*() const { return c_; }

   private:
    PgStore& store_;
    PGconn* c_ = nullptr;
  };

  // Several connections, so that one server's saves commit side by side (PostgreSQL groups
  // their WAL flushes) instead of queueing behind one connection.
  const std::vector<PGconn*> conns_;
  std::mutex pool_mu_;
  std::condition_variable pool_cv_;
  std::vector<PGconn*> free_;  // with pool_mu_ held
  std::mutex error_mu_;
  std::string last_write_error_;  // with error_mu_ held
  PgListener listener_;
  const std::unique_ptr<AccountStore> accounts_;  // on the pool's connections
  const Ratings ratings_;                         // on the pool's connections
  const std::unique_ptr<ChatStore> chat_;         // on the pool's connections
  const MetaStore meta_;                          // on the pool's connections
  const ProblemStore problems_;                   // on the pool's connections
};

}  // namespace

Result<std::unique_ptr<GameStore>> open_postgres_store(const std::string& uri, int connections) {
  std::vector<PGconn*> conns;
  for (int i = 0; i < std::max(connections, 1); ++i) {
    PGconn* conn = PQconnectdb(uri.c_str());
    if (PQstatus(conn) != CONNECTION_OK) {
      std::string e = conn ? PQerrorMessage(conn) : "out of memory";
      while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
      PQfinish(conn);
      for (PGconn* c : conns) PQfinish(c);
      return Error{"cannot connect to the database: " + e};
    }
    // The server's log says what matters; PostgreSQL's notices ("already exists, skipping") do not.
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    conns.push_back(conn);
  }
  auto store = std::make_unique<PgStore>(std::move(conns), uri);
  if (auto checked = store->open_checks(); !checked) return Error{"cannot use the database: " + checked.error()};
  return std::unique_ptr<GameStore>(std::move(store));
}

Result<std::unique_ptr<GameStore>> open_store(const std::string& db, int connections) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) return open_postgres_store(db, connections);
  return open_sqlite_store(db);
}

}  // namespace kirin::server
