#include "server/http/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace kirin::server {

RateLimiter::Bucket& RateLimiter::refill(const std::string& client, Clock::time_point now) {
  // Full buckets say nothing a new one would not: forget them when the table grows, so that
  // many addresses cannot grow it without bound.
  if (buckets_.size() > 10'000)
    std::erase_if(buckets_, [&](const auto& kv) {
      return kv.second.tokens + std::chrono::duration<double>(now - kv.second.at).count() * per_second_ >= burst_;
    });
  auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    b.tokens = std::min(burst_, b.tokens + std::chrono::duration<double>(now - b.at).count() * per_second_);
    b.at = now;
  }
  return b;
}

bool RateLimiter::allow(const std::string& client, Clock::time_point now) {
  if (burst_ <= 0) return true;
  std::lock_guard lock(mu_);
  Bucket& b = refill(client, now);
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

int RateLimiter::retry_after(const std::string& client, Clock::time_point now) {
  std::lock_guard lock(mu_);
  Bucket& b = refill(client, now);
  if (b.tokens >= 1 || per_second_ <= 0) return 1;
  return std::max(1, int(std::ceil((1 - b.tokens) / per_second_)));
}

}  // namespace kirin::server
