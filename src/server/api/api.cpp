#include "server/api/api.h"

#include <filesystem>

#include "rules/variant.h"
#include "server/api/request.h"
#include "server/api/responses.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

json variants_json() {
  json out = json::array();
  for (GameId game : {GameId::CHUSHOGI, GameId::CHUSEIREIGI, GameId::XIANGQI}) {
    VariantPtr v = make_variant(game);
    json kinds = json::array();
    for (Kind k = 0; k < v->kind_count(); ++k) {
      const PieceKind& pk = v->kind(k);
      kinds.push_back({{"token", pk.token}, {"name", pk.name}, {"promotes_to", pk.promotes_to}, {"royal", pk.royal}});
    }
    json setups = json::array();
    for (const auto& [name, fen] : v->def().setups) setups.push_back({{"name", name}, {"fen", fen}});
    // Tokens that may be in hand, in the order the SFEN writes them, so that a client can
    // write hands exactly as the server does.
    json hand_kinds = json::array();
    if (v->def().drops)
      for (char t : v->def().hand_order) hand_kinds.push_back(std::string(1, t));
    static const char* ids[] = {"xiangqi", "chushogi", "chuseireigi"};
    out.push_back({{"id", ids[int(game)]},
                   {"name", v->name()},
                   {"files", v->files()},
                   {"ranks", v->ranks()},
                   {"start_fen", v->start_fen()},
                   {"colors", {v->color_name(FIRST), v->color_name(SECOND)}},
                   {"drops", v->def().drops},
                   {"hand_kinds", hand_kinds},
                   {"impasse", v->def().impasse_threshold > 0},
                   {"setups", setups},
                   {"kinds", kinds}});
  }
  return out;
}

// A bad field found while answering, as a 400 said plainly (without the JSON library's
// "[json.exception.type_error.302] " prefix); nullopt for any other exception.
std::optional<http::Response> bad_request(const std::exception& e) {
  if (dynamic_cast<const BadField*>(&e)) return error_response(400, std::string("bad request: ") + e.what());
  if (!dynamic_cast<const json::exception*>(&e)) return std::nullopt;
  std::string what = e.what();
  if (const size_t end = what.find("] "); what.rfind("[json.exception.", 0) == 0 && end != std::string::npos)
    what.erase(0, end + 2);
  return error_response(400, "bad request: " + what);
}

}  // namespace

Api::Api(Env& env, std::string web_dir, ApiOptions options)
    : env_(env),
      route_table_(route_table()),
      files_(web_dir),
      idempotency_(env.request_keys()),
      has_ui_(!web_dir.empty() && std::filesystem::exists(std::filesystem::path(web_dir) / "index.html")),
      options_(options),
      analyses_(options.analyses_per_minute, options.analysis_burst),
      game_analyses_(options.game_analyses_per_minute,
                     options.game_analyses_per_minute > 0 ? options.game_analysis_burst : 0),
      renders_(options.renders_per_minute, options.renders_per_minute / 3),
      problem_work_(options.problems_per_minute, options.problems_per_minute / 2),
      signups_(options.signups_per_hour / 60,
               options.signups_per_hour > 0 ? std::max(1.0, options.signups_per_hour / 2) : 0),
      new_games_(options.games_per_minute, options.games_per_minute / 2),
      live_(options.live_analyses_per_client),
      waiting_analyses_(options.game_analyses_waiting_per_client),
      workers_(options.workers),
      routes_(options.routes) {}

http::RouteResult Api::handle(http::Request& req, const std::string& client) {
  std::string_view target = req.target();
  std::string path(target.substr(0, target.find('?')));
  // The site's files and what is the same for everyone are answered here; every other route may
  // read the store (a session, an idempotency key, a game), so it is answered on the route
  // threads, and the transport's threads only parse and answer.
  if (!path.starts_with("/api/") || path == "/api/health" || path == "/api/variants") return respond(req, client, path);
  // An engine's answer waited for after the route set its own deadline (see PendingReply::follow).
  auto pending = std::make_shared<http::PendingReply>(options_.work_timeout, [] {});
  std::weak_ptr<http::PendingReply> weak = pending;
  auto request = std::make_shared<http::Request>(std::move(req));
  const auto queued = routes_.submit(client, [this, weak, request, client, path] {
    if (weak.expired()) return;  // the client went away before its turn
    http::RouteResult result;
    try {
      result = respond(*request, client, path);
    } catch (const std::exception& e) {
      result = json_response(env_.fail()("answering " + path, e.what()));
    }
    auto p = weak.lock();
    if (!p) return;
    if (auto* later = std::get_if<std::shared_ptr<http::PendingReply>>(&result)) return p->follow(std::move(*later));
    std::visit(
        [&](auto&& answer) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(answer)>, std::shared_ptr<http::PendingReply>>)
            p->fulfil(std::move(answer));
        },
        result);
  });
  if (queued == Workers::Queued::YES) return pending;
  return refusal_response(Refusal::SERVER_BUSY);
}

