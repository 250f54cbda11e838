#include "server/security/invisible_text.h"

#include <cstdio>

namespace kirin::server {

namespace {

// Calls `each(code point, its bytes)` along valid UTF-8.
template <class F>
void for_each_code_point(std::string_view s, F each) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = s[i];
    const size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (size_t k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (s[i + k] & 0x3F);
    each(cp, s.substr(i, n));
    i += n;
  }
}

}  // namespace

bool is_bidi_control(char32_t c) {
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

bool is_zero_width(char32_t c) { return (c >= 0x200B && c <= 0x200D) || c == 0x2060 || c == 0xFEFF; }

char32_t first_invisible(std::string_view utf8) {
  char32_t found = 0;
  for_each_code_point(utf8, [&](char32_t c, std::string_view) {
    if (!found && (is_bidi_control(c) || is_zero_width(c))) found = c;
  });
  return found;
}

std::string without_bidi_controls(std::string_view utf8, bool zero_width_too) {
  std::string out;
  out.reserve(utf8.size());
  for_each_code_point(utf8, [&](char32_t c, std::string_view bytes) {
    if (!is_bidi_control(c) && !(zero_width_too && is_zero_width(c))) out += bytes;
  });
  return out;
}

std::string code_point_name(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", unsigned(c));
  return buf;
}

}  // namespace kirin::server
