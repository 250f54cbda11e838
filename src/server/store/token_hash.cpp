#include "server/store/token_hash.h"

#include <openssl/sha.h>

namespace kirin::server {

std::string lower_hex(const unsigned char* p, size_t n) {
  constexpr char HEX[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    out += HEX[p[i] >> 4];
    out += HEX[p[i] & 15];
  }
  return out;
}

std::string token_hash(std::string_view token) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(token.data()), token.size(), digest);
  return lower_hex(digest, sizeof digest);
}

}  // namespace kirin::server
