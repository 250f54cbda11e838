// A Swiss player's record as the pairing, the tie-breaks and the report file read it: one entry
// per round played so far, byes and absences included (FIDE C.04.1, C.04.2; the result letters
// of TRF16). Points are counted in half points, so that every sum is exact; a pairing-allocated
// bye is worth a win, as FIDE's default.
#pragma once
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace kirin::server {

enum class Outcome : uint8_t {
  WIN,
  DRAW,
  LOSS,
  FORFEIT_WIN,   // the opponent did not come: a point, not a game
  FORFEIT_LOSS,  // did not come
  PAIRING_BYE,   // left over by an odd field (TRF's U): a point, at most once
  HALF_BYE,      // asked for and granted (TRF's H)
  ZERO_BYE,      // absent, or not paired (TRF's Z)
};

// One round of a player's record. FIRST is the side that moves first, white in FIDE's words
// (sente in shogi, red in xiangqi).
struct SwissGame {
  Outcome outcome = Outcome::ZERO_BYE;
  int opponent = 0;     // an id; 0 for a bye or an absence
  Color color = FIRST;  // meaningful only with an opponent
};

struct SwissPlayer {
  int id = 0;  // positive and unique
  int rating = 0;
  int pairing_number = 0;        // the starting rank: 1 for the best rated (FIDE's TPN)
  std::vector<SwissGame> games;  // rounds 1, 2, ... so far
};

inline int half_points(Outcome o) {
  switch (o) {
    case Outcome::WIN:
    case Outcome::FORFEIT_WIN:
    case Outcome::PAIRING_BYE:
      return 2;
    case Outcome::DRAW:
    case Outcome::HALF_BYE:
      return 1;
    default:
      return 0;
  }
}

// Whether the game was played over the board: only those count for colours (FIDE C.04.1 and
// A.6) and for the opponents' scores in tie-breaks; a forfeit is a pairing, not a game.
inline bool played(const SwissGame& g) {
  return g.opponent != 0 && (g.outcome == Outcome::WIN || g.outcome == Outcome::DRAW || g.outcome == Outcome::LOSS);
}

// The player's score in half points after the first `rounds` rounds (all of them by default).
inline int score_after(const SwissPlayer& p, int rounds = -1) {
  int total = 0, n = rounds < 0 ? static_cast<int>(p.games.size()) : rounds;
  for (int r = 0; r < n && r < static_cast<int>(p.games.size()); ++r) total += half_points(p.games[r].outcome);
  return total;
}

}  // namespace kirin::server
