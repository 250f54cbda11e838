// A browser's side of the account tests: requests to a TestServer that carry the session cookie
// the server set (as a browser keeps it), an Origin, and the address a trusted proxy names.
#pragma once
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>

#include "server_test_util.h"

namespace kirin::test {

// A server whose password hashing is libsodium's cheapest, so that a test may log in a thousand
// times (kirin serve always hashes at the interactive limits).
inline ServerSetup quick_hashing() {
  ServerSetup s;
  s.service.accounts.password_cost = server::PasswordCost::MINIMAL;
  return s;
}

struct AccountReply {
  int status = 0;
  nlohmann::json body;
  std::string set_cookie, retry_after;
};

class Browser {
 public:
  explicit Browser(int port, std::string origin = "") : origin_(std::move(origin)), port_(port) {
    if (origin_.empty()) origin_ = "http://127.0.0.1:" + std::to_string(port);
  }
  std::string cookie;         // the kirin_session value held, "" for none
  std::string origin_;        // sent as Origin on POSTs ("" sends none)
  std::string forwarded_for;  // sent as X-Forwarded-For (for a server that trusts 127.0.0.1)
  std::string forwarded_proto;

  AccountReply post(const std::string& path, const nlohmann::json& body = nlohmann::json::object()) {
    return send(true, path, body.dump());
  }
  AccountReply get(const std::string& path) { return send(false, path, ""); }

 private:
  AccountReply send(bool post, const std::string& path, const std::string& body) {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30);
    httplib::Headers h;
    if (!cookie.empty()) h.emplace("Cookie", "theme=dark; kirin_session=" + cookie);
    if (post && !origin_.empty()) h.emplace("Origin", origin_);
    if (!forwarded_for.empty()) h.emplace("X-Forwarded-For", forwarded_for);
    if (!forwarded_proto.empty()) h.emplace("X-Forwarded-Proto", forwarded_proto);
    auto r = post ? c.Post(path, h, body, "application/json") : c.Get(path, h);
    AccountReply out;
    if (!r) return out;
    out.status = r->status;
    out.body = nlohmann::json::parse(r->body, nullptr, false);
    out.set_cookie = r->get_header_value("Set-Cookie");
    out.retry_after = r->get_header_value("Retry-After");
    // Keep what the server set, as a browser does (an empty value clears it).
    const std::string prefix = "kirin_session=";
    if (out.set_cookie.starts_with(prefix))
      cookie = out.set_cookie.substr(prefix.size(), out.set_cookie.find(';') - prefix.size());
    return out;
  }
  int port_;
};

// A browser that has just signed up as `name` (password "password1") and is logged in.
inline Browser signed_up(const TestServer& s, const std::string& name) {
  Browser b(s.port());
  auto r = b.post("/api/account/signup", {{"name", name}, {"password", "password1"}});
  EXPECT_EQ(r.status, 201) << r.body.dump();
  return b;
}

}  // namespace kirin::test
