#include "server/http_api.h"

#include <httplib.h>

#include <fstream>
#include <sstream>

#include "rules/variant.h"

namespace kirin::server {

using nlohmann::json;

namespace {

constexpr int SERVER_THREADS = 256;  // each open event stream holds one
constexpr auto EVENT_KEEPALIVE = std::chrono::seconds(15);

void send(httplib::Response& res, const Reply& r) {
  res.status = r.status;
  res.set_content(r.body.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send(res, {status, {{"error", message}}});
}

// The request body as a JSON object, or an error reply.
bool parse_body(const httplib::Request& req, httplib::Response& res, json& body) {
  try {
    body = req.body.empty() ? json::object() : json::parse(req.body);
  } catch (const json::parse_error& e) {
    send_error(res, 400, std::string("bad JSON: ") + e.what());
    return false;
  }
  if (!body.is_object()) {
    send_error(res, 400, "bad JSON: the body must be an object");
    return false;
  }
  return true;
}

// The caller's token: "Authorization: Bearer T", a "token" field or a ?token= parameter.
std::string token_of(const httplib::Request& req, const json& body) {
  std::string auth = req.get_header_value("Authorization");
  if (auth.rfind("Bearer ", 0) == 0) return auth.substr(7);
  if (body.contains("token")) return body.at("token").get<std::string>();
  return req.get_param_value("token");
}

std::vector<std::string> string_list(const json& body, const char* key) {
  std::vector<std::string> out;
  if (!body.contains(key)) return out;
  for (const auto& v : body.at(key)) out.push_back(v.get<std::string>());
  return out;
}

Result<NewGame> parse_new_game(const json& b) {
  NewGame g;
  g.game = b.value("game", "");
  if (g.game.empty()) return Error{"missing field 'game' (chushogi, chuseireigi or xiangqi)"};
  g.options = string_list(b, "options");
  g.setup = b.value("setup", "");
  g.fen = b.value("fen", "");
  g.moves = string_list(b, "moves");
  g.record = b.value("record", "");
  g.record_format = b.value("format", "auto");
  g.casual = b.value("casual", true);
  std::string color = b.value("color", "first");
  if (color != "first" && color != "second") return Error{"color must be 'first' or 'second'"};
  g.creator = color == "first" ? FIRST : SECOND;
  json opp = b.value("opponent", json{{"kind", "kirin"}});
  std::string kind = opp.is_object() ? opp.value("kind", "") : "";
  if (kind != "kirin" && kind != "human") return Error{"opponent.kind must be 'kirin' or 'human'"};
  g.vs_kirin = kind == "kirin";
  g.strength = opp.value("strength", 4);
  return g;
}

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

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

HttpServer::HttpServer(GameService& service, std::string web_dir)
    : service_(service), web_dir_(std::move(web_dir)), svr_(std::make_unique<httplib::Server>()) {
  svr_->new_task_queue = [] { return new httplib::ThreadPool(SERVER_THREADS); };
  svr_->set_keep_alive_max_count(100000);
  svr_->set_tcp_nodelay(true);  // else small replies wait for delayed ACKs (~40 ms each)
  svr_->set_payload_max_length(1 << 20);
  svr_->set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "internal error";
    try {
      std::rethrow_exception(ep);
    } catch (const json::exception& e) {
      // A field of the wrong type ("move": 5): the client's fault, said plainly.
      send_error(res, 400, std::string("bad request: ") + e.what());
      return;
    } catch (const std::exception& e) {
      what = e.what();
    }
    send_error(res, 500, what);
  });
  add_api_routes();
  add_ui_routes();
}

HttpServer::~HttpServer() = default;

int HttpServer::bind(const std::string& host, int port, std::string& error) {
  bool ok = port == 0 ? (port = svr_->bind_to_any_port(host)) > 0 : svr_->bind_to_port(host, port);
  if (!ok) {
    error = "cannot listen on " + host + ":" + std::to_string(port);
    return -1;
  }
  return port;
}

void HttpServer::run() { svr_->listen_after_bind(); }

void HttpServer::stop() {
  service_.stop();
  svr_->stop();
}

void HttpServer::add_api_routes() {
  auto& s = *svr_;
  s.Get("/api/health", [](const httplib::Request&, httplib::Response& res) { send(res, {200, {{"ok", true}}}); });
  s.Get("/api/variants", [](const httplib::Request&, httplib::Response& res) {
    send(res, {200, {{"games", variants_json()}}});
  });
  s.Get("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
    int limit = 50;
    if (req.has_param("limit")) limit = std::clamp(std::atoi(req.get_param_value("limit").c_str()), 1, 500);
    send(res, service_.list(limit));
  });
  s.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
    json body;
    if (!parse_body(req, res, body)) return;
    auto spec = parse_new_game(body);
    if (!spec) return send_error(res, 400, spec.error());
    send(res, service_.create(*spec));
  });
  s.Get(R"(/api/games/([0-9a-z]+))", [this](const httplib::Request& req, httplib::Response& res) {
    send(res, service_.get(req.matches[1], token_of(req, json::object())));
  });
  // Player actions: each one a function of the body, run under the game's lock.
  using MakeAction = std::function<Result<GameService::Action>(const json&)>;
  auto action_route = [this, &s](const std::string& verb, MakeAction make) {
    s.Post("/api/games/([0-9a-z]+)/" + verb, [this, make](const httplib::Request& req, httplib::Response& res) {
      json body;
      if (!parse_body(req, res, body)) return;
      auto action = make(body);
      if (!action) return send_error(res, 400, action.error());
      send(res, service_.act(req.matches[1], token_of(req, body), *action));
    });
  };
  action_route("move", [](const json& b) -> Result<GameService::Action> {
    std::string move = b.value("move", "");
    if (move.empty()) return Error{"missing field 'move'"};
    return GameService::Action([move](Match& m, Color c) { return m.play(c, move); });
  });
  action_route("resign", [](const json&) -> Result<GameService::Action> {
    return GameService::Action([](Match& m, Color c) { return m.resign(c); });
  });
  action_route("impasse", [](const json&) -> Result<GameService::Action> {
    return GameService::Action([](Match& m, Color c) { return m.impasse(c); });
  });
  action_route("draw", [](const json& b) -> Result<GameService::Action> {
    std::string what = b.value("action", "offer");
    return GameService::Action([what](Match& m, Color c) { return m.draw(c, what); });
  });
  action_route("takeback", [](const json& b) -> Result<GameService::Action> {
    std::string what = b.value("action", "request");
    return GameService::Action([what](Match& m, Color c) { return m.takeback(c, what); });
  });
  s.Get(R"(/api/games/([0-9a-z]+)/record)", [this](const httplib::Request& req, httplib::Response& res) {
    std::string format = req.has_param("format") ? req.get_param_value("format") : "usi";
    send(res, service_.record(req.matches[1], format));
  });
  s.Get(R"(/api/games/([0-9a-z]+)/events)", [this](const httplib::Request& req, httplib::Response& res) {
    std::string id = req.matches[1];
    Reply probe = service_.get(id, "");
    if (probe.status != 200) return send(res, probe);
    auto seen = std::make_shared<uint64_t>(0);
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider("text/event-stream", [this, id, seen](size_t, httplib::DataSink& sink) {
      json state;
      uint64_t before = *seen;
      if (!service_.wait_for_change(id, *seen, state, EVENT_KEEPALIVE)) {
        sink.done();
        return false;
      }
      std::string msg = *seen != before ? "event: state\ndata: " + state.dump() + "\n\n" : ": keep-alive\n\n";
      return sink.write(msg.data(), msg.size());
    });
  });
  s.Post("/api/analyse", [this](const httplib::Request& req, httplib::Response& res) {
    json b;
    if (!parse_body(req, res, b)) return;
    std::string game = b.value("game", "");
    if (game.empty()) return send_error(res, 400, "missing field 'game'");
    send(res, service_.analyse(game, string_list(b, "options"), b.value("fen", ""), string_list(b, "moves"),
                               b.value("strength", MAX_STRENGTH)));
  });
}

void HttpServer::add_ui_routes() {
  std::string index = web_dir_ + "/index.html";
  if (web_dir_.empty() || !svr_->set_mount_point("/", web_dir_)) {
    svr_->Get("/", [](const httplib::Request&, httplib::Response& res) {
      res.set_content("<h1>Kirin</h1><p>The web UI is not built: run <code>make serve</code>.</p>", "text/html");
    });
    return;
  }
  // Pages of the single-page UI: the same index.html, which reads the path.
  svr_->Get(R"(/(g/[0-9a-z]+|editor|analysis))", [index](const httplib::Request&, httplib::Response& res) {
    std::string html = read_file(index);
    if (html.empty()) return send_error(res, 404, "web UI missing: " + index);
    res.set_content(html, "text/html");
  });
}

}  // namespace kirin::server
