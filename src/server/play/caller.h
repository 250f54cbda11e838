// Who asks to act in a game: the holder of a seat's token (anonymous seats, old clients), the
// account a session cookie logs in (a seat it owns, from any device), or both.
#pragma once
#include <cstdint>
#include <string>

namespace kirin::server {

struct Caller {
  std::string token;    // "" if none was given
  int64_t account = 0;  // 0: not logged in
  std::string name;     // the account's name, for a seat it takes
  // The client's address ("" for the server's own work): a game its request loads counts
  // against that address's share of the games cache (RoundCache).
  std::string address;
};

}  // namespace kirin::server
