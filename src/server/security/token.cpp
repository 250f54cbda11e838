#include "server/security/token.h"

#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace kirin::server {
namespace {

constexpr char HEX[] = "0123456789abcdef";

std::string hex(const unsigned char* p, size_t n) {
  std::string out;
  out.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    out += HEX[p[i] >> 4];
    out += HEX[p[i] & 15];
  }
  return out;
}

}  // namespace

std::string random_hex(int bytes) {
  std::vector<unsigned char> buf(bytes);
  for (size_t got = 0; got < buf.size();) {
    ssize_t n = getrandom(buf.data() + got, buf.size() - got, 0);
    if (n < 0 && errno == EINTR) continue;
    // Without the kernel's generator there is no safe token to give: refuse loudly.
    if (n < 0) throw std::runtime_error("getrandom failed: no secure random numbers");
    got += size_t(n);
  }
  return hex(buf.data(), buf.size());
}

std::string new_token() { return random_hex(16); }

std::string token_hash(std::string_view token) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(token.data()), token.size(), digest);
  return hex(digest, sizeof digest);
}

bool token_matches(std::string_view token, std::string_view stored) {
  if (token.empty() || stored.size() != 2 * SHA256_DIGEST_LENGTH) return false;
  const std::string h = token_hash(token);
  return CRYPTO_memcmp(h.data(), stored.data(), h.size()) == 0;
}

}  // namespace kirin::server
