#include "server/store/tournament_store.h"

#include <cstdlib>

namespace kirin::server {

const char* const TOURNAMENT_TABLES = R"sql(
CREATE TABLE IF NOT EXISTS tournaments (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  game_spec TEXT NOT NULL,
  game TEXT NOT NULL,
  rated INTEGER NOT NULL,
  rounds INTEGER NOT NULL,
  max_players INTEGER NOT NULL,
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL DEFAULT 0,
  creator BIGINT NOT NULL,
  status TEXT NOT NULL,
  round INTEGER NOT NULL DEFAULT 0,
  created BIGINT NOT NULL,
  director TEXT NOT NULL DEFAULT '',
  lease_until BIGINT NOT NULL DEFAULT 0,
  deadline_days INTEGER NOT NULL DEFAULT 0,
  creator_name TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments(status, starts_at);
CREATE TABLE IF NOT EXISTS tournament_players (
  tournament_id TEXT NOT NULL,
  account BIGINT NOT NULL,
  name TEXT NOT NULL,
  rating INTEGER NOT NULL,
  joined BIGINT NOT NULL,
  withdrawn INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament_id, account)
);
CREATE TABLE IF NOT EXISTS tournament_pairings (
  tournament_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,
  game_id TEXT NOT NULL,
  first_player BIGINT NOT NULL,
  second_player BIGINT NOT NULL,
  result TEXT NOT NULL DEFAULT '',
  plies INTEGER NOT NULL DEFAULT 0,
  berserk INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX IF NOT EXISTS tournament_pairings_game ON tournament_pairings(game_id);
CREATE INDEX IF NOT EXISTS tournament_players_account ON tournament_players(account);
)sql";

namespace {

constexpr const char* COLUMNS =
    "id, kind, name, game_spec, game, rated, rounds, max_players, starts_at, ends_at, creator, status, round, created, "
    "deadline_days, creator_name";

int64_t integer(const std::string& text) { return std::atoll(text.c_str()); }

TournamentRecord record_of(const std::vector<std::string>& r) {
  TournamentRecord t{r[0], r[1], r[2], r[3], r[4], r[5] != "0"};
  t.rounds = int(integer(r[6]));
  t.max_players = int(integer(r[7]));
  t.starts_at = integer(r[8]);
  t.ends_at = integer(r[9]);
  t.creator = integer(r[10]);
  t.status = r[11];
  t.round = int(integer(r[12]));
  t.created = integer(r[13]);
  t.deadline_days = int(integer(r[14]));
  t.creator_name = r[15];
  return t;
}

Result<void> done(const Result<SqlRows>& r, const std::string& what) {
  if (!r) return Error{sql_error(what, r.error())};
  return {};
}

Result<std::vector<TournamentRecord>> records_of(const Result<SqlRows>& q, const std::string& what) {
  if (!q) return Error{sql_error(what, q.error())};
  std::vector<TournamentRecord> out;
  for (const auto& r : q->rows) out.push_back(record_of(r));
  return out;
}

}  // namespace

Result<void> TournamentStore::create(const TournamentRecord& t) {
  return done(db_.run(std::string("INSERT INTO tournaments (") + COLUMNS +
                          ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
                      {t.id, t.kind, t.name, t.game_spec, t.game, int64_t(t.rated), int64_t(t.rounds),
                       int64_t(t.max_players), t.starts_at, t.ends_at, t.creator, t.status, int64_t(t.round), t.created,
                       int64_t(t.deadline_days), t.creator_name}),
              "creating tournament " + t.id);
}

Result<std::optional<TournamentRecord>> TournamentStore::load(const std::string& id) {
  auto r = records_of(db_.run(std::string("SELECT ") + COLUMNS + " FROM tournaments WHERE id = $1", {id}),
                      "reading tournament " + id);
  if (!r) return Error{r.error()};
  if (r->empty()) return std::optional<TournamentRecord>{};
  return std::optional<TournamentRecord>{r->front()};
}

Result<std::vector<TournamentRecord>> TournamentStore::list(const std::string& status, int limit) {
  const char* order = status == "created" ? "starts_at, id" : "starts_at DESC, id";
  return records_of(
      db_.run(std::string("SELECT ") + COLUMNS + " FROM tournaments WHERE status = $1 ORDER BY " + order + " LIMIT $2",
              {status, int64_t(limit)}),
      "listing tournaments");
}

Result<std::vector<TournamentRecord>> TournamentStore::playing(int64_t account) {
  return records_of(db_.run(std::string("SELECT ") + COLUMNS +
                                " FROM tournaments WHERE status <> 'finished' AND id IN (SELECT tournament_id FROM "
                                "tournament_players WHERE account = $1 AND withdrawn = 0) ORDER BY starts_at, id",
                            {account}),
                    "listing an account's tournaments");
}

Result<std::vector<std::string>> TournamentStore::due(int64_t now) {
  auto q =
      db_.run("SELECT id FROM tournaments WHERE status = 'started' OR (status = 'created' AND starts_at <= $1)", {now});
  if (!q) return Error{sql_error("listing the tournaments to direct", q.error())};
  std::vector<std::string> out;
  for (const auto& r : q->rows) out.push_back(r[0]);
  return out;
}

Result<TournamentStore::Joined> TournamentStore::join(const std::string& id, const TournamentPlayer& p,
                                                      int64_t& full_at) {
  Joined joined = Joined::JOINED;
  auto d = db_.transaction([&](const Sql& sql) -> Result<void> {
    // The count and the insert under one lock, so that players joining at once keep the bound.
    if (const std::string lock = db_.dialect().lock_table("tournament_players"); !lock.empty())
      if (auto l = sql(lock, {}); !l) return Error{sql_error("locking the tournament's players", l.error())};
    auto t = sql("SELECT status, max_players, kind FROM tournaments WHERE id = $1", {id});
    if (!t) return Error{sql_error("reading tournament " + id, t.error())};
    if (t->rows.empty()) {
      joined = Joined::NO_SUCH;
      return {};
    }
    const std::string status = t->rows[0][0], kind = t->rows[0][2];
    // An arena and a Swiss take late players (lichess's do); a round robin's table is fixed.
    if (status == "finished" || (status == "started" && kind == "round-robin")) {
      joined = status == "finished" ? Joined::OVER : Joined::UNDER_WAY;
      return {};
    }
    auto n = sql("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1 AND withdrawn = 0 AND account <> $2",
                 {id, p.account});
    if (!n) return Error{sql_error("counting the tournament's players", n.error())};
    if (integer(n->rows.at(0).at(0)) >= integer(t->rows[0][1])) {
      joined = Joined::FULL;
      full_at = integer(t->rows[0][1]);
      return {};
    }
    auto a =
        sql("INSERT INTO tournament_players (tournament_id, account, name, rating, joined) VALUES ($1, $2, $3, $4, $5) "
            "ON CONFLICT (tournament_id, account) DO UPDATE SET withdrawn = 0",
            {id, p.account, p.name, int64_t(p.rating), p.joined});
    if (auto e = done(a, "joining tournament " + id); !e) return e;
    joined = Joined::JOINED;
    return db_.notify(sql, "kirin_tournaments", id);
  });
  if (!d) return Error{d.error()};
  return joined;
}

Result<void> TournamentStore::withdraw(const std::string& id, int64_t account) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    if (auto e = done(
            sql("UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 AND account = $2", {id, account}),
            "withdrawing from tournament " + id);
        !e)
      return e;
    return db_.notify(sql, "kirin_tournaments", id);
  });
}

