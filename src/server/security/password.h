// Passwords, hashed with Argon2id through libsodium (crypto_pwhash_str): a memory-hard hash, so
// that a stolen database costs an attacker real memory and time per guess. A password is never
// stored, logged or echoed: only its hash string leaves these functions.
#pragma once
#include <string>
#include <string_view>

namespace kirin::server {

// INTERACTIVE: libsodium's interactive limits (64 MiB, 2 passes; about 0.1 s here), the site's
// setting. MINIMAL: the least Argon2id takes, for the tests only (kirin serve never uses it).
enum class PasswordCost { INTERACTIVE, MINIMAL };

// Starts libsodium (once; safe to call again); throws if it cannot.
void init_password_hashing();
// The string to store: algorithm, parameters, salt and hash. Throws if memory runs out.
std::string hash_password(std::string_view password, PasswordCost cost);
// Whether `password` is the one `stored` was made from (false for an empty or damaged hash).
bool password_matches(std::string_view password, const std::string& stored);

}  // namespace kirin::server
