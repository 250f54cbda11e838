// kirin --version: what this build is and which nets it found.
#pragma once
#include <string>

namespace kirin::cli {

// Written at build time by cmake/version.cmake: "0.1+git20250115.95c52d0" and "95c52d0" (the
// project's version alone and "unknown" outside a git checkout).
extern const char* const KIRIN_VERSION;
extern const char* const KIRIN_COMMIT;

// "kirin VERSION", "commit C", then one line per game: "net GAME PATH" or "net GAME none".
std::string version_text();

}  // namespace kirin::cli
