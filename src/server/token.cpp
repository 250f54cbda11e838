#include "server/token.h"

#include <random>

namespace kirin::server {

std::string random_hex(int bytes) {
  static constexpr char HEX[] = "0123456789abcdef";
  std::random_device dev;  // the kernel's generator: tokens must not be predictable
  std::string out;
  for (int i = 0; i < bytes; i += 4) {
    uint32_t r = dev();
    for (int j = 0; j < 4 && i + j < bytes; ++j, r >>= 8) {
      out += HEX[(r >> 4) & 15];
      out += HEX[r & 15];
    }
  }
  return out;
}

}  // namespace kirin::server
