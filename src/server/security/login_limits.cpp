#include "server/security/login_limits.h"

#include <algorithm>
#include <cmath>

namespace kirin::server {

namespace {
// Entries kept before the passed ones are swept (each is a few dozen bytes).
constexpr size_t SWEEP_AT = 10'000;
// Addresses remembered per account: home, work, a phone or two.
constexpr size_t OWN_ADDRESSES = 8;

std::string pair_key(const std::string& address, const std::string& name_key) { return address + '\n' + name_key; }

int seconds_until(LoginLimits::Clock::duration left) {
  if (left <= LoginLimits::Clock::duration::zero()) return 0;
  return std::max(1, int(std::ceil(std::chrono::duration<double>(left).count())));
}
}  // namespace

int LoginLimits::wait(const std::string& address, const std::string& name_key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  int w = std::max({wait_in(failures_by_address_, address, options_.per_address, options_.address_window, now),
                    wait_in(attempts_by_address_, address, options_.attempts_per_address, options_.address_window, now),
                    delay_wait(pair_key(address, name_key), now)});
  if (!known(address, name_key))
    w = std::max(w, wait_in(by_account_, name_key, options_.per_account, options_.account_window, now));
  return w;
}

void LoginLimits::failed(const std::string& address, const std::string& name_key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  count_in(failures_by_address_, address, options_.address_window, now);
  count_in(attempts_by_address_, address, options_.address_window, now);
  count_in(by_account_, name_key, options_.account_window, now);
  if (delays_.size() >= SWEEP_AT)
    std::erase_if(delays_, [&](const auto& d) { return d.second.last + options_.forget_after <= now; });
  Delay& d = delays_[pair_key(address, name_key)];
  if (d.failures > 0 && d.last + options_.forget_after <= now) d.failures = 0;
  ++d.failures;
  d.last = now;
}

void LoginLimits::succeeded(const std::string& address, const std::string& name_key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  count_in(attempts_by_address_, address, options_.address_window, now);
  delays_.erase(pair_key(address, name_key));
  // Only a right password makes an entry: there are no more of them than accounts.
  auto& own = own_addresses_[name_key];
  std::erase(own, address);
  own.insert(own.begin(), address);
  if (own.size() > OWN_ADDRESSES) own.resize(OWN_ADDRESSES);
}

int LoginLimits::session_wait(const std::string& session_key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  return wait_in(by_session_, session_key, options_.per_session, options_.session_window, now);
}

void LoginLimits::session_failed(const std::string& session_key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  count_in(by_session_, session_key, options_.session_window, now);
}

int LoginLimits::delay_wait(const std::string& key, Clock::time_point now) const {
  auto it = delays_.find(key);
  if (it == delays_.end() || it->second.failures < options_.free_failures) return 0;
  if (it->second.last + options_.forget_after <= now) return 0;
  // Twice as long for each failure past the free ones, capped (the shift bounded well before it
  // could overflow).
  const int doublings = std::min(it->second.failures - options_.free_failures, 20);
  const auto delay = std::min<Clock::duration>(options_.first_delay * (int64_t(1) << doublings), options_.max_delay);
  return seconds_until(it->second.last + delay - now);
}

bool LoginLimits::known(const std::string& address, const std::string& name_key) const {
  auto it = own_addresses_.find(name_key);
  return it != own_addresses_.end() && std::ranges::find(it->second, address) != it->second.end();
}

int LoginLimits::wait_in(Windows& windows, const std::string& key, int max, Clock::duration length,
                         Clock::time_point now) {
  auto it = windows.find(key);
  if (it == windows.end() || it->second.count < max) return 0;
  return seconds_until(it->second.since + length - now);
}

void LoginLimits::count_in(Windows& windows, const std::string& key, Clock::duration length, Clock::time_point now) {
  if (windows.size() >= SWEEP_AT) std::erase_if(windows, [&](const auto& w) { return w.second.since + length <= now; });
  Window& w = windows[key];
  if (w.count == 0 || w.since + length <= now) w = Window{0, now};
  ++w.count;
}

}  // namespace kirin::server
