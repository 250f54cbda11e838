// /api/lobby: open challenges and games being played now, once or as an event stream.
#include "server/api/api.h"
#include "server/api/responses.h"

namespace kirin::server {

http::RouteResult Api::lobby(Call&) { return json_response(env_.lobby().now()); }

http::RouteResult Api::lobby_events(Call& c) {
  return stream(
      "lobby", "lobby",
      [this](http::EventSink sink) -> std::variant<std::function<void()>, http::Response> {
        Unwatch unwatch;
        Reply r = env_.lobby().watch([sink](auto data) { sink(std::move(data), nullptr); }, unwatch);
        if (r.kind != Reply::DONE) return json_response(r);
        return unwatch;
      },
      c.client);
}

}  // namespace kirin::server
