// /api/games: games made, shown, watched, played (moves, offers, resignations), joined and
// rematched; their records.
#include <algorithm>
#include <charconv>

#include "game/record_encoding.h"
#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"
#include "server/security/invisible_text.h"
#include "server/security/token.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

Result<std::string> decode_base64(std::string_view in) {
  static constexpr std::string_view ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  size_t at = 0;
  for (char c : in) {
    ++at;
    if (c == '=') break;
    if (c == '\n' || c == '\r') continue;
    size_t v = ALPHABET.find(c);
    if (v == std::string_view::npos) return Error{"not base64 at character " + std::to_string(at)};
    acc = (acc << 6) | uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += char((acc >> bits) & 0xFF);
    }
  }
  return out;
}

// A player's display name: optional, 1-30 characters once trimmed, no control characters.
Result<std::string> display_name(const json& b) {
  std::string name = field_or(b, "name", "");
  while (!name.empty() && name.back() == ' ') name.pop_back();
  while (!name.empty() && name.front() == ' ') name.erase(0, 1);
  size_t chars = 0;
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7f) return Error{"name must not hold control characters"};
    if ((c & 0xC0) != 0x80) ++chars;
  }
  if (chars > 30) return Error{"name must be at most 30 characters"};
  if (char32_t c = first_invisible(name))
    return Error{"name must not hold invisible or direction-changing characters (" + code_point_name(c) + ")"};
  return name;
}

Result<NewGame> parse_new_game(const json& b) {
  NewGame g;
  g.game = field_or(b, "game", "");
  if (g.game.empty()) return Error{"missing field 'game' (chushogi, chuseireigi or xiangqi)"};
  g.options = string_list(b, "options");
  g.setup = field_or(b, "setup", "");
  g.fen = field_or(b, "fen", "");
  g.moves = string_list(b, "moves");
  g.record = field_or(b, "record", "");
  // A record file as it was on disk (base64), for the old Chinese encodings a browser would
  // mangle if it read the file as text.
  if (std::string raw = field_or(b, "record_base64", ""); !raw.empty()) {
    if (!g.record.empty()) return Error{"give either record or record_base64, not both"};
    auto bytes = decode_base64(raw);
    if (!bytes) return Error{"record_base64: " + bytes.error()};
    auto text = decode_record_bytes(*bytes);
    if (!text) return Error{"record: " + text.error()};
    g.record = *text;
  }
  g.record_format = field_or(b, "format", "auto");
  g.casual = field_or(b, "casual", true);
  g.rated = field_or(b, "rated", false);
  std::string color = field_or(b, "color", "first");
  if (color != "first" && color != "second" && color != "random")
    return Error{"color must be 'first', 'second' or 'random'"};
  g.creator = color == "first" ? FIRST : color == "second" ? SECOND : Color(random_hex(1)[0] & 1);
  json opp = field_or(b, "opponent", json{{"kind", "kirin"}});
  std::string kind = opp.is_object() ? field_or(opp, "kind", "", "opponent.kind") : "";
  if (kind != "kirin" && kind != "human") return Error{"opponent.kind must be 'kirin' or 'human'"};
  g.vs_kirin = kind == "kirin";
  g.strength = field_or(opp, "strength", 4, "opponent.strength");
  g.open = field_or(opp, "open", false, "opponent.open");
  // A challenge by name: an open challenge whose seat only the named account may take.
  if (opp.contains("name")) {
    if (!opp["name"].is_string() || opp["name"].get<std::string>().empty())
      return Error{"opponent.name must be a player's name"};
    if (g.vs_kirin) return Error{"opponent.name is for a person (kind 'human'), not Kirin"};
    g.named.name = opp["name"].get<std::string>();
    g.open = true;
  }
  auto name = display_name(b);
  if (!name) return Error{name.error()};
  g.name = *name;
  auto clock = parse_clock_spec(b, g.game != "xiangqi");
  if (!clock) return Error{clock.error()};
  g.clock = *clock;
  return g;
}

// A player's action on a game, made from the request body.
using MakeAction = Result<Rounds::Action> (*)(const json&);

