// How often the site listens to a password (429 with Retry-After), as lichess guards its logins:
// - per client address and name: three wrong tries free, then a wait that doubles with each
//   further one (2 s, 4 s, ... up to 15 minutes), forgotten a day after the last or at a right
//   one. A typo costs the owner nothing; a guesser at one address gets a few dozen tries a day.
// - per client address, whatever the names: 10 wrong tries in 5 minutes, and 30 tries of any
//   outcome (each right one opens a 30-day session row).
// - per account from all addresses together: 50 wrong in an hour, after which only the addresses
//   that logged into it before may try. A crowd of addresses slows the guessing of one password
//   but cannot lock its owner out of the places they log in from.
// - per session, the password a password change or a closing asks for again: 5 wrong in 15
//   minutes (a stolen cookie does not become a password oracle).
// A refused try is not checked and so not counted. Everything is counted in each server's memory,
// not in the store: a site of several servers multiplies the limits by their number, and a
// restart forgets an account's known addresses (for its owner, an hour's lockout at worst).
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace kirin::server {

struct LoginLimitOptions {
  int free_failures = 3;
  std::chrono::seconds first_delay{2};
  std::chrono::seconds max_delay{900};
  std::chrono::seconds forget_after{86400};
  int per_address = 10;
  std::chrono::seconds address_window{300};
  int attempts_per_address = 30;
  int per_account = 50;
  std::chrono::seconds account_window{3600};
  int per_session = 5;
  std::chrono::seconds session_window{900};
};

class LoginLimits {
 public:
  using Clock = std::chrono::steady_clock;
  explicit LoginLimits(LoginLimitOptions options = {}) : options_(options) {}
  // Seconds until `address` may try `name_key` again; 0 if it may now.
  int wait(const std::string& address, const std::string& name_key, Clock::time_point now = Clock::now());
  // A try from `address` for `name_key` was checked: wrong, or right (which clears its delay and
  // makes `address` one of the account's own).
  void failed(const std::string& address, const std::string& name_key, Clock::time_point now = Clock::now());
  void succeeded(const std::string& address, const std::string& name_key, Clock::time_point now = Clock::now());

  // The same for the password asked again within a session (`session_key`: not the cookie itself).
  int session_wait(const std::string& session_key, Clock::time_point now = Clock::now());
  void session_failed(const std::string& session_key, Clock::time_point now = Clock::now());

 private:
  // Tries counted from the first one of a window; the count starts again once it has passed.
  struct Window {
    int count = 0;
    Clock::time_point since;
  };
  using Windows = std::unordered_map<std::string, Window>;
  // Wrong tries from one address for one name, and when the last was.
  struct Delay {
    int failures = 0;
    Clock::time_point last;
  };
  // With mu_ held: seconds until the window of `key` lets a try through; 0 if it does.
  static int wait_in(Windows& windows, const std::string& key, int max, Clock::duration length, Clock::time_point now);
  static void count_in(Windows& windows, const std::string& key, Clock::duration length, Clock::time_point now);
  int delay_wait(const std::string& key, Clock::time_point now) const;
  bool known(const std::string& address, const std::string& name_key) const;

  const LoginLimitOptions options_;
  std::mutex mu_;
  Windows failures_by_address_, attempts_by_address_, by_account_, by_session_;
  std::unordered_map<std::string, Delay> delays_;  // by address and name
  // The addresses each account last logged in from (a few), which its lockout lets through.
  std::unordered_map<std::string, std::vector<std::string>> own_addresses_;
};

}  // namespace kirin::server
