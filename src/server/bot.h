// Kirin as an opponent and analyst on the server. An interface so the search Engine can take
// over from the stand-in below without touching the server.
#pragma once
#include <memory>
#include <vector>

#include "rules/position.h"

namespace kirin::server {

struct Analysis {
  Move best;               // none when the side to move has no legal move
  int score = 0;           // centipawns, from the side to move's point of view
  int depth = 0;           // plies searched
  std::vector<Move> line;  // best line from the position, best first
};

class Bot {
 public:
  virtual ~Bot() = default;
  // Strength 1..MAX_STRENGTH. Called from one worker thread at a time.
  virtual Analysis think(Position pos, int strength) = 0;
};

// Stand-in until the search Engine lands: material after the opponent's best capture, with
// noise that shrinks as the strength grows. Deterministic for a given seed.
std::unique_ptr<Bot> make_material_bot(uint64_t seed);

}  // namespace kirin::server
