// Swiss tie-breaks: Buchholz (the sum of the opponents' scores), Buchholz cut 1 (less the lowest
// of them) and Sonneborn-Berger (each opponent's score times the points scored against them).
// Unplayed games follow FIDE's rules of 2009 to 2023 (C.02 13.15-13.16, then C.07 until the 2023
// regulations replaced them), not the 2023 ones:
//   - a round the player did not play (a bye, either side of a forfeit, an absence) is a game
//     against a virtual opponent who had the player's score before that round, took the round's
//     result the other way round, and drew every round after: Svon = SPR + (1 - SfPR) + 0.5 (n - R)
//     for round R of n, SPR the score before it, SfPR the points the player got in it;
//   - an opponent's own unplayed rounds count as draws in the opponent's score.
// Scores are in points (halves and quarters are exact in a double).
#pragma once
#include <map>
#include <vector>

#include "server/tournaments/swiss_history.h"

namespace kirin::server {

struct TieBreaks {
  double points = 0;
  double buchholz = 0;
  double buchholz_cut1 = 0;
  double sonneborn_berger = 0;
};

// For every player of `players` (the whole field, withdrawn players included, each with as many
// rounds as the event has played), by id. An opponent missing from the field counts as a virtual
// opponent.
std::map<int, TieBreaks> tie_breaks(const std::vector<SwissPlayer>& players);

}  // namespace kirin::server
