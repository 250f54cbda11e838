#include "server/http/client_address.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>

namespace kirin::server::http {

namespace {

bool trusted(const std::string& address, const std::vector<std::string>& proxies) {
  return std::find(proxies.begin(), proxies.end(), address) != proxies.end();
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string client_address(const Request& req, const std::string& peer,
                           const std::vector<std::string>& trusted_proxies) {
  if (trusted_proxies.empty() || !trusted(peer, trusted_proxies)) return peer;
  auto field = req.find("X-Forwarded-For");
  if (field == req.end()) return peer;
  std::string_view list = field->value();
  // From the right: the first hop that no trusted proxy vouches for is the client.
  while (!list.empty()) {
    const size_t comma = list.rfind(',');
    std::string_view hop = trim(comma == std::string_view::npos ? list : list.substr(comma + 1));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(0, comma);
    boost::system::error_code ec;
    auto address = boost::asio::ip::make_address(std::string(hop), ec);
    if (ec) return peer;
    std::string normal = address.to_string();
    if (!trusted(normal, trusted_proxies)) return normal;
  }
  return peer;
}

void drop_forged_forwarding(Request& req, const std::string& peer, const std::vector<std::string>& trusted_proxies) {
  if (trusted(peer, trusted_proxies)) return;
  req.erase("X-Forwarded-Proto");
  req.erase("X-Forwarded-Host");
}

}  // namespace kirin::server::http
