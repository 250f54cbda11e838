#include "server/api/idempotency.h"

#include "server/api/replies.h"
#include "server/security/token.h"

namespace kirin::server {

namespace {

// A key is an opaque string; the draft's are UUIDs. Printable ASCII, at most 255 characters.
bool valid_key(std::string_view key) {
  if (key.empty() || key.size() > 255) return false;
  for (unsigned char c : key)
    if (c < 0x21 || c > 0x7e) return false;
  return true;
}

bool kept(const http::Response& res) {
  const unsigned status = res.result_int();
  return status != 429 && status < 500;
}

}  // namespace

http::RouteResult IdempotencyKeys::once(const http::Request& req, const std::string& client, const std::string& path,
                                        const std::function<http::RouteResult()>& answer) {
  const auto header = req.find("Idempotency-Key");
  if (header == req.end()) return answer();
  const std::string_view key = header->value();
  if (!valid_key(key)) return error_response(400, "Idempotency-Key must be 1-255 printable ASCII characters");
  // Whose key: the player's token, else the address. Hashed: no token is kept in the clear.
  const std::string_view auth = req[boost::beast::http::field::authorization];
  const std::string scope =
      token_hash(std::string(auth.empty() ? client : std::string(auth)) + '\n' + path + '\n' + std::string(key));
  const std::string fingerprint = token_hash(req.body());
  {
    std::lock_guard lock(mu_);
    const auto now = std::chrono::steady_clock::now();
    expire(now);
    if (auto it = entries_.find(scope); it != entries_.end()) {
      if (it->second.fingerprint != fingerprint)
        return error_response(422, "this Idempotency-Key was used for a different request");
      if (!it->second.response)
        return error_response(409, "a request with this Idempotency-Key is still being answered");
      http::Response again = *it->second.response;
      again.set("Idempotent-Replayed", "true");
      return again;
    }
    entries_.emplace(scope, Entry{fingerprint, std::nullopt, now});
    order_.emplace_back(now, scope);
  }
  http::RouteResult result;
  try {
    result = answer();
  } catch (...) {
    forget(scope);
    throw;
  }
  if (auto* res = std::get_if<http::Response>(&result)) {
    finish(scope, *res);
  } else if (auto* pending = std::get_if<std::shared_ptr<http::PendingReply>>(&result)) {
    // Engine work answered later: kept when it is given, forgotten if nobody takes it.
    auto inner = *pending;
    auto outer = std::make_shared<http::PendingReply>(inner->deadline(), [this, scope, inner] {
      forget(scope);
      inner->cancel();
    });
    inner->on_response([this, scope, outer](http::Response res) {
      finish(scope, res);
      outer->fulfil(std::move(res));
    });
    return outer;
  } else {
    forget(scope);  // an event stream is no action to repeat
  }
  return result;
}

void IdempotencyKeys::finish(const std::string& scope, const http::Response& res) {
  if (!kept(res)) return forget(scope);
  std::lock_guard lock(mu_);
  if (auto it = entries_.find(scope); it != entries_.end()) it->second.response = res;
}

void IdempotencyKeys::forget(const std::string& scope) {
  std::lock_guard lock(mu_);
  entries_.erase(scope);
}

void IdempotencyKeys::expire(std::chrono::steady_clock::time_point now) {
  while (!order_.empty() && (now - order_.front().first > KEPT || order_.size() > MAX_KEYS)) {
    // A key forgotten and used again has a newer entry: that one stays.
    if (auto it = entries_.find(order_.front().second); it != entries_.end() && it->second.at == order_.front().first)
      entries_.erase(it);
    order_.pop_front();
  }
}

}  // namespace kirin::server
