#include "server/security/login_limits.h"

#include <algorithm>
#include <cmath>

namespace kirin::server {

namespace {
// Windows kept before the passed ones are swept (each is a few dozen bytes).
constexpr size_t SWEEP_AT = 10'000;
}  // namespace

int LoginLimits::wait(const std::string& address, const std::string& name_key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  return std::max(wait_in(by_address_, address, options_.per_address, options_.address_window, now),
                  wait_in(by_account_, name_key, options_.per_account, options_.account_window, now));
}

void LoginLimits::failed(const std::string& address, const std::string& name_key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  count_in(by_address_, address, options_.address_window, now);
  count_in(by_account_, name_key, options_.account_window, now);
}

int LoginLimits::wait_in(Windows& windows, const std::string& key, int max, Clock::duration length,
                         Clock::time_point now) {
  auto it = windows.find(key);
  if (it == windows.end() || it->second.failures < max) return 0;
  const auto left = it->second.since + length - now;
  if (left <= Clock::duration::zero()) return 0;
  return std::max(1, int(std::ceil(std::chrono::duration<double>(left).count())));
}

void LoginLimits::count_in(Windows& windows, const std::string& key, Clock::duration length, Clock::time_point now) {
  if (windows.size() >= SWEEP_AT) std::erase_if(windows, [&](const auto& w) { return w.second.since + length <= now; });
  Window& w = windows[key];
  if (w.failures == 0 || w.since + length <= now) w = Window{0, now};
  ++w.failures;
}

}  // namespace kirin::server
