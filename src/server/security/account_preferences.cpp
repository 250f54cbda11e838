#include "server/security/account_preferences.h"

#include <array>
#include <string_view>

#include "notation/move_notation.h"

namespace kirin::server {

using nlohmann::json;

namespace {

// The site's languages, as BCP 47 tags (the pages' catalogs are named so).
constexpr std::array<std::string_view, 4> LANGUAGES = {"en", "zh-Hans", "zh-Hant", "ja"};

json or_null(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

// A value of `change` at `key`: nullopt to leave it, "" to clear it, else the text; or why not.
Result<std::optional<std::string>> text_at(const json& change, const char* key, const std::string& where) {
  if (!change.contains(key)) return std::optional<std::string>{};
  const json& v = change[key];
  if (v.is_null()) return std::optional<std::string>{""};
  if (!v.is_string()) return Error{where + " must be a string or null"};
  return std::optional<std::string>{v.get<std::string>()};
}

Result<void> only_keys(const json& object, std::initializer_list<std::string_view> keys, const std::string& where) {
  if (!object.is_object()) return Error{where + " must be an object"};
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (std::string_view k : keys) known = known || key == k;
    if (!known) return Error{"unknown preference '" + where + (where.empty() ? "" : ".") + key.substr(0, 32) + "'"};
  }
  return {};
}

bool known_language(std::string_view s) {
  for (std::string_view l : LANGUAGES)
    if (l == s) return true;
  return false;
}

// `name` as a notation of xiangqi (`xiangqi`) or of the shogi games; "" stays "".
Result<std::string> checked_notation(const std::string& name, bool xiangqi) {
  if (name.empty()) return name;
  auto n = parse_notation(name, xiangqi, xiangqi ? "xiangqi" : "the shogi games");
  if (!n) return Error{n.error()};
  return name;
}

}  // namespace

json preferences_json(const AccountPreferences& p) {
  return {{"language", or_null(p.language)},
          {"notation", {{"xiangqi", or_null(p.xiangqi_notation)}, {"shogi", or_null(p.shogi_notation)}}}};
}

Result<AccountPreferences> changed_preferences(AccountPreferences base, const json& change) {
  if (auto ok = only_keys(change, {"language", "notation"}, ""); !ok) {
    if (!change.is_object()) return Error{"the preferences must be a JSON object"};
    return Error{ok.error()};
  }
  auto language = text_at(change, "language", "language");
  if (!language) return Error{language.error()};
  if (*language) {
    if (!(*language)->empty() && !known_language(**language))
      return Error{"unknown language '" + (*language)->substr(0, 32) +
                   "': the site speaks en, zh-Hans, zh-Hant and ja"};
    base.language = **language;
  }
  if (!change.contains("notation")) return base;
  const json& notation = change["notation"];
  if (auto ok = only_keys(notation, {"xiangqi", "shogi"}, "notation"); !ok) return Error{ok.error()};
  for (auto [key, xiangqi, field] :
       {std::tuple{"xiangqi", true, &base.xiangqi_notation}, std::tuple{"shogi", false, &base.shogi_notation}}) {
    auto name = text_at(notation, key, std::string("notation.") + key);
    if (!name) return Error{name.error()};
    if (!*name) continue;
    auto checked = checked_notation(**name, xiangqi);
    if (!checked) return Error{checked.error()};
    *field = *checked;
  }
  return base;
}

std::string stored_text(const AccountPreferences& p) { return preferences_json(p).dump(); }

AccountPreferences read_stored(const std::string& text) {
  const json stored = json::parse(text, nullptr, false);
  AccountPreferences p;
  if (!stored.is_object()) return p;
  // Each field on its own: one a newer Kirin wrote, or a language since dropped, loses only itself.
  if (stored.contains("language")) {
    auto one = changed_preferences(p, {{"language", stored["language"]}});
    if (one) p = *one;
  }
  if (stored.contains("notation") && stored["notation"].is_object())
    for (const char* family : {"xiangqi", "shogi"})
      if (stored["notation"].contains(family)) {
        auto one = changed_preferences(p, {{"notation", {{family, stored["notation"][family]}}}});
        if (one) p = *one;
      }
  return p;
}

}  // namespace kirin::server
