// UTF-8 helpers for records written by hand or by Asian software: characters one at a time, and
// the full-width forms (U+FF01..U+FF5E, the ideographic space U+3000) as their ASCII originals.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace kirin {

// The characters of a UTF-8 text, each as its bytes (a stray byte is a character of its own).
std::vector<std::string_view> utf8_chars(std::string_view text);
// `text` with full-width ASCII forms and the ideographic space made ASCII; the rest unchanged.
std::string ascii_from_fullwidth(std::string_view text);
// Does the text hold any byte outside ASCII?
bool has_non_ascii(std::string_view text);

}  // namespace kirin