http::RouteResult Api::respond(http::Request& req, const std::string& client, const std::string& path) {
  // An account's answers carry a session cookie, which is not to be kept and given again.
  if (req.method() == bh::verb::post && path.starts_with("/api/") && !path.starts_with("/api/account"))
    return idempotency_.once(req, request_owner(req), path, [&] { return answer(req, client, path); });
  return answer(req, client, path);
}

http::EventStream Api::stream(std::string event, std::string key, StreamStart start, const std::string& client) {
  return http::EventStream{std::move(event), std::move(key), std::move(start),
                           [this, client](std::function<void()> call) -> std::optional<http::Response> {
                             if (routes_.submit(client, std::move(call)) == Workers::Queued::YES) return std::nullopt;
                             return refusal_response(Refusal::SERVER_BUSY);
                           }};
}

std::string Api::request_owner(const http::Request& req) {
  if (std::string session = session_cookie_value(req); !session.empty()) return "session " + session;
  if (std::string_view auth = req[bh::field::authorization]; !auth.empty()) return "seat " + std::string(auth);
  // A seat's token in the body, as the pages send it with a move.
  if (req.find("Idempotency-Key") != req.end()) {
    const json body = json::parse(req.body(), nullptr, false);
    if (body.is_object() && body.contains("token") && body["token"].is_string())
      return "seat Bearer " + body["token"].get<std::string>();
  }
  return "";
}

http::RouteResult Api::answer(http::Request& req, const std::string& client, const std::string& path) {
  try {
    return route(req, client, path);
  } catch (const std::exception& e) {
    // A field of the wrong type ("move": 5) is the client's fault.
    if (auto refused = bad_request(e)) return std::move(*refused);
    throw;
  }
}

http::RouteResult Api::offload(const std::string& client, std::function<http::Response()> work) {
  auto pending = std::make_shared<http::PendingReply>(options_.work_timeout, [] {});
  std::weak_ptr<http::PendingReply> weak = pending;
  const auto queued = workers_.submit(client, [this, weak, work = std::move(work)] {
    if (weak.expired()) return;  // the client went away before its turn: nothing was done
    http::Response res;
    try {
      res = work();
    } catch (const std::exception& e) {
      auto refused = bad_request(e);
      res = refused ? std::move(*refused) : json_response(env_.fail()("answering a request", e.what()));
    }
    if (auto p = weak.lock()) p->fulfil(std::move(res));
  });
  if (queued == Workers::Queued::YES) return pending;
  const bool mine = queued == Workers::Queued::CLIENT_FULL;
  return mine ? refusal_response(Refusal::TOO_MANY_REQUESTS, {{"limit", options_.workers.per_client}}, 1)
              : refusal_response(Refusal::SERVER_BUSY, {}, 5);
}

http::RouteResult Api::route(http::Request& req, const std::string& client, const std::string& path) {
  const bh::verb method = req.method();
  const bool get = method == bh::verb::get || method == bh::verb::head, post = method == bh::verb::post;
  if (!path.starts_with("/api/")) {
    if (!get) return method_not_allowed("GET, HEAD");
    if (auto res = files_.serve(req, path)) return std::move(*res);
    if (!has_ui_ && path == "/") {
      http::Response res{bh::status::ok, HTTP_11};
      res.set(bh::field::content_type, "text/html; charset=utf-8");
      res.body() = "<h1>Kirin</h1><p>The web UI is not built: run <code>make serve</code>.</p>";
      return res;
    }
    if (auto res = files_.not_found()) return std::move(*res);
    return refusal_response(Refusal::NO_SUCH_PAGE, {{"path", path}});
  }
  if (post && !is_json(req)) return error_response(415, "POST bodies must be application/json");
  // What a session cookie authorises changes nothing from another site's page (a cross-site
  // request forgery): a browser says where a request comes from, and it must be this site.
  if (!get && has_session_cookie(req) && !same_origin(req))
    return refusal_response(Refusal::CROSS_ORIGIN, {{"site", site_of(req)}});
  std::string error;
  json body = post ? parse_body(req, error) : json::object();
  if (!error.empty()) return error_response(400, error);

  auto found = route_table_.find(method, path);
  if (!found.handler) {
    if (!found.allow) return refusal_response(Refusal::NO_SUCH_API, {{"path", path}});
    const std::string allow = http::allow_text(found.allow);
    return method_not_allowed(allow.c_str());
  }
  Call call{req, client, path, body, std::move(found.params)};
  return (this->**found.handler)(call);
}

http::RouteResult Api::health(Call&) { return json_response(env_.health()); }

http::RouteResult Api::variants(Call&) { return json_response({Reply::DONE, {{"games", variants_json()}}}); }

http::RouteResult Api::drawing(Call& c) {
  if (!renders_.allow(c.client)) {
    return refusal_response(Refusal::TOO_MANY_DRAWINGS, {}, renders_.retry_after(c.client));
  }
  return c.last() == "print" ? print_set(c.req) : diagram(c.req);
}

}  // namespace kirin::server
