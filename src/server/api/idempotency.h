// Idempotency-Key on the API's POSTs (draft-ietf-httpapi-idempotency-key-header, as Stripe
// defines it): a request sent again with the same key -- a retry after a lost answer, a double
// click -- is answered with the first request's answer and does not act twice. A key belongs to
// one path and to whoever sent it: the session (its cookie) of a logged-in player, else the
// seat's token the request carries (Authorization, or the body's "token"). A request with
// neither (an anonymous player creating a game) has only the key to scope it, never the
// address (a NAT's other users would share it and get the first answer, secret token and all):
// its key must be at least 16 characters, as unguessable as the token it is given back with (a
// UUID, as the draft's are). The key is remembered for 24 hours.
// The same key with a different body is a 422; while the first request is still being answered,
// a second with its key is a 409. Answers that invite a retry (429, 5xx) are not kept.
// The entries live in RequestKeys: on a store several servers share, in the store, so that a
// retry reaching another server is answered the same.
#pragma once
#include <functional>
#include <string>

#include "server/http/exchange.h"
#include "server/request_keys.h"

namespace kirin::server {

class IdempotencyKeys {
 public:
  explicit IdempotencyKeys(RequestKeys& keys) : keys_(keys) {}

  // The answer to `req` (a POST carrying an Idempotency-Key) from `owner` (the session cookie's
  // value, else the seat token it carries, "" for none): `answer()`'s the first time, the kept
  // one after. `req` without the header is answered by `answer()` alone.
  http::RouteResult once(const http::Request& req, const std::string& owner, const std::string& path,
                         const std::function<http::RouteResult()>& answer);

 private:
  // Keeps `res` for `key` (or forgets the key, for an answer that invites a retry).
  void finish(const std::string& key, const http::Response& res);
  void forget(const std::string& key);

  RequestKeys& keys_;
};

}  // namespace kirin::server
