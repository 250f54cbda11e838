#include "server/play/chat_text.h"

#include "server/security/invisible_text.h"

namespace kirin::server {

bool is_chat_room(const std::string& room) { return room == "players" || room == "spectators"; }

Result<ChatRequest> parse_chat_request(const nlohmann::json& body) {
  ChatRequest r;
  if (!body.is_object()) return Error{"the body must be a JSON object"};
  if (!body.contains("room") || !body["room"].is_string()) return Error{"room must be 'players' or 'spectators'"};
  r.room = body["room"].get<std::string>();
  if (!is_chat_room(r.room)) return Error{"room must be 'players' or 'spectators'"};
  if (!body.contains("text")) return Error{"missing field 'text'"};
  if (!body["text"].is_string()) return Error{"text must be a string"};
  // The JSON parser has checked the UTF-8. Shown harmlessly: a line cannot reverse or reorder
  // the page around it. Spaces at either end are no part of what is said.
  std::string text = without_bidi_controls(body["text"].get<std::string>());
  const size_t first = text.find_first_not_of(' '), last = text.find_last_not_of(' ');
  text = first == std::string::npos ? "" : text.substr(first, last - first + 1);
  int chars = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = text[i];
    // C0 controls and DEL, and the C1 controls (U+0080..U+009F, written C2 80..C2 9F).
    const bool c1 =
        c == 0xC2 && i + 1 < text.size() && (unsigned char)text[i + 1] >= 0x80 && (unsigned char)text[i + 1] <= 0x9F;
    if (c < 0x20 || c == 0x7f || c1) return Error{"text must not hold control characters (line breaks, tabs)"};
    if ((c & 0xC0) != 0x80) ++chars;
  }
  if (chars == 0) return Error{"text must not be empty"};
  if (chars > CHAT_MAX_CHARS)
    return Error{"text must be at most " + std::to_string(CHAT_MAX_CHARS) + " characters (it has " +
                 std::to_string(chars) + ")"};
  r.text = std::move(text);
  return r;
}

}  // namespace kirin::server
