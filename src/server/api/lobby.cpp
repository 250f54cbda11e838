// /api/lobby: open challenges and games being played now, once or as an event stream.
#include "server/api/api.h"
#include "server/api/replies.h"

namespace kirin::server {

namespace bh = boost::beast::http;

http::RouteResult Api::lobby(const http::Request& req, const std::vector<std::string_view>& parts,
                             const std::string& path, const std::string& client) {
  const bool get = req.method() == bh::verb::get || req.method() == bh::verb::head;
  if (parts.size() == 1) {
    if (!get) return method_not_allowed("GET, HEAD");
    return json_response(env_.lobby().now());
  }
  if (parts.size() == 2 && parts[1] == "events") {
    if (!get) return method_not_allowed("GET");
    return stream(
        "lobby", "lobby",
        [this](http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
          Unwatch unwatch;
          Reply r = env_.lobby().watch([sink](auto data) { sink(std::move(data), nullptr); }, unwatch);
          if (r.kind != Reply::DONE) return json_response(r);
          return unwatch;
        },
        client);
  }
  return error_response(404, "no such API: " + path);
}

}  // namespace kirin::server
