// Who a request is from. Behind a reverse proxy (nginx) every connection comes from the proxy,
// so the per-address limits and the log would see one client; a request from a proxy the
// operator trusts names its client in X-Forwarded-For (each proxy appends the address it saw).
#pragma once
#include <string>
#include <vector>

#include "server/http/exchange.h"

namespace kirin::server::http {

// `peer` when it is not a trusted proxy; else the rightmost X-Forwarded-For address that is not
// a trusted proxy (addresses to its left are the client's own claims, which anyone can forge),
// normalised; `peer` again when the header is missing or not an address.
std::string client_address(const Request& req, const std::string& peer,
                           const std::vector<std::string>& trusted_proxies);

// Removes X-Forwarded-Proto and X-Forwarded-Host from a request that no trusted proxy sent: they
// are the client's own claims then, and the routes that read them (whether the browser came over
// TLS, the site's origin) may trust what is left.
void drop_forged_forwarding(Request& req, const std::string& peer, const std::vector<std::string>& trusted_proxies);

}  // namespace kirin::server::http
