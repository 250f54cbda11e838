// How often one client address may ask for something costly (an analysis): a token bucket per
// address, refilled at `per_minute`, holding at most `burst`.
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kirin::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double per_minute, double burst) : per_second_(per_minute / 60), burst_(burst) {}
  // Takes one token for `client` if it has one; `now` is for tests.
  bool allow(const std::string& client, Clock::time_point now = Clock::now());
  // Seconds until `client` has a token again (at least 1).
  int retry_after(const std::string& client, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens;
    Clock::time_point at;
  };
  Bucket& refill(const std::string& client, Clock::time_point now);  // with mu_ held
  const double per_second_, burst_;
  std::mutex mu_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace kirin::server
