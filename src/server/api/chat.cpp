// /api/games/ID/chat[/LINE/report]: a game's chat rooms read and written, and a line reported;
// /api/account/events, /api/account/challenges and /api/account/games: what waits for the
// logged-in player (challenges by name, games where it is their move).
#include <charconv>

#include "server/api/api.h"
#include "server/api/replies.h"
#include "server/api/request.h"
#include "server/play/chat_text.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

http::RouteResult Api::chat(const http::Request& req, const std::vector<std::string_view>& parts, const json& body,
                            const std::string& path) {
  const bh::verb method = req.method();
  const bool get = method == bh::verb::get || method == bh::verb::head, post = method == bh::verb::post;
  const std::string id(parts[1]);
  auto a = account_of(req);
  if (!a) return json_response(env_.accounts().failed("reading a session", a.error()));
  Caller who{token_of(req, post ? body : json::object()), 0, ""};
  if (*a) who.account = (*a)->id, who.name = (*a)->name;
  if (parts.size() == 5 && parts[4] == "report") {
    if (!post) return method_not_allowed("POST");
    int64_t line = 0;
    const std::string_view n = parts[3];
    auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), line);
    if (ec != std::errc() || p != n.data() + n.size() || line <= 0)
      return error_response(404, "no chat line " + std::string(n.substr(0, 20)) + " in game " + id);
    return json_response(env_.chat().report(id, line, who));
  }
  if (parts.size() != 3) return error_response(404, "no such API: " + path);
  if (get) {
    const std::string room = query_param(req.target(), "room");
    if (!is_chat_room(room)) return error_response(400, "room must be 'players' or 'spectators'");
    return json_response(env_.chat().lines(id, who, room));
  }
  if (!post) return method_not_allowed("GET, HEAD, POST");
  if (!*a) return error_response(401, "log in to chat");
  auto request = parse_chat_request(body);
  if (!request) return error_response(400, request.error());
  return json_response(env_.chat().post(id, who, (*a)->muted, request->room, request->text));
}

http::RouteResult Api::account_waiting(const http::Request& req, std::string_view verb, const std::string& client) {
  const bh::verb method = req.method();
  if (method != bh::verb::get && method != bh::verb::head) return method_not_allowed("GET, HEAD");
  auto a = account_of(req);
  if (!a) return json_response(env_.accounts().failed("reading a session", a.error()));
  if (!*a) return error_response(401, "log in first");
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
      client);
}

}  // namespace kirin::server
