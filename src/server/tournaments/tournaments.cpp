#include "server/tournaments/tournaments.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <nlohmann/json.hpp>

#include "core/unix_time.h"
#include "server/rating/ratings.h"
#include "server/rating/speed.h"
#include "server/refusals.h"
#include "server/security/token.h"
#include "server/tournaments/trf.h"

namespace kirin::server {

using nlohmann::json;

namespace {

const char* const KINDS[] = {"arena", "swiss", "round-robin"};

// The limits of each kind, or what is wrong.
Result<void> check(const NewTournament& t) {
  if (std::find(std::begin(KINDS), std::end(KINDS), t.kind) == std::end(KINDS))
    return Error{"kind must be arena, swiss or round-robin"};
  if (t.kind == "swiss" && (t.rounds < 1 || t.rounds > MAX_SWISS_ROUNDS))
    return Error{"rounds must be 1.." + std::to_string(MAX_SWISS_ROUNDS)};
  if (t.kind == "arena" && (t.rounds < MIN_ARENA_MINUTES || t.rounds > MAX_ARENA_MINUTES))
    return Error{"minutes must be " + std::to_string(MIN_ARENA_MINUTES) + ".." + std::to_string(MAX_ARENA_MINUTES)};
  if (t.kind == "arena" && t.game.clock.days_per_move > 0)
    return Error{"an arena is played with a clock, not days per move"};
  if (t.kind == "round-robin" && t.rounds != 1 && t.rounds != 2) return Error{"a round robin is single or double"};
  const bool by_post = t.kind != "arena" && t.game.clock.days_per_move > 0;
  if (!by_post && t.deadline_days) return Error{"deadline_days is for a Swiss or round robin played in days per move"};
  if (by_post && (t.deadline_days < 1 || t.deadline_days > MAX_DEADLINE_DAYS))
    return Error{"deadline_days must be 1.." + std::to_string(MAX_DEADLINE_DAYS)};
  const int most = t.kind == "round-robin" ? MAX_ROUND_ROBIN_PLAYERS : MAX_TOURNAMENT_PLAYERS;
  if (t.max_players < 2 || t.max_players > most) return Error{"max_players must be 2.." + std::to_string(most)};
  if (!t.game.clock.timed()) return Error{"a tournament needs a clock (or days per move)"};
  if (t.game.rated && !speed_of(t.game.clock)) return Error{"a rated tournament needs a clock that has a speed"};
  if (t.game.rated && !t.game.fen.empty()) return Error{"a rated tournament starts from the standard position"};
  return {};
}

// A TRF's date: YYYY/MM/DD, UTC.
std::string trf_date(int64_t unix_ms) {
  const std::time_t t = std::time_t(unix_ms / 1000);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y/%m/%d", &utc);
  return buf;
}

json pairing_json(const TournamentPairing& p, const std::vector<TournamentPlayer>& players) {
  auto name_of = [&](int64_t account) -> json {
    for (const TournamentPlayer& q : players)
      if (q.account == account) return q.name;
    return nullptr;
  };
  return {{"round", p.round},
          {"board", p.board},
          {"game", p.game_id.empty() ? json(nullptr) : json(p.game_id)},
          {"first", name_of(p.first)},
          {"second", p.second ? name_of(p.second) : json(nullptr)},
          {"result", p.result},
          {"berserk", {{"first", (p.berserk & 1) != 0}, {"second", (p.berserk & 2) != 0}}}};
}

json summary_json(const TournamentRecord& t) {
  json spec = json::parse(t.game_spec, nullptr, false);
  return {{"id", t.id},
          {"kind", t.kind},
          {"name", t.name},
          {"game", t.game},
          {"rules", spec.is_object() ? spec.value("options", json::array()) : json::array()},
          {"clock", spec.is_object() ? spec.value("clock", json(nullptr)) : json(nullptr)},
          {"position", spec.is_object() ? spec.value("fen", "") : ""},
          {"rated", t.rated},
          {t.kind == "arena"   ? "minutes"
           : t.kind == "swiss" ? "rounds"
                               : "double",
           t.kind == "round-robin" ? json(t.rounds == 2) : json(t.rounds)},
          {"max_players", t.max_players},
          {"starts_at", t.starts_at},
          {"ends_at", t.ends_at ? json(t.ends_at) : json(nullptr)},
          {"status", t.status},
          {"round", t.round},
          {"creator", t.creator_name},
          {"deadline_days", t.deadline_days ? json(t.deadline_days) : json(nullptr)}};
}

}  // namespace

Reply Tournaments::create(const NewTournament& t, const Caller& who) {
  if (!who.account) return refuse(Refusal::LOG_IN_FIRST);
  const int64_t now = now_ms();
  if (auto ok = check(t); !ok) return refusal(Reply::BAD_REQUEST, ok.error());
  if (t.starts_at < now - 60 * 1000) return refuse(Refusal::START_IN_PAST);
  if (t.starts_at > now + MAX_TOURNAMENT_NOTICE_MS) return refuse(Refusal::START_TOO_LATE);
  TournamentRecord r;
  r.id = random_hex(5);
  r.kind = t.kind;
  r.name = t.name;
  r.game = t.game.game;
  const ClockSpec& c = t.game.clock;
  const json clock = {{"initial_ms", c.initial_ms},
                      {"increment_ms", c.increment_ms},
                      {"byoyomi_ms", c.byoyomi_ms},
                      {"days_per_move", c.days_per_move}};
  r.game_spec = json{{"game", t.game.game}, {"options", t.game.options}, {"fen", t.game.fen}, {"clock", clock}}.dump();
  r.rated = t.game.rated;
  r.rounds = t.rounds;
  r.max_players = t.max_players;
  r.starts_at = t.starts_at;
  r.creator = who.account;
  r.creator_name = who.name;
  r.status = "created";
  r.created = now;
  r.deadline_days = t.deadline_days;
  // The rules are checked now, on an empty game, not when the first round is paired.
  if (auto ok = rounds_.check_paired(t.game); !ok) return refusal(Reply::BAD_REQUEST, ok.error());
  if (auto made = store_.tournaments().create(r); !made) return fail_("creating a tournament", made.error());
  return {Reply::MADE, {{"id", r.id}}};
}

Result<NewGame> Tournaments::game_of(const TournamentRecord& t) {
  json spec = json::parse(t.game_spec, nullptr, false);
  if (!spec.is_object()) return Error{"tournament " + t.id + ": its game's rules are damaged"};
  NewGame g;
  if (!spec["game"].is_string() || !spec["fen"].is_string() || !spec["options"].is_array())
    return Error{"tournament " + t.id + ": its game's rules are damaged"};
  g.game = spec["game"].get<std::string>();
  for (const auto& o : spec["options"])
    if (o.is_string()) g.options.push_back(o.get<std::string>());
  g.fen = spec["fen"].get<std::string>();
  try {
    const json clock = spec.at("clock");
    g.clock.initial_ms = clock.value("initial_ms", int64_t(0));
    g.clock.increment_ms = clock.value("increment_ms", int64_t(0));
    g.clock.byoyomi_ms = clock.value("byoyomi_ms", int64_t(0));
    g.clock.days_per_move = clock.value("days_per_move", 0);
  } catch (const json::exception&) {
    return Error{"tournament " + t.id + ": its clock is damaged"};
  }
  g.rated = t.rated;
  g.casual = !t.rated;
  g.vs_kirin = false;
  return g;
}

Reply Tournaments::join(const std::string& id, const Caller& who) {
  if (!who.account) return refuse(Refusal::LOG_IN_FIRST);
  auto t = store_.tournaments().load(id);
  if (!t) return fail_("reading tournament " + id, t.error());
  if (!*t) return refuse(Refusal::NO_TOURNAMENT, {{"id", id}});
  // Seeded by the rating in the event's game and speed now (a newcomer's when none).
  int rating = 1500;
  const auto spec = game_of(**t);
  if (auto speed = speed_of(spec ? spec->clock : ClockSpec{}))
    if (auto r = Ratings(store_).of(who.account, (*t)->game, *speed, now_ms()); r)
      rating = int(std::lround(r->glicko.rating));
  using Joined = TournamentStore::Joined;
  int64_t full_at = 0;
  auto joined = store_.tournaments().join(id, {who.account, who.name, rating, now_ms(), false}, full_at);
  if (!joined) return fail_("joining tournament " + id, joined.error());
  switch (*joined) {
    case Joined::JOINED:
      break;
    case Joined::NO_SUCH:
      return refuse(Refusal::NO_TOURNAMENT, {{"id", id}});
    case Joined::OVER:
      return refuse(Refusal::TOURNAMENT_OVER, {{"id", id}});
    case Joined::UNDER_WAY:
      return refuse(Refusal::ROUND_ROBIN_UNDER_WAY, {{"id", id}});
    case Joined::FULL:
      return refuse(Refusal::TOURNAMENT_FULL, {{"id", id}, {"limit", full_at}});
  }
  changed(id);
  return {Reply::DONE, {{"joined", true}}};
}

Reply Tournaments::withdraw(const std::string& id, const Caller& who) {
  if (!who.account) return refuse(Refusal::LOG_IN_FIRST);
  auto players = store_.tournaments().players(id);
  if (!players) return fail_("reading tournament " + id, players.error());
  const bool in = std::any_of(players->begin(), players->end(),
                              [&](const TournamentPlayer& p) { return p.account == who.account && !p.withdrawn; });
  if (!in) return refuse(Refusal::NOT_IN_TOURNAMENT, {{"id", id}});
  if (auto w = store_.tournaments().withdraw(id, who.account); !w) return fail_("withdrawing", w.error());
  changed(id);
  return {Reply::DONE, {{"withdrawn", true}}};
}

Reply Tournaments::berserk(const std::string& id, const Caller& who) {
  auto t = store_.tournaments().load(id);
  if (!t) return fail_("reading tournament " + id, t.error());
  if (!*t) return refuse(Refusal::NO_TOURNAMENT, {{"id", id}});
  if ((*t)->kind != "arena") return refusal(Reply::BAD_REQUEST, "berserk is an arena's; " + id + " is not one");
  auto pairings = store_.tournaments().pairings(id);
  if (!pairings) return fail_("reading tournament " + id, pairings.error());
  for (const TournamentPairing& p : *pairings) {
    if (!p.result.empty() || p.game_id.empty() || (p.first != who.account && p.second != who.account)) continue;
    Reply done = rounds_.act(p.game_id, who, [](Round& r, Color c) { return r.berserk(c); });
    if (done.refused()) return done;
    if (auto b = store_.tournaments().berserk(id, p.game_id, p.first == who.account ? 0 : 1); !b)
      return fail_("berserking in tournament " + id, b.error());
    changed(id);
    return done;
  }
  return refuse(Refusal::NO_TOURNAMENT_GAME, {{"id", id}});
}

Reply Tournaments::start(const std::string& id, const Caller& who) {
  auto t = store_.tournaments().load(id);
  if (!t) return fail_("reading tournament " + id, t.error());
  if (!*t) return refuse(Refusal::NO_TOURNAMENT, {{"id", id}});
  if (!who.account || (*t)->creator != who.account) return refuse(Refusal::NOT_YOUR_TOURNAMENT, {{"id", id}});
  if ((*t)->status != "created") return refuse(Refusal::TOURNAMENT_STARTED, {{"id", id}});
  auto claimed = store_.tournaments().claim_direction(id, worker_, lease_ms_);
  if (!claimed) return fail_("directing tournament " + id, claimed.error());
  if (!*claimed) return refuse(Refusal::TOURNAMENT_STARTING_ELSEWHERE, {{"id", id}});
  if (auto b = begin(**t, now_ms()); !b) return fail_("starting tournament " + id, b.error());
  changed(id);
  return get(id);
}

Reply Tournaments::list() {
  json out = json::object();
  for (const char* status : {"created", "started", "finished"}) {
    auto l = store_.tournaments().list(status, 50);
    if (!l) return fail_("listing tournaments", l.error());
    json a = json::array();
    for (const TournamentRecord& t : *l) a.push_back(summary_json(t));
    out[status] = a;
  }
  return {Reply::DONE, out};
}

Reply Tournaments::playing(const Caller& who) {
  if (!who.account) return refuse(Refusal::LOG_IN_FIRST);
  auto events = store_.tournaments().playing(who.account);
  if (!events) return fail_("listing the tournaments of account " + std::to_string(who.account), events.error());
  json out = json::array();
  for (const TournamentRecord& t : *events) {
    json e = summary_json(t);
    e["your_game"] = nullptr;
    if (t.status == "started") {
      auto pairings = store_.tournaments().pairings(t.id);
      if (!pairings) return fail_("reading tournament " + t.id, pairings.error());
      for (const TournamentPairing& p : *pairings)
        if (p.result.empty() && !p.game_id.empty() && (p.first == who.account || p.second == who.account))
          e["your_game"] = p.game_id;
    }
    out.push_back(std::move(e));
  }
  return {Reply::DONE, {{"tournaments", out}}};
}

Reply Tournaments::get(const std::string& id) {
  auto t = store_.tournaments().load(id);
  if (!t) return fail_("reading tournament " + id, t.error());
  if (!*t) return refuse(Refusal::NO_TOURNAMENT, {{"id", id}});
  return view(**t);
}

Reply Tournaments::view(const TournamentRecord& t) {
  auto players = store_.tournaments().players(t.id);
  if (!players) return fail_("reading tournament " + t.id, players.error());
  auto pairings = store_.tournaments().pairings(t.id);
  if (!pairings) return fail_("reading tournament " + t.id, pairings.error());
  json body = summary_json(t);
  json table = json::array();
  for (const Standing& s : standings(t, *players, *pairings)) {
    json line = {{"rank", s.rank},     {"name", s.name},   {"rating", s.rating},
                 {"points", s.points}, {"games", s.games}, {"withdrawn", s.withdrawn}};
    if (t.kind == "arena") {
      line["sheet"] = s.sheet;
      line["fire"] = s.on_fire;
    } else {
      line["buchholz"] = s.tie.buchholz;
      line["buchholz_cut1"] = s.tie.buchholz_cut1;
      line["sonneborn_berger"] = s.tie.sonneborn_berger;
    }
    table.push_back(std::move(line));
  }
  body["standings"] = table;
  json boards = json::array();
  for (const TournamentPairing& p : *pairings) boards.push_back(pairing_json(p, *players));
  body["pairings"] = boards;
  return {Reply::DONE, body};
}

Reply Tournaments::trf(const std::string& id) {
  auto t = store_.tournaments().load(id);
  if (!t) return fail_("reading tournament " + id, t.error());
  if (!*t) return refuse(Refusal::NO_TOURNAMENT, {{"id", id}});
  if ((*t)->kind != "swiss") return refusal(Reply::BAD_REQUEST, "a TRF is a Swiss's report; " + id + " is not one");
  auto players = store_.tournaments().players(id);
  auto pairings = store_.tournaments().pairings(id);
  if (!players || !pairings) return fail_("reading tournament " + id, !players ? players.error() : pairings.error());
  const SwissField f = swiss_field(*players, *pairings, (*t)->round);
  const auto table = standings(**t, *players, *pairings);
  TrfEvent e;
  e.name = (*t)->name;
  e.type = "Swiss (Dutch system, score groups), " + (*t)->game;
  e.start = trf_date((*t)->starts_at);
  e.end = (*t)->status == "finished" ? trf_date((*t)->ends_at) : "";
  for (size_t i = 0; i < f.players.size(); ++i) {
    TrfPlayer p;
    p.player = f.players[i];
    for (const Standing& s : table)
      if (s.account == f.accounts[i]) {
        p.name = s.name;
        p.rank = s.rank;
      }
    e.players.push_back(std::move(p));
  }
  auto text = trf_file(e);
  if (!text) return fail_("writing the TRF of tournament " + id, text.error());
  return {Reply::DONE, {{"text", *text}}};
}

Reply Tournaments::watch(const std::string& id, StateSink sink, Unwatch& unwatch) {
  Reply now = get(id);
  if (now.refused()) return now;
  unwatch = watchers_.add(id, sink);
  sink(std::make_shared<const std::string>(now.body.dump()));
  return {};
}

void Tournaments::changed(const std::string& id) {
  if (!watchers_.any(id)) return;
  Reply now = get(id);
  if (now.refused()) return;
  const auto text = std::make_shared<const std::string>(now.body.dump());
  watchers_.tell(id, [&] { return text; });
}

}  // namespace kirin::server
