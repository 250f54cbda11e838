#include "server/security/token.h"

#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace kirin::server {

std::string random_hex(int bytes) {
  std::vector<unsigned char> buf(bytes);
  for (size_t got = 0; got < buf.size();) {
    ssize_t n = getrandom(buf.data() + got, buf.size() - got, 0);
    if (n < 0 && errno == EINTR) continue;
    // Without the kernel's generator there is no safe token to give: refuse loudly.
    if (n < 0) throw std::runtime_error("getrandom failed: no secure random numbers");
    got += size_t(n);
  }
  return lower_hex(buf.data(), buf.size());
}

std::string new_token() { return random_hex(16); }

bool token_matches(std::string_view token, std::string_view stored) {
  if (token.empty() || stored.size() != 2 * SHA256_DIGEST_LENGTH) return false;
  const std::string h = token_hash(token);
  return CRYPTO_memcmp(h.data(), stored.data(), h.size()) == 0;
}

}  // namespace kirin::server
