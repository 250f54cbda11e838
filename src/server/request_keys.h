// Where Idempotency-Key entries are kept, whatever the transport: in this server's memory when
// it alone uses the store, in the store when several servers share it, so that a retry reaching
// another server is answered as the first request was. An entry is a key (already scoped to its
// client and path), the first request's fingerprint, and its answer once given.
#pragma once
#include <chrono>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "core/result.h"
#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

class RequestKeys {
 public:
  static constexpr int64_t KEPT_MS = 24 * 3600 * 1000;  // how long a key is remembered
  // A key still unanswered after this long lost its server (on a shared store): taken over.
  static constexpr int64_t STALE_MS = 10 * 60 * 1000;
  static constexpr size_t MAX_KEYS = 20000;  // in memory: the oldest go first beyond this

  RequestKeys(GameStore& store, Failures fail) : store_(store), fail_(std::move(fail)) {}

  enum class Claim {
    MINE,          // a new key, now the caller's to answer
    ANSWERED,      // answered before: `answer` is what was kept
    BUSY,          // its first request is still being answered
    OTHER_REQUEST  // the key came with a different request
  };
  struct Claimed {
    Claim claim;
    std::string answer;
  };
  // An error when the store could not be asked (then nothing was claimed).
  Result<Claimed> claim(const std::string& key, const std::string& fingerprint);
  // A store that fails here is logged: the key then stays "being answered" until it is stale,
  // so that a retry is refused (NOT_NOW) rather than acting twice.
  void answer(const std::string& key, const std::string& answer);
  void forget(const std::string& key);

 private:
  struct Entry {
    std::string fingerprint;
    std::optional<std::string> answer;  // none while the first request is answered
    std::chrono::steady_clock::time_point at;
  };
  void expire(std::chrono::steady_clock::time_point now);  // with mu_ held

  GameStore& store_;
  const Failures fail_;
  std::mutex mu_;
  std::unordered_map<std::string, Entry> entries_;
  std::deque<std::pair<std::chrono::steady_clock::time_point, std::string>> order_;  // oldest first
};

}  // namespace kirin::server
