// Unguessable identifiers: game ids (public) and player tokens (the secret in a player's link).
#pragma once
#include <string>

namespace kirin::server {

// `bytes` random bytes from the operating system, as lower-case hex.
std::string random_hex(int bytes);

}  // namespace kirin::server
