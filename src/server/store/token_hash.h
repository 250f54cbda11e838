// What a store keeps of a player's token (security/token.h): its SHA-256 in lower-case hex, so
// that a copy of the database seats nobody. Here, below the rooms that make tokens, because the
// store's own migration hashes the tokens an old file kept in the clear.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace kirin::server {

std::string token_hash(std::string_view token);
// `n` bytes as lower-case hex.
std::string lower_hex(const unsigned char* p, size_t n);

}  // namespace kirin::server
