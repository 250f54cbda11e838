// How many wrong passwords the site hears before it stops listening (429 with Retry-After):
// per client address (10 failures in 5 minutes), which stops one machine guessing; and per
// account from all addresses together (50 in an hour), which stops many machines guessing one
// password. A refused attempt is not checked and so not counted: 1,000 tries from one address
// count 10 against the account, and its owner still logs in from another address. The cost:
// a crowd of addresses can keep an account's logins closed for an hour at most. Failures are
// counted in each server's memory, not in the store (a site of several servers multiplies the
// limits by their number).
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kirin::server {

struct LoginLimitOptions {
  int per_address = 10;
  std::chrono::seconds address_window{300};
  int per_account = 50;
  std::chrono::seconds account_window{3600};
};

class LoginLimits {
 public:
  using Clock = std::chrono::steady_clock;
  explicit LoginLimits(LoginLimitOptions options = {}) : options_(options) {}
  // Seconds until `address` may try `name_key` again; 0 if it may now.
  int wait(const std::string& address, const std::string& name_key, Clock::time_point now = Clock::now());
  // A wrong name or password from `address` for `name_key`.
  void failed(const std::string& address, const std::string& name_key, Clock::time_point now = Clock::now());

 private:
  // Failures counted from the first one of a window; the count starts again once it has passed.
  struct Window {
    int failures = 0;
    Clock::time_point since;
  };
  using Windows = std::unordered_map<std::string, Window>;
  // With mu_ held: seconds until the window of `key` lets a try through; 0 if it does.
  static int wait_in(Windows& windows, const std::string& key, int max, Clock::duration length, Clock::time_point now);
  static void count_in(Windows& windows, const std::string& key, Clock::duration length, Clock::time_point now);

  const LoginLimitOptions options_;
  std::mutex mu_;
  Windows by_address_, by_account_;
};

}  // namespace kirin::server
