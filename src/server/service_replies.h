// The GameService's answers, shared by the files that make up the service.
#pragma once
#include <string>

#include "core/types.h"
#include "notation/move_text.h"
#include "rules/movegen.h"
#include "server/game_service.h"

namespace kirin::server {

inline Reply error_reply(int status, const std::string& message) { return {status, {{"error", message}}}; }

// A commit that saved; else why not, as the log and a 500 say it.
inline bool done(const Result<Saved>& c) { return c && *c == Saved::DONE; }
inline std::string why(const Result<Saved>& c) {
  return c ? "database: the game changed on another server" : c.error();
}

inline const char* side_name(Color c) { return c == FIRST ? "first" : "second"; }

// The side to move's legal moves in engine text (for a board that offers only those).
inline nlohmann::json legal_move_texts(Position pos) {
  MoveList list;
  generate_legal(pos, list);
  nlohmann::json out = nlohmann::json::array();
  for (Move m : list) out.push_back(move_to_text(pos, m));
  return out;
}

}  // namespace kirin::server
