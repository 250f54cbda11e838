// The GameService's answers, shared by the files that make up the service.
#pragma once
#include <string>
#include <vector>

#include "core/types.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"
#include "server/game_service.h"

namespace kirin::server {

inline Reply error_reply(int status, const std::string& message) { return {status, {{"error", message}}}; }

inline const char* side_name(Color c) { return c == FIRST ? "first" : "second"; }

// The side to move's legal moves in engine text (for a board that offers only those).
inline nlohmann::json legal_move_texts(Position pos) {
  MoveList list;
  generate_legal(pos, list);
  nlohmann::json out = nlohmann::json::array();
  for (Move m : list) out.push_back(move_to_text(pos, m));
  return out;
}

// The position before a line's first move and after each (FEN/SFEN), for a board that steps
// through the line (a problem's or puzzle's solution); stops at a move that does not parse.
inline nlohmann::json positions_along(Position pos, const std::vector<std::string>& line) {
  nlohmann::json out = nlohmann::json::array();
  out.push_back(to_fen(pos));
  for (const std::string& text : line) {
    auto m = parse_move(pos, text);
    if (!m) break;
    pos.do_move(*m);
    out.push_back(to_fen(pos));
  }
  return out;
}

}  // namespace kirin::server