Result<Rounds::Action> move_action(const json& b) {
  std::string move = field_or(b, "move", "");
  if (move.empty()) return Error{"missing field 'move'"};
  return Rounds::Action([move](Round& m, Color c) { return m.play(c, move); });
}
Result<Rounds::Action> resign_action(const json&) {
  return Rounds::Action([](Round& m, Color c) { return m.resign(c); });
}
Result<Rounds::Action> impasse_action(const json&) {
  return Rounds::Action([](Round& m, Color c) { return m.impasse(c); });
}
// The pages' words for an offer's steps (docs/api.md): `words` names MAKE's word first, then
// accept and decline, and claim where there is one.
Result<Offer> offer_step(const std::string& word, const char* what, std::initializer_list<const char*> words) {
  const Offer steps[] = {Offer::MAKE, Offer::ACCEPT, Offer::DECLINE, Offer::CLAIM};
  std::string list;
  size_t i = 0;
  for (const char* w : words) {
    if (word == w) return steps[i];
    list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + std::string(w);
    ++i;
  }
  return Error{"unknown " + std::string(what) + " action '" + word + "' (" + list + ")"};
}

Result<Rounds::Action> draw_action(const json& b) {
  auto step = offer_step(field_or(b, "action", "offer"), "draw", {"offer", "accept", "decline", "claim"});
  if (!step) return Error{step.error()};
  return Rounds::Action([step = *step](Round& m, Color c) { return m.draw(c, step); });
}
Result<Rounds::Action> takeback_action(const json& b) {
  auto step = offer_step(field_or(b, "action", "request"), "takeback", {"request", "accept", "decline"});
  if (!step) return Error{step.error()};
  return Rounds::Action([step = *step](Round& m, Color c) { return m.takeback(c, step); });
}

Result<Rounds::Action> abort_action(const json&) {
  return Rounds::Action([](Round& m, Color c) { return m.abort(c); });
}
Result<Rounds::Action> cancel_action(const json&) {
  return Rounds::Action([](Round& m, Color c) { return m.cancel(c); });
}

MakeAction action_for(std::string_view verb) {
  if (verb == "cancel") return cancel_action;
  if (verb == "abort") return abort_action;
  if (verb == "move") return move_action;
  if (verb == "resign") return resign_action;
  if (verb == "impasse") return impasse_action;
  if (verb == "draw") return draw_action;
  if (verb == "takeback") return takeback_action;
  return nullptr;
}

}  // namespace

http::RouteResult Api::recent_games(Call& c) {
  int limit = 50;
  std::string l = query_param(c.req.target(), "limit");
  if (!l.empty()) {
    auto [p, ec] = std::from_chars(l.data(), l.data() + l.size(), limit);
    if (ec != std::errc() || p != l.data() + l.size()) return error_response(400, "limit must be a number");
    limit = std::clamp(limit, 1, 500);
  }
  const std::string status = query_param(c.req.target(), "status");
  if (!status.empty() && status != "all" && status != "finished")
    return error_response(400, "status must be 'all' or 'finished'");
  return json_response(env_.lobby().recent(limit, status == "finished"));
}

http::RouteResult Api::new_game(Call& c) {
  auto spec = parse_new_game(c.body);
  if (!spec) return error_response(400, spec.error());
  auto who = caller_of(c.req, c.body);
  if (!who) return json_response(env_.accounts().failed("reading a session", who.error()));
  const std::string& client = c.client;
  spec->creator_account = {"", who->account, who->name, client};
  // One address, or one account from many, may not fill the store with games (issue 45).
  const std::string account_key = who->account ? "account " + std::to_string(who->account) : "";
  for (const std::string* key : {&client, &account_key}) {
    if (key->empty() || new_games_.allow(*key)) continue;
    return refusal_response(Refusal::TOO_MANY_GAMES, {{"who", key == &client ? "address" : "account"},
                                                      {"limit", int(options_.games_per_minute)},
                                                      {"seconds", new_games_.retry_after(*key)}});
  }
  if (!spec->named.name.empty() && !who->account) return refusal_response(Refusal::LOG_IN_TO_CHALLENGE);
  return offload(client, [this, spec = std::move(*spec), account = who->account]() mutable {
    if (!spec.named.name.empty()) {
      auto named = env_.accounts().named(spec.named.name);
      if (!named) return json_response(env_.accounts().failed("reading an account", named.error()));
      if (!*named) return refusal_response(Refusal::NO_PLAYER, {{"name", spec.named.name.substr(0, 64)}});
      if ((*named)->closed) return refusal_response(Refusal::PLAYER_CLOSED, {{"name", (*named)->name}});
      if ((*named)->id == account) return refusal_response(Refusal::CHALLENGE_SELF);
      spec.named = {"", (*named)->id, (*named)->name};
    }
    return json_response(env_.rounds().create(spec));
  });
}

