#include "server/security/password.h"

#include <sodium.h>

#include <stdexcept>

namespace kirin::server {

void init_password_hashing() {
  // sodium_init: 0 started now, 1 already started, -1 failed.
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to start");
}

std::string hash_password(std::string_view password, PasswordCost cost) {
  init_password_hashing();
  const bool cheap = cost == PasswordCost::MINIMAL;
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(),
                        cheap ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        cheap ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw std::runtime_error("out of memory hashing a password");
  return out;
}

bool password_matches(std::string_view password, const std::string& stored) {
  if (stored.empty() || stored.size() >= crypto_pwhash_STRBYTES) return false;
  init_password_hashing();
  return crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0;
}

}  // namespace kirin::server
