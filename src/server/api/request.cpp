#include "server/api/request.h"

#include <algorithm>
#include <cctype>

#include "server/api/responses.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string url_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += char(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

std::string query_param(std::string_view target, std::string_view name) {
  size_t q = target.find('?');
  if (q == std::string_view::npos) return "";
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    size_t amp = rest.find('&');
    std::string_view pair = rest.substr(0, amp);
    size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name) return eq == std::string_view::npos ? "" : url_decode(pair.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return "";
}

json parse_body(const http::Request& req, std::string& error) {
  if (req.body().empty()) return json::object();
  json body = json::parse(req.body(), nullptr, false);
  if (body.is_discarded())
    error = "bad JSON: the body does not parse";
  else if (!body.is_object())
    error = "bad JSON: the body must be an object";
  return body;
}

std::string token_of(const http::Request& req, const json& body) {
  std::string_view auth = req[bh::field::authorization];
  if (auth.starts_with("Bearer ")) return std::string(auth.substr(7));
  if (body.is_object() && body.contains("token")) return field_or(body, "token", "");
  return query_param(req.target(), "token");
}

std::string cookie_of(const http::Request& req, std::string_view name) {
  for (auto it = req.find(bh::field::cookie); it != req.end() && it->name() == bh::field::cookie; ++it) {
    std::string_view rest = it->value();
    while (!rest.empty()) {
      const size_t semi = rest.find(';');
      std::string_view pair = rest.substr(0, semi);
      while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
      const size_t eq = pair.find('=');
      if (eq != std::string_view::npos && pair.substr(0, eq) == name) {
        std::string_view value = pair.substr(eq + 1);
        while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
        return std::string(value);
      }
      if (semi == std::string_view::npos) break;
      rest.remove_prefix(semi + 1);
    }
  }
  return "";
}

Result<AccountRequest> parse_account_request(const json& body) {
  AccountRequest r;
  for (auto [key, out] : {std::pair{"name", &r.name}, {"password", &r.password}, {"new_password", &r.new_password}}) {
    if (!body.contains(key)) continue;
    if (!body[key].is_string()) return Error{std::string(key) + " must be a string"};
    *out = body[key].get<std::string>();
  }
  return r;
}

bool is_json(const http::Request& req) {
  std::string_view type = req[bh::field::content_type];
  std::string lower(type.substr(0, type.find(';')));
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  while (!lower.empty() && lower.back() == ' ') lower.pop_back();
  return lower == "application/json";
}

std::vector<std::string> comma_list(const std::string& text) {
  std::vector<std::string> out;
  for (size_t at = 0; at < text.size();) {
    size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    if (comma > at) out.push_back(text.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

}  // namespace kirin::server
