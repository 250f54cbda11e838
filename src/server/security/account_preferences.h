// What a player chose for the pages, kept with their account so that it follows them to another
// browser: the language of the site's words and the notation moves are written in, one for
// xiangqi and one for the shogi games (lichess keeps such choices as account preferences too).
// An empty field is no choice: the pages decide (the browser's languages, their own default).
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"

namespace kirin::server {

struct AccountPreferences {
  std::string language;          // "", "en", "zh-Hans", "zh-Hant" or "ja"
  std::string xiangqi_notation;  // "" or a xiangqi notation's name (notation/move_notation.h)
  std::string shogi_notation;    // "" or a shogi notation's name
  bool operator==(const AccountPreferences&) const = default;
};

// {"language": "ja" | null, "notation": {"xiangqi": "chinese" | null, "shogi": "japanese" | null}}.
nlohmann::json preferences_json(const AccountPreferences& p);
// `base` with what `change` sets (the shape of preferences_json, every field optional; null clears one);
// a field or value not known is refused, naming it, and nothing is changed.
Result<AccountPreferences> changed_preferences(AccountPreferences base, const nlohmann::json& change);
// As the store keeps them (a JSON text), and back; a stored value no longer known reads as none.
std::string stored_text(const AccountPreferences& p);
AccountPreferences read_stored(const std::string& text);

}  // namespace kirin::server
