#include "server/http_api.h"

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "draw/diagram_image.h"
#include "draw/print_set.h"
#include "game/record_encoding.h"
#include "rules/variant.h"
#include "server/api_replies.h"
#include "server/token.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string url_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += char(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// A query parameter of the request target, decoded; "" if absent.
std::string query_param(std::string_view target, std::string_view name) {
  size_t q = target.find('?');
  if (q == std::string_view::npos) return "";
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    size_t amp = rest.find('&');
    std::string_view pair = rest.substr(0, amp);
    size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name) return eq == std::string_view::npos ? "" : url_decode(pair.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return "";
}

// The request body as a JSON object; `error` set if it is not one.
json parse_body(const http::Request& req, std::string& error) {
  if (req.body().empty()) return json::object();
  json body = json::parse(req.body(), nullptr, false);
  if (body.is_discarded()) error = "bad JSON: the body does not parse";
  else if (!body.is_object()) error = "bad JSON: the body must be an object";
  return body;
}

// The caller's token: "Authorization: Bearer T", else a "token" field, else ?token=.
std::string token_of(const http::Request& req, const json& body) {
  std::string_view auth = req[bh::field::authorization];
  if (auth.starts_with("Bearer ")) return std::string(auth.substr(7));
  if (body.contains("token")) return body.at("token").get<std::string>();
  return query_param(req.target(), "token");
}

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
  std::string name = b.value("name", "");
  while (!name.empty() && name.back() == ' ') name.pop_back();
  while (!name.empty() && name.front() == ' ') name.erase(0, 1);
  size_t chars = 0;
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7f) return Error{"name must not hold control characters"};
    if ((c & 0xC0) != 0x80) ++chars;
  }
  if (chars > 30) return Error{"name must be at most 30 characters"};
  return name;
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
  // A record file as it was on disk (base64), for the old Chinese encodings a browser would
  // mangle if it read the file as text.
  if (std::string raw = b.value("record_base64", ""); !raw.empty()) {
    if (!g.record.empty()) return Error{"give either record or record_base64, not both"};
    auto bytes = decode_base64(raw);
    if (!bytes) return Error{"record_base64: " + bytes.error()};
    auto text = decode_record_bytes(*bytes);
    if (!text) return Error{"record: " + text.error()};
    g.record = *text;
  }
  g.record_format = b.value("format", "auto");
  g.casual = b.value("casual", true);
  std::string color = b.value("color", "first");
  if (color != "first" && color != "second" && color != "random") return Error{"color must be 'first', 'second' or 'random'"};
  g.creator = color == "first" ? FIRST : color == "second" ? SECOND : Color(random_hex(1)[0] & 1);
  json opp = b.value("opponent", json{{"kind", "kirin"}});
  std::string kind = opp.is_object() ? opp.value("kind", "") : "";
  if (kind != "kirin" && kind != "human") return Error{"opponent.kind must be 'kirin' or 'human'"};
  g.vs_kirin = kind == "kirin";
  g.strength = opp.value("strength", 4);
  g.open = opp.value("open", false);
  auto name = display_name(b);
  if (!name) return Error{name.error()};
  g.name = *name;
  auto clock = parse_clock_spec(b, g.game != "xiangqi");
  if (!clock) return Error{clock.error()};
  g.clock = *clock;
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

// A player's action on a game, made from the request body.
using MakeAction = Result<GameService::Action> (*)(const json&);

Result<GameService::Action> move_action(const json& b) {
  std::string move = b.value("move", "");
  if (move.empty()) return Error{"missing field 'move'"};
  return GameService::Action([move](Match& m, Color c) { return m.play(c, move); });
}
Result<GameService::Action> resign_action(const json&) {
  return GameService::Action([](Match& m, Color c) { return m.resign(c); });
}
Result<GameService::Action> impasse_action(const json&) {
  return GameService::Action([](Match& m, Color c) { return m.impasse(c); });
}
Result<GameService::Action> draw_action(const json& b) {
  std::string what = b.value("action", "offer");
  return GameService::Action([what](Match& m, Color c) { return m.draw(c, what); });
}
Result<GameService::Action> takeback_action(const json& b) {
  std::string what = b.value("action", "request");
  return GameService::Action([what](Match& m, Color c) { return m.takeback(c, what); });
}

Result<GameService::Action> cancel_action(const json&) {
  return GameService::Action([](Match& m, Color c) { return m.cancel(c); });
}

MakeAction action_for(std::string_view verb) {
  if (verb == "cancel") return cancel_action;
  if (verb == "move") return move_action;
  if (verb == "resign") return resign_action;
  if (verb == "impasse") return impasse_action;
  if (verb == "draw") return draw_action;
  if (verb == "takeback") return takeback_action;
  return nullptr;
}

