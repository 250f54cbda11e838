// The GameService's answers, shared by the files that make up the service.
#pragma once
#include <string>

#include "core/types.h"
#include "server/game_service.h"

namespace kirin::server {

inline Reply error_reply(int status, const std::string& message) { return {status, {{"error", message}}}; }

inline const char* side_name(Color c) { return c == FIRST ? "first" : "second"; }

}  // namespace kirin::server
