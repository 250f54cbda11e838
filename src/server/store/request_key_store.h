// Request keys (Idempotency-Key) on a database several servers share, so that a retry reaching
// another server is answered as the first request was. A store only one server uses keeps none
// (the server keeps them itself): the table is in PostgreSQL's schema only.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "server/store/database.h"

namespace kirin::server {

// A request key's entry in the store.
struct KeptAnswer {
  std::string fingerprint;  // of the request that first came with the key
  bool answered = false;    // false while that request is being answered
  std::string answer;       // the answer kept, as the caller wrote it
};

class RequestKeyStore {
 public:
  explicit RequestKeyStore(Database& db) : db_(db) {}
  // nullopt when the key is new (now this caller's, for `fingerprint`), else what is kept of it.
  // An entry older than `kept_ms` is gone; one still unanswered after `stale_ms` (its server
  // went away) is taken over.
  Result<std::optional<KeptAnswer>> claim(const std::string& key, const std::string& fingerprint, int64_t kept_ms,
                                          int64_t stale_ms);
  Result<void> answer(const std::string& key, const std::string& answer);
  Result<void> forget(const std::string& key);

 private:
  Database& db_;
};

}  // namespace kirin::server
