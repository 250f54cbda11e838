#include "server/security/account_rules.h"

namespace kirin::server {

Result<void> check_account_name(std::string_view name) {
  if (name.size() < 2 || name.size() > 20) return Error{"name must be 2 to 20 characters"};
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
      return Error{"name may hold only letters A-Z and a-z, digits, '_' and '-'"};
  return {};
}

Result<void> check_password(std::string_view password) {
  size_t chars = 0;
  for (unsigned char c : password)
    if ((c & 0xC0) != 0x80) ++chars;
  if (chars < 8) return Error{"password must be at least 8 characters"};
  if (chars > 256) return Error{"password must be at most 256 characters"};
  return {};
}

std::string account_name_key(std::string_view name) {
  std::string key(name);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return key;
}

}  // namespace kirin::server
