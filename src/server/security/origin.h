// Whether a state-changing request that a session cookie authorises comes from the site's own
// pages (as lichess checks its Origin header): a page of another site can make a browser send
// the cookie along (SameSite=Lax stops cross-site POSTs in today's browsers; this stops them in
// any browser, and from a sibling subdomain, which counts as the same site).
#pragma once
#include <string>
#include <string_view>

namespace kirin::server {

// The site's origin as a browser names it: "https://host[:port]", lower-cased. `host`: the Host
// header (or a trusted proxy's X-Forwarded-Host); `tls`: whether the browser came over TLS.
std::string site_origin(std::string_view host, bool tls);
// Whether the request's Origin header (or, when it has none, its Referer) is `site`. Neither
// header is no proof: refused.
bool from_site(std::string_view origin, std::string_view referer, const std::string& site);

}  // namespace kirin::server