bool is_json(const http::Request& req) {
  std::string_view type = req[bh::field::content_type];
  std::string lower(type.substr(0, type.find(';')));
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  while (!lower.empty() && lower.back() == ' ') lower.pop_back();
  return lower == "application/json";
}

}  // namespace

Api::Api(GameService& service, std::string web_dir, ApiOptions options)
    : service_(service),
      files_(web_dir),
      has_ui_(!web_dir.empty() && std::filesystem::exists(std::filesystem::path(web_dir) / "index.html")),
      options_(options),
      analyses_(options.analyses_per_minute, options.analysis_burst),
      renders_(options.renders_per_minute, options.renders_per_minute / 3),
      problem_work_(options.problems_per_minute, options.problems_per_minute / 2) {}

http::RouteResult Api::handle(http::Request& req, const std::string& client) {
  std::string_view target = req.target();
  std::string path(target.substr(0, target.find('?')));
  try {
    return route(req, client, path);
  } catch (const BadField& e) {
    return error_response(400, std::string("bad request: ") + e.what());
  } catch (const json::exception& e) {
    // A field of the wrong type ("move": 5): the client's fault, said plainly, without the
    // library's "[json.exception.type_error.302] " prefix.
    std::string what = e.what();
    if (const size_t end = what.find("] "); what.rfind("[json.exception.", 0) == 0 && end != std::string::npos)
      what.erase(0, end + 2);
    return error_response(400, "bad request: " + what);
  }
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
    return error_response(404, "no such page: " + path);
  }
  if (post && !is_json(req)) return error_response(415, "POST bodies must be application/json");
  std::string error;
  json body = post ? parse_body(req, error) : json::object();
  if (!error.empty()) return error_response(400, error);

  // /api/<a>[/<id>[/<verb>]]
  std::vector<std::string_view> parts;
  for (std::string_view rest = std::string_view(path).substr(5); !rest.empty();) {
    size_t slash = rest.find('/');
    parts.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  const std::string_view what = parts.empty() ? "" : parts[0];
  if (parts.size() == 1 && what == "health") {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(service_.health());
  }
  if (parts.size() == 1 && what == "variants") {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response({200, {{"games", variants_json()}}});
  }
  if (parts.size() == 1 && what == "analyse") {
    if (!post) return method_not_allowed("POST");
    return analyse(req, client);
  }
  if (parts.size() == 1 && what == "positions") {
    if (!get) return method_not_allowed("GET, HEAD");
    return positions(req);
  }
  if (what == "lobby" && parts.size() == 1) {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(service_.lobby());
  }
  if (what == "lobby" && parts.size() == 2 && parts[1] == "events") {
    if (!get) return method_not_allowed("GET");
    return http::EventStream{"lobby", "lobby", [this](http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
                               GameService::Unwatch unwatch;
                               Reply r = service_.watch_lobby([sink](auto data) { sink(std::move(data), nullptr); }, unwatch);
                               if (r.status != 200) return json_response(r);
                               return unwatch;
                             }};
  }
  if ((what == "print" || what == "diagram") && parts.size() == 1) {
    if (!get) return method_not_allowed("GET, HEAD");
    if (!renders_.allow(client)) {
      http::Response res = error_response(429, "too many drawings from your address; try again later");
      res.set(bh::field::retry_after, std::to_string(renders_.retry_after(client)));
      return res;
    }
    return what == "print" ? print_set(req) : diagram(req);
  }
  if (what == "analysis" && parts.size() == 2 && parts[1] == "events") {
    if (!get) return method_not_allowed("GET");
    return analysis_stream(req, client);
  }
  if (what == "problems") return problems(req, client, parts, body);
  if (what == "puzzles") return puzzles(req, parts, body);
  if (what != "games") return error_response(404, "no such API: " + path);
  if (parts.size() == 1) {
    if (get) {
      int limit = 50;
      std::string l = query_param(req.target(), "limit");
      if (!l.empty()) {
        auto [p, ec] = std::from_chars(l.data(), l.data() + l.size(), limit);
        if (ec != std::errc() || p != l.data() + l.size()) return error_response(400, "limit must be a number");
        limit = std::clamp(limit, 1, 500);
      }
      return json_response(service_.list(limit));
    }
    if (!post) return method_not_allowed("GET, HEAD, POST");
    auto spec = parse_new_game(body);
    if (!spec) return error_response(400, spec.error());
    return json_response(service_.create(*spec));
  }
  const std::string id(parts[1]);
  if (!is_game_id(id)) return error_response(404, "no game " + id.substr(0, 64));
  if (parts.size() == 2) {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(service_.get(id, token_of(req, json::object())));
  }
  if (parts.size() != 3) return error_response(404, "no such API: " + path);
  const std::string_view verb = parts[2];
  if (verb == "record") {
    if (!get) return method_not_allowed("GET, HEAD");
    std::string format = query_param(req.target(), "format");
    return json_response(service_.record(id, format.empty() ? "usi" : format));
  }
  if (verb == "events") {
    if (!get) return method_not_allowed("GET");
    return http::EventStream{"state", id, [this, id](http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
                               GameService::Unwatch unwatch;
                               Reply r = service_.watch(id, [sink](auto data) { sink(std::move(data), nullptr); }, unwatch);
                               if (r.status != 200) return json_response(r);
                               return unwatch;
                             }};
  }
  if (verb == "join") {
    if (!post) return method_not_allowed("POST");
    auto name = display_name(body);
    if (!name) return error_response(400, name.error());
    return json_response(service_.join(id, *name));
  }
  if (verb == "rematch") {
    if (!post) return method_not_allowed("POST");
    return json_response(service_.rematch(id, token_of(req, body), body.value("action", "offer")));
  }
  MakeAction make = action_for(verb);
  if (!make) return error_response(404, "no such API: " + path);
  if (!post) return method_not_allowed("POST");
  auto action = make(body);
  if (!action) return error_response(400, action.error());
  return json_response(service_.act(id, token_of(req, body), *action));
}

