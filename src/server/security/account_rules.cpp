#include "server/security/account_rules.h"

namespace kirin::server {

std::optional<Refused> refuse_account_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 20) return Refused{Refusal::NAME_LENGTH};
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
      return Refused{Refusal::NAME_CHARACTERS};
  return std::nullopt;
}

std::optional<Refused> refuse_password(std::string_view password) {
  size_t chars = 0;
  for (unsigned char c : password)
    if ((c & 0xC0) != 0x80) ++chars;
  if (chars < 8) return Refused{Refusal::PASSWORD_SHORT};
  if (chars > 256) return Refused{Refusal::PASSWORD_LONG};
  return std::nullopt;
}

Result<void> check_account_name(std::string_view name) {
  if (auto refused = refuse_account_name(name)) return Error{words_of(*refused)};
  return {};
}

Result<void> check_password(std::string_view password) {
  if (auto refused = refuse_password(password)) return Error{words_of(*refused)};
  return {};
}

std::string account_name_key(std::string_view name) {
  std::string key(name);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return key;
}

}  // namespace kirin::server
