// Unguessable identifiers: game ids (public) and player tokens (the secret in a player's link).
// A token is given to its player once and stored only as its SHA-256, so a copy of the database
// seats nobody; a presented token is hashed and compared in constant time.
#pragma once
#include <string>
#include <string_view>

#include "server/store/token_hash.h"

namespace kirin::server {

// `bytes` random bytes from the kernel (getrandom), as lower-case hex.
std::string random_hex(int bytes);
// A new player token: 128 random bits.
std::string new_token();
// What the store keeps of a token: token_hash (store/token_hash.h).
// Whether `token` hashes to `stored`, in time that does not depend on where they differ.
bool token_matches(std::string_view token, std::string_view stored);

}  // namespace kirin::server
