// What an account's name and password may be. A name is 2-20 of A-Z a-z 0-9 _ - (nothing a page
// could take for markup, nothing that looks like another name through Unicode), unique ignoring
// case; a password is 8-256 characters, anything else free.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "server/refusals.h"

namespace kirin::server {

// Why `name` cannot be an account's name; nothing if it can.
std::optional<Refused> refuse_account_name(std::string_view name);
// Why `password` cannot be a password; nothing if it can (characters are counted as UTF-8 code
// points).
std::optional<Refused> refuse_password(std::string_view password);
// The same, in words.
Result<void> check_account_name(std::string_view name);
Result<void> check_password(std::string_view password);
// The name as it is compared and kept unique: lower-cased.
std::string account_name_key(std::string_view name);

}  // namespace kirin::server
