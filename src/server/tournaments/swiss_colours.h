// Colours in a Swiss (FIDE C.04.3, A.6 and E): a player's colour preference from the games played
// (forfeits and byes do not count), the absolute rules, and who gets which colour in a pair.
//   absolute: a colour difference (firsts minus seconds) beyond +-1, or the last two games
//             played with the same colour: the other colour is due;
//   strong:   a difference of +-1: the colour that evens it;
//   mild:     a difference of 0: the colour other than the last game's;
//   none:     no game played yet.
// The absolute rules are that no one gets the same colour three times running nor a difference
// beyond +-2 (A.6 and C.3; only topscorers in the last round may break them, swiss_pairing.h).
#pragma once
#include <cstdint>

#include "server/tournaments/swiss_history.h"

namespace kirin::server {

enum class Strength : uint8_t { NONE, MILD, STRONG, ABSOLUTE };

struct ColourPreference {
  Strength strength = Strength::NONE;
  Color color = FIRST;  // meaningful unless NONE
};

int colour_difference(const SwissPlayer& p);
ColourPreference colour_preference(const SwissPlayer& p);
// Whether giving `c` to p breaks an absolute rule: a third same colour running, or a difference
// beyond +-2.
bool breaks_absolute(const SwissPlayer& p, Color c);

// The colour of `higher` (the higher ranked of the two: more points, or the same and a smaller
// pairing number) against `lower`, by C.04.3 E in order:
//   E.1 both preferences when they differ (or one has none);
//   E.2 the stronger preference (both absolute: the wider colour difference);
//   E.3 alternate from the latest game in which they had different colours (the games played,
//       last against last: where one played fewer, the sequences are aligned at their ends);
//   E.4 the higher ranked player's preference;
//   E.5 the initial colour to the higher ranked player if their pairing number is odd, the
//       other colour if it is even (this is round 1's rule: 1-5, 6-2, 3-7, 8-4).
Color allocate_colour(const SwissPlayer& higher, const SwissPlayer& lower, Color initial);

}  // namespace kirin::server
