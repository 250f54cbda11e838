// /api/problems: composed problems made (proved by the mate solver), shown, and tried against
// Kirin's defence.
#include "server/api/api.h"
#include "server/api/replies.h"
#include "server/api/request.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

http::RouteResult Api::problems(const http::Request& req, const std::string& client,
                                const std::vector<std::string_view>& parts, const json& body) {
  const bool get = req.method() == bh::verb::get || req.method() == bh::verb::head,
             post = req.method() == bh::verb::post;
  // The mate solver's work is limited per address, like analyses.
  auto limited = [&]() -> std::optional<http::Response> {
    if (problem_work_.allow(client)) return std::nullopt;
    http::Response res = error_response(429, "too many problems checked from your address; try again later");
    res.set(bh::field::retry_after, std::to_string(problem_work_.retry_after(client)));
    return res;
  };
  if (parts.size() == 1) {
    if (!post) return method_not_allowed("POST");
    NewProblem spec;
    spec.game = body.value("game", "");
    if (spec.game.empty()) return error_response(400, "missing field 'game' (chushogi, chuseireigi or xiangqi)");
    spec.options = string_list(body, "options");
    spec.fen = body.value("fen", "");
    if (body.contains("checks_only")) spec.checks_only = body.at("checks_only").get<bool>();
    if (body.contains("rest_to_defender")) spec.rest_to_defender = body.at("rest_to_defender").get<bool>();
    if (auto refused = limited()) return std::move(*refused);
    return engine_reply(
        [this, spec](auto done, auto& job) { return env_.problems().create(spec, std::move(done), job); });
  }
  const std::string id(parts[1]);
  if (!is_game_id(id)) return error_response(404, "no problem " + id.substr(0, 64));
  if (parts.size() == 2) {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(env_.problems().get(id));
  }
  if (parts.size() == 3 && parts[2] == "solution") {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(env_.problems().solution(id, query_param(req.target(), "notation")));
  }
  if (parts.size() == 3 && parts[2] == "try") {
    if (!post) return method_not_allowed("POST");
    if (!body.contains("moves") || !body.at("moves").is_array())
      return error_response(400, "missing field 'moves' (a list)");
    const std::vector<std::string> moves = string_list(body, "moves");
    const std::string notation = body.value("notation", "");
    if (auto refused = limited()) return std::move(*refused);
    return engine_reply([this, id, moves, notation](auto done, auto& job) {
      return env_.problems().try_line(id, moves, std::move(done), job, notation);
    });
  }
  return error_response(404, "no such API: " + std::string(req.target().substr(0, req.target().find('?'))));
}

}  // namespace kirin::server
