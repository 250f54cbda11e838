// /api/tournaments: events listed, made, joined, left, started early, shown (once or as an event
// stream) and reported (a Swiss's TRF).
#include "core/unix_time.h"
#include "server/api/api.h"
#include "server/api/responses.h"
#include "server/play/clock.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

// The body of POST /api/tournaments (docs/api.md), or what is wrong with it.
Result<NewTournament> parse_new_tournament(const json& b) {
  NewTournament t;
  t.kind = field_or(b, "kind", "");
  if (t.kind.empty()) return Error{"missing field 'kind' (arena, swiss or round-robin)"};
  t.game.game = field_or(b, "game", "");
  if (t.game.game.empty()) return Error{"missing field 'game' (chushogi, chuseireigi or xiangqi)"};
  t.game.options = string_list(b, "rules");
  t.game.fen = field_or(b, "position", "");
  t.game.rated = field_or(b, "rated", false);
  auto clock = parse_clock_spec(b, t.game.game != "xiangqi");
  if (!clock) return Error{clock.error()};
  t.game.clock = *clock;
  t.name = field_or(b, "name", "");
  if (t.name.size() > 60) return Error{"name must be at most 60 bytes"};
  for (unsigned char c : t.name)
    if (c < 0x20 || c == 0x7f) return Error{"name must not hold control characters"};
  if (t.kind == "arena") t.rounds = field_or(b, "minutes", 0);
  if (t.kind == "swiss") t.rounds = field_or(b, "rounds", 0);
  if (t.kind == "round-robin") t.rounds = field_or(b, "double", false) ? 2 : 1;
  t.max_players = field_or(b, "max_players", t.kind == "round-robin" ? 8 : 100);
  // A correspondence round robin is played all at once by a deadline: 30 days unless given.
  // By correspondence: a round robin's deadline for all its games; a Swiss's for each round's.
  const bool by_post = t.kind != "arena" && t.game.clock.days_per_move > 0;
  t.deadline_days = field_or(b, "deadline_days", by_post ? (t.kind == "swiss" ? 14 : 30) : 0);
  t.starts_at = field_or(b, "starts_at", now_ms());
  if (t.name.empty()) t.name = t.game.game + " " + t.kind;
  return t;
}

}  // namespace

std::optional<http::Response> Api::tournament_caller(Call& c, Caller& who) {
  if (c.params.size() > 0 && !is_game_id(c.param(0)))
    return refusal_response(Refusal::NO_TOURNAMENT, {{"id", c.param(0).substr(0, 64)}});
  auto caller = caller_of(c.req, json::object());
  if (!caller) return json_response(env_.accounts().failed("reading a session", caller.error()));
  who = std::move(*caller);
  who.address = c.client;
  if (c.post() && !who.account) return refusal_response(Refusal::LOG_IN_FIRST);
  return std::nullopt;
}

http::RouteResult Api::tournaments(Call& c) {
  if (!c.post()) return offload(c.client, [this] { return json_response(env_.tournaments().list()); });
  auto spec = parse_new_tournament(c.body);
  if (!spec) return error_response(400, spec.error());
  Caller who;
  if (auto refused = tournament_caller(c, who)) return std::move(*refused);
  // Events are made as rarely as games are (issue 45): the same limit, counted apart.
  const std::string key = "tournaments of account " + std::to_string(who.account);
  if (!new_games_.allow(key)) {
    return refusal_response(Refusal::TOO_MANY_TOURNAMENTS, {{"seconds", new_games_.retry_after(key)}});
  }
  return offload(c.client,
                 [this, spec = std::move(*spec), who] { return json_response(env_.tournaments().create(spec, who)); });
}

http::RouteResult Api::tournament(Call& c) {
  Caller who;
  if (auto refused = tournament_caller(c, who)) return std::move(*refused);
  const std::string id = c.param(0);
  const std::string verb(c.params.size() > 0 && c.last() != id ? c.last() : "");
  return offload(c.client, [this, id, verb, who] {
    Tournaments& t = env_.tournaments();
    if (verb == "join") return json_response(t.join(id, who));
    if (verb == "withdraw") return json_response(t.withdraw(id, who));
    if (verb == "start") return json_response(t.start(id, who));
    if (verb == "berserk") return json_response(t.berserk(id, who));
    if (verb == "trf") {
      Reply r = t.trf(id);
      if (r.refused()) return json_response(r);
      return file_response("text/plain; charset=utf-8", r.body.value("text", ""), "tournament-" + id + ".trf");
    }
    return json_response(t.get(id));
  });
}

// The caller's events, for the notice of a game begun on every page (whatever device joined them).
http::RouteResult Api::account_tournaments(Call& c) {
  Caller who;
  if (auto refused = tournament_caller(c, who)) return std::move(*refused);
  return offload(c.client, [this, who] { return json_response(env_.tournaments().playing(who)); });
}

http::RouteResult Api::tournament_events(Call& c) {
  Caller who;
  if (auto refused = tournament_caller(c, who)) return std::move(*refused);
  const std::string id = c.param(0);
  return stream(
      "tournament", "tournament:" + id,
      [this, id](http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
        Unwatch unwatch;
        Reply r = env_.tournaments().watch(
            id, [sink](auto data) { sink(std::move(data), nullptr); }, unwatch);
        if (r.refused()) return json_response(r);
        return std::function<void()>(unwatch);
      },
      c.client);
}

}  // namespace kirin::server
