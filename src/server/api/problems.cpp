// /api/problems: composed problems made (proved by the mate solver), shown, and tried against
// Kirin's defence.
#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

std::optional<http::Response> Api::problem_work_limited(const std::string& client) {
  if (problem_work_.allow(client)) return std::nullopt;
  return refusal_response(Refusal::TOO_MANY_PROBLEMS, {}, problem_work_.retry_after(client));
}

http::RouteResult Api::new_problem(Call& c) {
  const json& body = c.body;
  NewProblem spec;
  spec.game = field_or(body, "game", "");
  if (spec.game.empty()) return error_response(400, "missing field 'game' (chushogi, chuseireigi or xiangqi)");
  spec.options = string_list(body, "options");
  spec.fen = field_or(body, "fen", "");
  if (body.contains("checks_only")) spec.checks_only = body.at("checks_only").get<bool>();
  if (body.contains("rest_to_defender")) spec.rest_to_defender = body.at("rest_to_defender").get<bool>();
  if (auto refused = problem_work_limited(c.client)) return std::move(*refused);
  return engine_reply(
      [this, spec](auto done, auto& job) { return env_.problems().create(spec, std::move(done), job); });
}

http::RouteResult Api::problem(Call& c) {
  const std::string id = c.param(0);
  if (!is_game_id(id)) return refusal_response(Refusal::NO_PROBLEM, {{"id", id.substr(0, 64)}});
  return json_response(env_.problems().get(id));
}

http::RouteResult Api::problem_solution(Call& c) {
  const std::string id = c.param(0);
  if (!is_game_id(id)) return refusal_response(Refusal::NO_PROBLEM, {{"id", id.substr(0, 64)}});
  return json_response(env_.problems().solution(id, query_param(c.req.target(), "notation")));
}

http::RouteResult Api::try_problem(Call& c) {
  const std::string id = c.param(0);
  if (!is_game_id(id)) return refusal_response(Refusal::NO_PROBLEM, {{"id", id.substr(0, 64)}});
  if (!c.body.contains("moves") || !c.body.at("moves").is_array())
    return error_response(400, "missing field 'moves' (a list)");
  const std::vector<std::string> moves = string_list(c.body, "moves");
  const std::string notation = field_or(c.body, "notation", "");
  if (auto refused = problem_work_limited(c.client)) return std::move(*refused);
  return engine_reply([this, id, moves, notation](auto done, auto& job) {
    return env_.problems().try_line(id, moves, std::move(done), job, notation);
  });
}

}  // namespace kirin::server
