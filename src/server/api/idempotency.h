// Idempotency-Key on the API's POSTs (draft-ietf-httpapi-idempotency-key-header, as Stripe
// defines it): a request sent again with the same key -- a retry after a lost answer, a double
// click -- is answered with the first request's answer and does not act twice. A key belongs to
// one client (its bearer token, else its address) and one path, and is remembered for 24 hours.
// The same key with a different body is a 422; while the first request is still being answered,
// a second with its key is a 409. Answers that invite a retry (429, 5xx) are not kept.
// Kept in this server's memory (DESIGN.md: one instance's; a retry that reaches another instance
// of a shared store acts again, as without a key).
#pragma once
#include <chrono>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/http/exchange.h"

namespace kirin::server {

class IdempotencyKeys {
 public:
  static constexpr std::chrono::hours KEPT{24};
  static constexpr size_t MAX_KEYS = 20000;  // the oldest go first beyond this

  // The answer to `req` (a POST carrying an Idempotency-Key) from `client`: `answer()`'s the first
  // time, the kept one after. `req` without the header is answered by `answer()` alone.
  http::RouteResult once(const http::Request& req, const std::string& client, const std::string& path,
                         const std::function<http::RouteResult()>& answer);

 private:
  struct Entry {
    std::string fingerprint;                 // the request body's SHA-256
    std::optional<http::Response> response;  // none while the first request is answered
    std::chrono::steady_clock::time_point at;
  };
  // Keeps `res` for `scope` (or forgets the key, for an answer that invites a retry).
  void finish(const std::string& scope, const http::Response& res);
  void forget(const std::string& scope);
  void expire(std::chrono::steady_clock::time_point now);  // with mu_ held

  std::mutex mu_;
  std::unordered_map<std::string, Entry> entries_;
  std::deque<std::pair<std::chrono::steady_clock::time_point, std::string>> order_;  // oldest first
};

}  // namespace kirin::server