Result<std::vector<TournamentPlayer>> TournamentStore::players(const std::string& id) {
  auto q = db_.run(
      "SELECT account, name, rating, joined, withdrawn FROM tournament_players WHERE tournament_id = $1 "
      "ORDER BY joined, account",
      {id});
  if (!q) return Error{sql_error("reading the players of tournament " + id, q.error())};
  std::vector<TournamentPlayer> out;
  for (const auto& r : q->rows) out.push_back({integer(r[0]), r[1], int(integer(r[2])), integer(r[3]), r[4] != "0"});
  return out;
}

Result<std::vector<TournamentPairing>> TournamentStore::pairings(const std::string& id) {
  auto q = db_.run(
      "SELECT round, board, game_id, first_player, second_player, result, plies, berserk FROM tournament_pairings "
      "WHERE tournament_id = $1 ORDER BY round, board",
      {id});
  if (!q) return Error{sql_error("reading the pairings of tournament " + id, q.error())};
  std::vector<TournamentPairing> out;
  for (const auto& r : q->rows)
    out.push_back({int(integer(r[0])), int(integer(r[1])), r[2], integer(r[3]), integer(r[4]), r[5], int(integer(r[6])),
                   int(integer(r[7]))});
  return out;
}

Result<bool> TournamentStore::claim_direction(const std::string& id, const std::string& worker, int64_t lease_ms) {
  const std::string now = db_.dialect().now_ms;
  auto q = db_.run("UPDATE tournaments SET director = $2, lease_until = " + now +
                       " + $3 WHERE id = $1 AND (director = $2 OR lease_until < " + now + ")",
                   {id, worker, lease_ms});
  if (!q) return Error{sql_error("directing tournament " + id, q.error())};
  return q->affected == 1;
}

