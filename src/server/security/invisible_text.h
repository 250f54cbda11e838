// Characters that change how the text around them looks without being seen themselves: the
// bidirectional controls (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), which can turn
// "kirin" into something read backwards or reorder a whole line, and the zero-width ones
// (U+200B-U+200D, U+2060, U+FEFF), which make one name look like another. A display name may
// hold none; a chat line is shown without its bidirectional controls.
#pragma once
#include <string>
#include <string_view>

namespace kirin::server {

bool is_bidi_control(char32_t c);
bool is_zero_width(char32_t c);
// The first bidirectional control or zero-width character of `utf8` (valid UTF-8), or 0.
char32_t first_invisible(std::string_view utf8);
// `utf8` without its bidirectional controls (its other characters, zero-width joiners of emoji
// included, as they were), and without its zero-width characters too when asked (a name).
std::string without_bidi_controls(std::string_view utf8, bool zero_width_too = false);
// "U+202E", as a refusal names the character.
std::string code_point_name(char32_t c);

}  // namespace kirin::server
