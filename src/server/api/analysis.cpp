// /api/analyse and /api/analysis/events: Kirin's analysis of a position, answered once or
// streamed depth by depth; and the answer-later plumbing the mate solver's routes share.
#include <charconv>

#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

// A line given in the query (?game&fen&moves&options, lists comma-separated); false without a game.
bool line_from_query(std::string_view target, AnalyseSpec& spec) {
  spec.game = query_param(target, "game");
  spec.fen = query_param(target, "fen");
  spec.moves = comma_list(query_param(target, "moves"));
  spec.options = comma_list(query_param(target, "options"));
  spec.notation = query_param(target, "notation");
  return !spec.game.empty();
}

}  // namespace

std::optional<http::Response> Api::refuse_engine_help(const http::Request& req, const std::string& of,
                                                      const json& body) {
  if (of.empty()) return std::nullopt;
  if (!is_game_id(of)) return refusal_response(Refusal::NO_GAME, {{"id", of.substr(0, 64)}});
  auto who = caller_of(req, body);
  if (!who) return json_response(env_.accounts().failed("reading a session", who.error()));
  Reply r = env_.rounds().engine_help(of, *who);
  if (r.refused()) return json_response(r);
  return std::nullopt;
}

http::RouteResult Api::positions(Call& c) {
  const http::Request& req = c.req;
  AnalyseSpec spec;
  if (!line_from_query(req.target(), spec)) return error_response(400, "missing parameter 'game'");
  const std::string setup = query_param(req.target(), "setup");
  if (!setup.empty() && setup != "game" && setup != "problem")
    return error_response(400, "setup must be 'game' or 'problem'");
  spec.problem = setup == "problem";
  return offload(c.client, [this, spec] { return json_response(env_.analyses().positions(spec)); });
}

http::RouteResult Api::analysis_stream(Call& c) {
  const http::Request& req = c.req;
  const std::string& client = c.client;
  const std::string_view target = req.target();
  AnalyseSpec spec;
  if (!line_from_query(target, spec)) return error_response(400, "missing parameter 'game'");
  // ?of=GAME: the position is from that game (the analysis board opened from it).
  if (auto refused = refuse_engine_help(req, query_param(target, "of"), json::object())) return std::move(*refused);
  int multipv = 1;
  if (std::string m = query_param(target, "multipv"); !m.empty()) {
    auto [p, ec] = std::from_chars(m.data(), m.data() + m.size(), multipv);
    if (ec != std::errc() || p != m.data() + m.size()) return error_response(400, "multipv must be 1..5");
  }
  const int64_t max_ms = std::chrono::duration_cast<std::chrono::milliseconds>(options_.analysis_timeout).count();
  // The account's share too: one player's analysis boards open on several addresses count once.
  auto keys = share_keys(client, session_cookie_value(req));
  if (!keys) return json_response(env_.accounts().failed("reading a session", keys.error()));
  return stream(
      "info", "analysis",
      [this, spec, multipv, max_ms,
       keys = std::move(*keys)](http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
        // Counted once the transport has let the stream open, so that every
        // count has its stream's end to take it back.
        if (!live_.take(keys)) {
          return refusal_response(Refusal::TOO_MANY_ANALYSES_AT_ONCE, {{"limit", options_.live_analyses_per_client}},
                                  1);
        }
        auto job = std::make_shared<EnginePool::JobPtr>();
        Reply r = env_.analyses().analyse_live(
            spec, multipv, max_ms, [sink](const char* event, auto data) { sink(std::move(data), event); }, *job);
        if (r.kind != Reply::LATER) {
          live_.give_back(keys);
          return json_response(r);
        }
        // The stream's end (the page closed) stops the search.
        return std::function<void()>([this, job, keys] {
          env_.analyses().cancel(*job);
          live_.give_back(keys);
        });
      },
      client);
}

http::RouteResult Api::analyse(Call& c) {
  const http::Request& req = c.req;
  const std::string& client = c.client;
  std::string error;
  json b = parse_body(req, error);
  if (!error.empty()) return error_response(400, error);
  AnalyseSpec spec;
  spec.game = field_or(b, "game", "");
  if (spec.game.empty()) return error_response(400, "missing field 'game'");
  spec.options = string_list(b, "options");
  spec.fen = field_or(b, "fen", "");
  spec.moves = string_list(b, "moves");
  spec.strength = field_or(b, "strength", MAX_STRENGTH);
  spec.notation = field_or(b, "notation", "");
  // "of": the game the position is from (a hint asked on its page).
  if (auto refused = refuse_engine_help(req, field_or(b, "of", ""), b)) return std::move(*refused);
  if (!analyses_.allow(client)) {
    return refusal_response(Refusal::TOO_MANY_ANALYSES, {{"limit", int(options_.analyses_per_minute)}},
                            analyses_.retry_after(client));
  }
  return engine_reply(
      [this, spec](auto done, auto& job) { return env_.analyses().analyse(spec, std::move(done), job); });
}

http::RouteResult Api::engine_reply(const StartJob& start) {
  // The job and the reply know each other only weakly: whoever goes first (the answer, the
  // client leaving, the deadline) ends the other.
  auto job = std::make_shared<EnginePool::JobPtr>();
  auto pending =
      std::make_shared<http::PendingReply>(options_.analysis_timeout, [this, job] { env_.analyses().cancel(*job); });
  std::weak_ptr<http::PendingReply> weak = pending;
  Reply started = start(
      [weak](Reply r) {
        if (auto p = weak.lock()) p->fulfil(json_response(r));
      },
      *job);
  if (started.kind != Reply::LATER) return json_response(started);
  return pending;
}

}  // namespace kirin::server
