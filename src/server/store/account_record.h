// A player's account as it is stored: a plain record that the later parts of the site (ratings,
// player pages, challenges) hang their own tables on by its id.
#pragma once
#include <cstdint>
#include <string>

namespace kirin::server {

struct Account {
  int64_t id = 0;             // given by the store, never reused
  std::string name;           // as its owner wrote it: "Alice"
  std::string name_key;       // lower-cased, unique: "alice" (names differ by more than case)
  std::string password_hash;  // libsodium's crypto_pwhash_str string (Argon2id); "" once closed
  int64_t created = 0;        // unix milliseconds
  bool closed = false;        // closed by its owner: its games stay, its name is never given again
  bool muted = false;         // muted by the operator (kirin accounts mute): it may not chat
};

// A login: the SHA-256 of the session id the browser holds in its cookie (a copy of the store
// gives nobody a live session), whose account, and until when it holds.
struct SessionRecord {
  std::string id_hash;
  int64_t account = 0;
  int64_t created = 0, expires = 0;  // unix milliseconds
};

}  // namespace kirin::server