std::optional<http::Response> Api::game_caller(Call& c, Caller& who) {
  const std::string id = c.param(0);
  if (!is_game_id(id)) return refusal_response(Refusal::NO_GAME, {{"id", id.substr(0, 64)}});
  auto caller = caller_of(c.req, c.post() ? c.body : json::object());
  if (!caller) return json_response(env_.accounts().failed("reading a session", caller.error()));
  who = std::move(*caller);
  who.address = c.client;
  return std::nullopt;
}

http::RouteResult Api::game(Call& c) {
  Caller who;
  if (auto refused = game_caller(c, who)) return std::move(*refused);
  return offload(c.client, [this, id = c.param(0), who, notation = query_param(c.req.target(), "notation")] {
    return json_response(env_.rounds().get(id, who, notation));
  });
}

http::RouteResult Api::game_record(Call& c) {
  Caller who;
  if (auto refused = game_caller(c, who)) return std::move(*refused);
  std::string format = query_param(c.req.target(), "format");
  if (format.empty()) format = "usi";
  return offload(c.client, [this, id = c.param(0), format, client = c.client] {
    return json_response(env_.rounds().record(id, format, client));
  });
}

http::RouteResult Api::game_events(Call& c) {
  Caller who;
  if (auto refused = game_caller(c, who)) return std::move(*refused);
  const std::string id = c.param(0);
  return stream(
      "state", id,
      [this, id, who, notation = query_param(c.req.target(), "notation")](
          http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
        Unwatch unwatch, unwatch_analysis, unwatch_chat;
        Reply r = env_.rounds().watch(
            id, [sink](auto data) { sink(std::move(data), nullptr); }, unwatch, who.address, notation);
        if (r.kind != Reply::DONE) return json_response(r);
        // The chat's new lines as "chat" events: the players' room only to its players.
        auto players = env_.chat().reads_players(id, who);
        env_.chat().watch(
            id, players && *players, [sink](auto data) { sink(std::move(data), "chat"); }, unwatch_chat);
        // The game's computer analysis, as "analysis" events after the first state.
        env_.game_analyses().watch(
            id, [sink](auto data) { sink(std::move(data), "analysis"); }, unwatch_analysis);
        return std::function<void()>([unwatch, unwatch_analysis, unwatch_chat] {
          unwatch();
          unwatch_analysis();
          unwatch_chat();
        });
      },
      c.client);
}

http::RouteResult Api::join(Call& c) {
  Caller who;
  if (auto refused = game_caller(c, who)) return std::move(*refused);
  auto name = display_name(c.body);
  if (!name) return error_response(400, name.error());
  return offload(c.client, [this, id = c.param(0), name = *name, who] {
    return json_response(env_.rounds().join(id, name, who));
  });
}

http::RouteResult Api::decline(Call& c) {
  Caller who;
  if (auto refused = game_caller(c, who)) return std::move(*refused);
  if (!who.account) return refusal_response(Refusal::LOG_IN_TO_DECLINE);
  return offload(c.client, [this, id = c.param(0), who] { return json_response(env_.rounds().decline(id, who)); });
}

http::RouteResult Api::rematch(Call& c) {
  Caller who;
  if (auto refused = game_caller(c, who)) return std::move(*refused);
  auto step = offer_step(field_or(c.body, "action", "offer"), "rematch", {"offer", "accept", "decline"});
  if (!step) return error_response(400, step.error());
  return offload(c.client, [this, id = c.param(0), who, step = *step] {
    return json_response(env_.rounds().rematch(id, who, step));
  });
}

http::RouteResult Api::act(Call& c) {
  Caller who;
  if (auto refused = game_caller(c, who)) return std::move(*refused);
  MakeAction make = action_for(c.last());
  if (!make)
    return refusal_response(Refusal::NO_SUCH_API, {{"path", c.path}});  // a route the table has and this does not
  auto action = make(c.body);
  if (!action) return error_response(400, action.error());
  // The answer's moves in the page's notation, as its stream writes them.
  const std::string notation = field_or(c.body, "notation", "");
  return offload(c.client, [this, id = c.param(0), who, action = *action, notation] {
    return json_response(env_.rounds().act(id, who, action, notation));
  });
}

}  // namespace kirin::server