Result<bool> TournamentStore::advance(const TournamentRecord& t, int from_round, const std::string& from_status,
                                      const std::vector<TournamentPairing>& pairings) {
  bool advanced = false;
  auto d = db_.transaction([&](const Sql& sql) -> Result<void> {
    auto u =
        sql("UPDATE tournaments SET round = $2, status = $3, ends_at = $4, starts_at = $7 WHERE id = $1 AND "
            "round = $5 AND status = $6",
            {t.id, int64_t(t.round), t.status, t.ends_at, int64_t(from_round), from_status, t.starts_at});
    if (auto e = done(u, "advancing tournament " + t.id); !e) return e;
    if (u->affected != 1) return {};  // another director did it first
    for (const TournamentPairing& p : pairings)
      if (auto e = done(sql("INSERT INTO tournament_pairings (tournament_id, round, board, game_id, first_player, "
                            "second_player, result) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                            {t.id, int64_t(p.round), int64_t(p.board), p.game_id, p.first, p.second, p.result}),
                        "pairing tournament " + t.id);
          !e)
        return e;
    advanced = true;
    return db_.notify(sql, "kirin_tournaments", t.id);
  });
  if (!d) return Error{d.error()};
  return advanced;
}

Result<void> TournamentStore::berserk(const std::string& id, const std::string& game_id, int color) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    if (auto e =
            done(sql("UPDATE tournament_pairings SET berserk = berserk | $3 WHERE tournament_id = $1 AND game_id = $2",
                     {id, game_id, int64_t(1 << color)}),
                 "berserking in tournament " + id);
        !e)
      return e;
    return db_.notify(sql, "kirin_tournaments", id);
  });
}

Result<void> TournamentStore::record_result(const std::string& id, const std::string& game_id,
                                            const std::string& result, int plies) {
  return db_.transaction([&](const Sql& sql) -> Result<void> {
    auto u =
        sql("UPDATE tournament_pairings SET result = $3, plies = $4 WHERE tournament_id = $1 AND game_id = $2 AND "
            "result = ''",
            {id, game_id, result, int64_t(plies)});
    if (auto e = done(u, "recording a result of tournament " + id); !e) return e;
    return u->affected == 1 ? db_.notify(sql, "kirin_tournaments", id) : Result<void>();
  });
}

}  // namespace kirin::server
