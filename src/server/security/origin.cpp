#include "server/security/origin.h"

namespace kirin::server {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

}  // namespace

std::string site_origin(std::string_view host, bool tls) {
  // A proxy chain's X-Forwarded-Host may list several: the first is what the browser asked for.
  host = host.substr(0, host.find(','));
  while (!host.empty() && host.back() == ' ') host.remove_suffix(1);
  std::string h = lower(host);
  // The default port is left out of an origin.
  const std::string_view default_port = tls ? ":443" : ":80";
  if (h.ends_with(default_port)) h.resize(h.size() - default_port.size());
  return (tls ? "https://" : "http://") + h;
}

bool from_site(std::string_view origin, std::string_view referer, const std::string& site) {
  if (site.size() <= 8) return false;  // no Host: nothing to compare with
  if (!origin.empty()) return lower(origin) == site;
  if (referer.empty()) return false;
  const std::string r = lower(referer);
  return r == site || r.starts_with(site + "/");
}

}  // namespace kirin::server
