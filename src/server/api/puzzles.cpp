// /api/puzzles: the shipped puzzle sets; a move is checked here, on a route thread (replaying
// a few moves costs microseconds).
#include <charconv>

#include "server/api/api.h"
#include "server/api/replies.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

http::RouteResult Api::puzzles(const http::Request& req, const std::vector<std::string_view>& parts, const json& body) {
  const bool get = req.method() == bh::verb::get || req.method() == bh::verb::head,
             post = req.method() == bh::verb::post;
  static const PuzzleSets none;
  const PuzzleSets& sets = options_.puzzles ? *options_.puzzles : none;
  if (parts.size() == 1) {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(sets.counts());
  }
  const std::string game(parts[1]);
  int index = -1;
  if (parts.size() >= 3) {
    auto [p, ec] = std::from_chars(parts[2].data(), parts[2].data() + parts[2].size(), index);
    if (ec != std::errc() || p != parts[2].data() + parts[2].size())
      return error_response(404, "a puzzle is named by its number");
  }
  if (parts.size() == 3) {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(sets.get(game, index));
  }
  if (parts.size() == 4 && parts[3] == "solution") {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(sets.solution(game, index));
  }
  if (parts.size() == 4 && parts[3] == "move") {
    if (!post) return method_not_allowed("POST");
    if (!body.contains("moves") || !body.at("moves").is_array())
      return error_response(400, "missing field 'moves' (a list)");
    return json_response(sets.check(game, index, string_list(body, "moves"), body.value("notation", "")));
  }
  return error_response(404, "no such API: " + std::string(req.target().substr(0, req.target().find('?'))));
}

}  // namespace kirin::server
