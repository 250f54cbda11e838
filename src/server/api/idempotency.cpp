#include "server/api/idempotency.h"

#include <nlohmann/json.hpp>
#include <optional>

#include "server/api/responses.h"
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

// A response as text for the store, and back: its status, headers and body.
std::string response_text(const http::Response& res) {
  nlohmann::json headers = nlohmann::json::array();
  for (const auto& field : res)
    if (field.name() != boost::beast::http::field::content_length)
      headers.push_back({std::string(field.name_string()), std::string(field.value())});
  return nlohmann::json{{"status", res.result_int()}, {"headers", headers}, {"body", res.body()}}.dump();
}

std::optional<http::Response> response_of(const std::string& text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("status") || !j["status"].is_number_unsigned() || !j.contains("body") ||
      !j["body"].is_string() || !j.contains("headers") || !j["headers"].is_array())
    return std::nullopt;
  http::Response res{static_cast<boost::beast::http::status>(j["status"].get<unsigned>()), 11};
  for (const auto& h : j["headers"]) {
    if (!h.is_array() || h.size() != 2 || !h[0].is_string() || !h[1].is_string()) return std::nullopt;
    res.set(h[0].get<std::string>(), h[1].get<std::string>());
  }
  res.body() = j["body"].get<std::string>();
  res.prepare_payload();
  return res;
}

bool kept(const http::Response& res) {
  const unsigned status = res.result_int();
  return status != 429 && status < 500;
}

}  // namespace

http::RouteResult IdempotencyKeys::once(const http::Request& req, const std::string& owner, const std::string& path,
                                        const std::function<http::RouteResult()>& answer) {
  const auto header = req.find("Idempotency-Key");
  if (header == req.end()) return answer();
  const std::string_view key = header->value();
  if (!valid_key(key)) return error_response(400, "Idempotency-Key must be 1-255 printable ASCII characters");
  // Whose key: the session's or the seat's, else the key's alone. Hashed: no token is kept in
  // the clear.
  if (owner.empty() && key.size() < 16)
    return error_response(400,
                          "an Idempotency-Key sent without a session or a seat's token must be at least 16 "
                          "characters (a UUID)");
  const std::string scope = token_hash(owner + '\n' + path + '\n' + std::string(key));
  const std::string fingerprint = token_hash(req.body());
  auto claimed = keys_.claim(scope, fingerprint);
  if (!claimed) return error_response(503, "could not check the Idempotency-Key: " + claimed.error());
  switch (claimed->claim) {
    case RequestKeys::Claim::OTHER_REQUEST:
      return error_response(422, "this Idempotency-Key was used for a different request");
    case RequestKeys::Claim::BUSY:
      return error_response(409, "a request with this Idempotency-Key is still being answered");
    case RequestKeys::Claim::ANSWERED: {
      auto again = response_of(claimed->answer);
      if (!again) return error_response(500, "the answer kept for this Idempotency-Key is damaged");
      again->set("Idempotent-Replayed", "true");
      return *again;
    }
    case RequestKeys::Claim::MINE:
      break;
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
    inner->on_response([this, scope, outer](http::Answer answer) {
      if (auto* res = std::get_if<http::Response>(&answer))
        finish(scope, *res);
      else
        forget(scope);
      outer->fulfil(std::move(answer));
    });
    return outer;
  } else {
    forget(scope);  // an event stream is no action to repeat
  }
  return result;
}

void IdempotencyKeys::finish(const std::string& key, const http::Response& res) {
  if (!kept(res)) return forget(key);
  keys_.answer(key, response_text(res));
}

void IdempotencyKeys::forget(const std::string& key) { keys_.forget(key); }

}  // namespace kirin::server