namespace {

std::vector<std::string> comma_list(const std::string& text) {
  std::vector<std::string> out;
  for (size_t at = 0; at < text.size();) {
    size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    if (comma > at) out.push_back(text.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

http::Response file_response(std::string_view type, std::string bytes, const std::string& filename = "") {
  http::Response res{bh::status::ok, HTTP_11};
  res.set(bh::field::content_type, type);
  res.set(bh::field::cache_control, "no-store");
  if (!filename.empty()) res.set(bh::field::content_disposition, "attachment; filename=\"" + filename + "\"");
  res.body() = std::move(bytes);
  return res;
}

}  // namespace

http::Response Api::print_set(const http::Request& req) {
  const std::string_view target = req.target();
  draw::PrintOptions o;
  o.game = query_param(target, "game");
  o.rule_options = comma_list(query_param(target, "options"));
  const std::string pieces = query_param(target, "pieces"), paper = query_param(target, "paper");
  if (!pieces.empty()) {
    auto p = draw::parse_piece_style(pieces);
    if (!p) return error_response(400, p.error());
    o.pieces = *p;
  }
  if (!paper.empty()) {
    auto p = draw::parse_paper(paper);
    if (!p) return error_response(400, p.error());
    o.paper = *p;
  }
  o.black_and_white = query_param(target, "bw") == "1";
  const std::string key = o.game + "|" + query_param(target, "options") + "|" + pieces + "|" + paper + "|" + (o.black_and_white ? "bw" : "");
  std::shared_ptr<const std::string> pdf;
  {
    std::lock_guard lock(sets_mu_);
    if (auto it = sets_.find(key); it != sets_.end()) pdf = it->second;
  }
  if (!pdf) {
    auto drawn = draw::render_print_set(o);
    if (!drawn) return error_response(400, drawn.error());
    pdf = std::make_shared<const std::string>(std::move(*drawn));
    std::lock_guard lock(sets_mu_);
    if (sets_.size() >= 32) sets_.erase(sets_.begin());  // a handful of sets is all anyone asks for
    sets_[key] = pdf;
  }
  return file_response("application/pdf", *pdf, "kirin-" + o.game + "-set.pdf");
}

http::Response Api::diagram(const http::Request& req) {
  const std::string_view target = req.target();
  draw::DiagramOptions o;
  o.game = query_param(target, "game");
  o.rule_options = comma_list(query_param(target, "options"));
  o.fen = query_param(target, "fen");
  o.moves = comma_list(query_param(target, "moves"));
  o.highlight = comma_list(query_param(target, "highlight"));
  o.flip = query_param(target, "flip") == "1";
  o.black_and_white = query_param(target, "bw") == "1";
  if (std::string p = query_param(target, "pieces"); !p.empty()) {
    auto style = draw::parse_piece_style(p);
    if (!style) return error_response(400, style.error());
    o.pieces = *style;
  }
  if (std::string f = query_param(target, "format"); !f.empty()) {
    auto format = draw::parse_image_format(f);
    if (!format) return error_response(400, format.error());
    o.format = *format;
  }
  if (std::string size = query_param(target, "size"); !size.empty()) {
    auto [p, ec] = std::from_chars(size.data(), size.data() + size.size(), o.size);
    if (ec != std::errc() || p != size.data() + size.size()) return error_response(400, "size must be a number of pixels");
  }
  auto drawn = draw::render_diagram(o);
  if (!drawn) return error_response(400, drawn.error());
  return file_response(o.format == draw::ImageFormat::PNG ? "image/png" : "image/svg+xml", std::move(*drawn));
}

http::Response Api::positions(const http::Request& req) {
  const std::string_view target = req.target();
  AnalyseSpec spec;
  spec.game = query_param(target, "game");
  if (spec.game.empty()) return error_response(400, "missing parameter 'game'");
  spec.fen = query_param(target, "fen");
  spec.moves = comma_list(query_param(target, "moves"));
  spec.options = comma_list(query_param(target, "options"));
  return json_response(service_.positions(spec));
}

http::RouteResult Api::analysis_stream(const http::Request& req, const std::string& client) {
  const std::string_view target = req.target();
  AnalyseSpec spec;
  spec.game = query_param(target, "game");
  if (spec.game.empty()) return error_response(400, "missing parameter 'game'");
  spec.fen = query_param(target, "fen");
  spec.moves = comma_list(query_param(target, "moves"));
  spec.options = comma_list(query_param(target, "options"));
  int multipv = 1;
  if (std::string m = query_param(target, "multipv"); !m.empty()) {
    auto [p, ec] = std::from_chars(m.data(), m.data() + m.size(), multipv);
    if (ec != std::errc() || p != m.data() + m.size()) return error_response(400, "multipv must be 1..5");
  }
  const int64_t max_ms = std::chrono::duration_cast<std::chrono::milliseconds>(options_.analysis_timeout).count();
  return http::EventStream{"info", "analysis", [this, spec, multipv, max_ms, client](http::EventSink sink)
                                                   -> std::variant<std::function<void()>, http::Response> {
                             // Counted once the transport has let the stream open, so that every
                             // count has its stream's end to take it back.
                             {
                               std::lock_guard lock(live_mu_);
                               int& open = live_[client];
                               if (open >= options_.live_analyses_per_client) {
                                 http::Response res = error_response(
                                     429, "too many analyses at once from your address (at most " +
                                              std::to_string(options_.live_analyses_per_client) + "); close one");
                                 res.set(bh::field::retry_after, "1");
                                 return res;
                               }
                               ++open;
                             }
                             auto job = std::make_shared<EnginePool::JobPtr>();
                             Reply r = service_.analyse_live(
                                 spec, multipv, max_ms, [sink](const char* event, auto data) { sink(std::move(data), event); }, *job);
                             auto release = [this, client] {
                               std::lock_guard lock(live_mu_);
                               if (--live_[client] <= 0) live_.erase(client);
                             };
                             if (r.status != 0) {
                               release();
                               return json_response(r);
                             }
                             // The stream's end (the page closed) stops the search.
                             return std::function<void()>([this, job, release] {
                               service_.cancel(*job);
                               release();
                             });
                           }};
}

http::RouteResult Api::analyse(const http::Request& req, const std::string& client) {
  std::string error;
  json b = parse_body(req, error);
  if (!error.empty()) return error_response(400, error);
  AnalyseSpec spec;
  spec.game = b.value("game", "");
  if (spec.game.empty()) return error_response(400, "missing field 'game'");
  spec.options = string_list(b, "options");
  spec.fen = b.value("fen", "");
  spec.moves = string_list(b, "moves");
  spec.strength = b.value("strength", MAX_STRENGTH);
  if (!analyses_.allow(client)) {
    http::Response res = error_response(
        429, "too many analyses from your address (at most " + std::to_string(int(options_.analyses_per_minute)) +
                 " a minute); try again later");
    res.set(bh::field::retry_after, std::to_string(analyses_.retry_after(client)));
    return res;
  }
  return engine_reply([this, spec](auto done, auto& job) { return service_.analyse(spec, std::move(done), job); });
}

http::RouteResult Api::engine_reply(const StartJob& start) {
  // The job and the reply know each other only weakly: whoever goes first (the answer, the
  // client leaving, the deadline) ends the other.
  auto job = std::make_shared<EnginePool::JobPtr>();
  auto pending = std::make_shared<http::PendingReply>(options_.analysis_timeout, [this, job] { service_.cancel(*job); });
  std::weak_ptr<http::PendingReply> weak = pending;
  Reply started = start(
      [weak](Reply r) {
        if (auto p = weak.lock()) p->fulfil(json_response(r));
      },
      *job);
  if (started.status != 0) return json_response(started);
  return pending;
}

}  // namespace kirin::server
