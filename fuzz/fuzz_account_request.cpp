// libFuzzer target for /api/account: the first byte picks the verb (signup, login, logout,
// password, close, who am I); the rest is split at the first newline into a Cookie header and a
// JSON body. Through the account request parser, the cookie reader and the routes, over a
// service on an in-memory store with the cheapest password hashing. Every answer must be a
// well-formed JSON response, and none shows a password's hash.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>

#include "fuzz_api.h"
#include "fuzz_common.h"
#include "server/api/api.h"
#include "server/api/request.h"
#include "server/engine/bot.h"
#include "server/env.h"
#include "server/store/store.h"

using namespace kirin;
namespace bh = boost::beast::http;

namespace {

server::Api& api() {
  static std::unique_ptr<server::Env> service = [] {
    auto store = server::open_sqlite_store(":memory:");
    if (!store) std::abort();
    server::ServiceOptions options{.engine_queue = 4};
    options.accounts.password_cost = server::PasswordCost::MINIMAL;
    return std::make_unique<server::Env>(
        std::move(*store), [] { return server::make_material_bot(1); }, options);
  }();
  static server::Api routes(*service, "", {.analyses_per_minute = 0, .signups_per_hour = 0});
  return routes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const char* const VERBS[] = {"signup", "login", "logout", "password", "close", ""};
  const std::string verb = VERBS[data[0] % 6];
  const std::string rest = fuzz::text_after_selector(data, size);
  const size_t newline = rest.find('\n');
  const std::string cookie = rest.substr(0, newline),
                    body = newline == std::string::npos ? "" : rest.substr(newline + 1);
  server::http::Request req{verb.empty() ? bh::verb::get : bh::verb::post,
                            verb.empty() ? "/api/account" : "/api/account/" + verb, 11};
  req.set(bh::field::host, "kirin.example");
  req.set(bh::field::origin, "http://kirin.example");
  req.set(bh::field::content_type, "application/json");
  // A header value the parser would have refused (a line break) is no request.
  if (cookie.find_first_of("\r\n") != std::string::npos || body.size() > 4096) return 0;
  req.set(bh::field::cookie, cookie);
  req.body() = body;
  req.prepare_payload();
  (void)server::cookie_of(req, "kirin_session");
  auto parsed = nlohmann::json::parse(body, nullptr, false);
  if (parsed.is_object()) (void)server::parse_account_request(parsed);
  // A password is hashed on the request workers: that answer comes later.
  auto res = fuzz::answer_of(api().handle(req, "127.0.0.1"));
  fuzz::require(res.has_value(), "an account route answers within 5 s");
  fuzz::require(res->result_int() >= 200 && res->result_int() <= 599, "a status");
  auto answer = nlohmann::json::parse(res->body(), nullptr, false);
  fuzz::require(answer.is_object(), "a JSON object");
  if (res->result_int() >= 400) fuzz::require(answer.contains("error"), "an error says why");
  fuzz::require(res->body().find("$argon2id$") == std::string::npos, "no password hash shown");
  return 0;
}
