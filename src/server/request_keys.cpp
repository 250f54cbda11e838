#include "server/request_keys.h"

namespace kirin::server {

Result<RequestKeys::Claimed> RequestKeys::claim(const std::string& key, const std::string& fingerprint) {
  if (store_.shared()) {
    auto kept = store_.request_keys().claim(key, fingerprint, KEPT_MS, STALE_MS);
    if (!kept) return Error{kept.error()};
    if (!*kept) return Claimed{Claim::MINE, ""};
    if ((*kept)->fingerprint != fingerprint) return Claimed{Claim::OTHER_REQUEST, ""};
    if (!(*kept)->answered) return Claimed{Claim::BUSY, ""};
    return Claimed{Claim::ANSWERED, (*kept)->answer};
  }
  std::lock_guard lock(mu_);
  const auto now = std::chrono::steady_clock::now();
  expire(now);
  if (auto it = entries_.find(key); it != entries_.end()) {
    if (it->second.fingerprint != fingerprint) return Claimed{Claim::OTHER_REQUEST, ""};
    if (!it->second.answer) return Claimed{Claim::BUSY, ""};
    return Claimed{Claim::ANSWERED, *it->second.answer};
  }
  entries_.emplace(key, Entry{fingerprint, std::nullopt, now});
  order_.emplace_back(now, key);
  return Claimed{Claim::MINE, ""};
}

void RequestKeys::answer(const std::string& key, const std::string& answer) {
  if (store_.shared()) {
    if (auto kept = store_.request_keys().answer(key, answer); !kept) fail_("keeping a request's answer", kept.error());
    return;
  }
  std::lock_guard lock(mu_);
  if (auto it = entries_.find(key); it != entries_.end()) it->second.answer = answer;
}

void RequestKeys::forget(const std::string& key) {
  if (store_.shared()) {
    if (auto gone = store_.request_keys().forget(key); !gone) fail_("forgetting a request key", gone.error());
    return;
  }
  std::lock_guard lock(mu_);
  entries_.erase(key);
}

void RequestKeys::expire(std::chrono::steady_clock::time_point now) {
  while (!order_.empty() &&
         (now - order_.front().first > std::chrono::milliseconds(KEPT_MS) || order_.size() > MAX_KEYS)) {
    // A key forgotten and used again has a newer entry: that one stays.
    if (auto it = entries_.find(order_.front().second); it != entries_.end() && it->second.at == order_.front().first)
      entries_.erase(it);
    order_.pop_front();
  }
}

}  // namespace kirin::server
