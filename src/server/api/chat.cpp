// /api/games/ID/chat[/LINE/report]: a game's chat rooms read and written, and a line reported;
// /api/account/events, /api/account/challenges and /api/account/games: what waits for the
// logged-in player (challenges by name, games where it is their move).
#include <charconv>

#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"
#include "server/play/chat_text.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

// Who writes or reads a game's chat: a player by the seat's token, an account; a refusal for a
// malformed game id or a failed session read.
std::optional<http::Response> chat_caller(Api& api, Env& env, Call& c, std::optional<Account>& account, Caller& who) {
  if (const std::string id = c.param(0); !is_game_id(id))
    return refusal_response(Refusal::NO_GAME, {{"id", id.substr(0, 64)}});
  auto a = api.account_of(c.req);
  if (!a) return json_response(env.accounts().failed("reading a session", a.error()));
  account = *a;
  who = Caller{token_of(c.req, c.post() ? c.body : json::object()), 0, ""};
  if (account) who.account = account->id, who.name = account->name;
  return std::nullopt;
}

}  // namespace

http::RouteResult Api::report_chat(Call& c) {
  std::optional<Account> account;
  Caller who;
  if (auto refused = chat_caller(*this, env_, c, account, who)) return std::move(*refused);
  const std::string id = c.param(0);
  int64_t line = 0;
  const std::string_view n = c.params.at(1);
  auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), line);
  if (ec != std::errc() || p != n.data() + n.size() || line <= 0)
    return refusal_response(Refusal::NO_CHAT_LINE, {{"line", std::string(n.substr(0, 20))}, {"id", id}});
  return json_response(env_.chat().report(id, line, who));
}

http::RouteResult Api::chat(Call& c) {
  std::optional<Account> account;
  Caller who;
  if (auto refused = chat_caller(*this, env_, c, account, who)) return std::move(*refused);
  const std::string id = c.param(0);
  if (!c.post()) {
    const std::string room = query_param(c.req.target(), "room");
    if (!is_chat_room(room)) return error_response(400, "room must be 'players' or 'spectators'");
    return json_response(env_.chat().lines(id, who, room));
  }
  if (!account) return refusal_response(Refusal::LOG_IN_TO_CHAT);
  auto request = parse_chat_request(c.body);
  if (!request) return error_response(400, request.error());
  return json_response(env_.chat().post(id, who, account->muted, request->room, request->text));
}

http::RouteResult Api::account_waiting(Call& c) {
  const http::Request& req = c.req;
  const std::string_view verb = c.last();
  auto a = account_of(req);
  if (!a) return json_response(env_.accounts().failed("reading a session", a.error()));
  if (!*a) return refusal_response(Refusal::LOG_IN_FIRST);
  const int64_t account = (*a)->id;
  if (verb == "challenges") return json_response(env_.account_games().challenges(account));
  if (verb == "games") {
    const std::string turn = query_param(req.target(), "turn");
    if (turn != "mine") return error_response(400, "turn must be 'mine' (the games where it is your move)");
    return json_response(env_.account_games().your_turn(account));
  }
  // events: the challenges to the account, now and at every change.
  return stream(
      "challenges", "account:" + std::to_string(account),
      [this, account](http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
        Unwatch unwatch;
        Reply r = env_.account_games().watch(
            account, [sink](auto data) { sink(std::move(data), nullptr); }, unwatch);
        if (r.refused()) return json_response(r);
        return std::function<void()>(unwatch);
      },
      c.client);
}

}  // namespace kirin::server
