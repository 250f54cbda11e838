// /api/puzzles: the shipped puzzle sets; a move is checked here, on a route thread (replaying
// a few moves costs microseconds).
#include <charconv>

#include "server/api/api.h"
#include "server/api/responses.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

const PuzzleSets& sets_of(const ApiOptions& options) {
  static const PuzzleSets none;
  return options.puzzles ? *options.puzzles : none;
}

// The puzzle's number in the path (its second parameter), if it is a number.
std::optional<int> puzzle_index(const Call& c) {
  const std::string_view n = c.params.at(1);
  int index = -1;
  auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), index);
  if (ec != std::errc() || p != n.data() + n.size()) return std::nullopt;
  return index;
}

http::Response not_a_number() { return error_response(404, "a puzzle is named by its number"); }

}  // namespace

http::RouteResult Api::puzzle_counts(Call&) { return json_response(sets_of(options_).counts()); }

http::RouteResult Api::puzzle(Call& c) {
  const auto index = puzzle_index(c);
  if (!index) return not_a_number();
  return json_response(sets_of(options_).get(c.param(0), *index));
}

http::RouteResult Api::puzzle_solution(Call& c) {
  const auto index = puzzle_index(c);
  if (!index) return not_a_number();
  return json_response(sets_of(options_).solution(c.param(0), *index));
}

http::RouteResult Api::puzzle_move(Call& c) {
  const auto index = puzzle_index(c);
  if (!index) return not_a_number();
  if (!c.body.contains("moves") || !c.body.at("moves").is_array())
    return error_response(400, "missing field 'moves' (a list)");
  return json_response(
      sets_of(options_).check(c.param(0), *index, string_list(c.body, "moves"), field_or(c.body, "notation", "")));
}

}  // namespace kirin::server
