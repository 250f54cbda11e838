// A table of routes: the methods each takes, its path pattern and what answers it. A pattern's
// segments are literal or a parameter ("{id}": one whole, non-empty segment), as
// "/api/games/{id}/move". find() names the route for a request, or else the methods its path
// takes (a 405 with Allow), or nothing (a 404): the transport's half of routing, knowing nothing
// of what the handlers do.
#pragma once
#include <boost/beast/http/verb.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kirin::server::http {

// The methods a route takes. A resource read with GET is read with HEAD too (RFC 9110); an event
// stream is GET alone.
enum Methods : uint8_t { GET = 1, HEAD = 2, POST = 4 };
constexpr uint8_t READ = GET | HEAD;

// "GET, HEAD, POST": the Allow header's text for `methods`.
inline std::string allow_text(uint8_t methods) {
  std::string out;
  for (auto [bit, name] : {std::pair{GET, "GET"}, std::pair{HEAD, "HEAD"}, std::pair{POST, "POST"}})
    if (methods & bit) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

inline uint8_t method_bit(boost::beast::http::verb v) {
  switch (v) {
    case boost::beast::http::verb::get:
      return GET;
    case boost::beast::http::verb::head:
      return HEAD;
    case boost::beast::http::verb::post:
      return POST;
    default:
      return 0;
  }
}

template <class Handler>
class RouteTable {
 public:
  struct Found {
    const Handler* handler = nullptr;      // null: see `allow`
    std::vector<std::string_view> params;  // the pattern's parameters, in order
    uint8_t allow = 0;                     // with no handler: the methods the path takes (0: none, a 404)
  };

  void add(uint8_t methods, std::string_view pattern, Handler handler) {
    std::vector<std::string> segments;
    for (std::string_view s : split(pattern)) segments.emplace_back(s);
    routes_.push_back({methods, std::move(segments), std::move(handler)});
  }

  // The first route (in the order added) that takes the method and the path. A trailing slash
  // is no segment of its own: "/api/games/" is "/api/games".
  Found find(boost::beast::http::verb method, std::string_view path) const {
    const std::vector<std::string_view> segments = split(path);
    const uint8_t bit = method_bit(method);
    Found found;
    for (const Route& r : routes_) {
      std::vector<std::string_view> params;
      if (!matches(r.segments, segments, params)) continue;
      if (r.methods & bit) return {&r.handler, std::move(params), 0};
      found.allow |= r.methods;
    }
    return found;
  }

 private:
  struct Route {
    uint8_t methods;
    std::vector<std::string> segments;
    Handler handler;
  };

  static std::vector<std::string_view> split(std::string_view path) {
    std::vector<std::string_view> out;
    if (path.starts_with('/')) path.remove_prefix(1);
    while (!path.empty()) {
      const size_t slash = path.find('/');
      out.push_back(path.substr(0, slash));
      if (slash == std::string_view::npos) break;
      path.remove_prefix(slash + 1);
    }
    return out;
  }

  static bool matches(const std::vector<std::string>& pattern, const std::vector<std::string_view>& segments,
                      std::vector<std::string_view>& params) {
    if (pattern.size() != segments.size()) return false;
    for (size_t i = 0; i < pattern.size(); ++i) {
      if (pattern[i].starts_with('{')) {
        if (segments[i].empty()) return false;
        params.push_back(segments[i]);
      } else if (pattern[i] != segments[i]) {
        return false;
      }
    }
    return true;
  }

  std::vector<Route> routes_;
};

}  // namespace kirin::server::http
