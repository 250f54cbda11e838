// What a chat request may say (docs/api.md, "Chat"): its room and its text, checked before
// anything is stored. Pure, so that the fuzz target (fuzz/fuzz_chat_request.cpp) reaches it whole.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"

namespace kirin::server {

constexpr int CHAT_MAX_CHARS = 140;

struct ChatRequest {
  std::string room;  // "players" or "spectators"
  std::string text;  // trimmed, 1-140 characters (code points), no control characters
};

// The body of POST /api/games/ID/chat; the one-line reason it is refused.
Result<ChatRequest> parse_chat_request(const nlohmann::json& body);
// Whether `room` names a room: "players" or "spectators".
bool is_chat_room(const std::string& room);

}  // namespace kirin::server
