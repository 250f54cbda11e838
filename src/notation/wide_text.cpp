#include "notation/wide_text.h"

namespace kirin {

std::vector<std::string_view> utf8_chars(std::string_view t) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < t.size()) {
    const unsigned char c = static_cast<unsigned char>(t[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (i + n > t.size()) n = 1;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(t[i + k]) & 0xC0) != 0x80) n = 1;
    out.push_back(t.substr(i, n));
    i += n;
  }
  return out;
}

std::string ascii_from_fullwidth(std::string_view t) {
  std::string out;
  for (std::string_view ch : utf8_chars(t)) {
    if (ch.size() == 3) {
      const unsigned code = (unsigned(static_cast<unsigned char>(ch[0]) & 0x0F) << 12) |
                            (unsigned(static_cast<unsigned char>(ch[1]) & 0x3F) << 6) |
                            unsigned(static_cast<unsigned char>(ch[2]) & 0x3F);
      if (code >= 0xFF01 && code <= 0xFF5E) {
        out += char(code - 0xFF01 + 0x21);
        continue;
      }
      if (code == 0x3000) {
        out += ' ';
        continue;
      }
    }
    out += ch;
  }
  return out;
}

bool has_non_ascii(std::string_view t) {
  for (char c : t)
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

}  // namespace kirin
