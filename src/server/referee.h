// How a server game stands after a move, and impasse scoring. A small seam: when the Game class
// (results, repetition) lands, these calls go to it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "rules/position.h"

namespace kirin::server {

struct Outcome {
  std::string result;  // "1-0", "0-1", "1/2-1/2" (FIRST's score first)
  std::string reason;  // "checkmate", "royal captured", "no legal moves", "repetition", "impasse"
};

std::string win_for(Color c);

// The result after the last move, if the game is over. `keys` holds the position keys since
// the start, the current one last.
std::optional<Outcome> judge(Position& pos, const std::vector<Key>& keys);

// Impasse (Chu Seireigi): both royals in their promotion zones; each side counts its pieces on
// the board and in hand; a side below the threshold loses, otherwise a draw. Error if the
// conditions are not met or the game has no impasse rule.
Result<Outcome> score_impasse(const Position& pos);

}  // namespace kirin::server
