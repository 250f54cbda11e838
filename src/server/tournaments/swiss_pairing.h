// A Swiss round by FIDE's Dutch system (C.04.3, 2017 text), bracket by bracket from the top
// score group down, each bracket by one maximum weight matching of everyone still to pair
// (bbpPairings' approach, which lila's modules/swiss runs): the bracket's criteria are layers of
// the weights of its own players' edges, a higher layer outweighing everything below it, and the
// edges of the players below count only as pairs, so that the bracket never takes a pairing that
// leaves the rest unpairable (the completion rule, C.4). The pairs the matching makes inside the
// bracket are kept; its players paired below float down into the next bracket as its moved-down
// players (MDPs). A bracket with MDPs is paired in two steps, as FIDE's is: the MDPs with the
// group's own first (those pairs kept), then the group's own that are left, as a bracket of
// their own.
//
// Never broken (no edge):
//   - two players who already met (C.1; a forfeited pairing counts as a meeting, the strict
//     reading);
//   - two players who are not topscorers with the same absolute colour preference (C.3): after
//     the colours are given, neither gets the same colour three times running nor a colour
//     difference beyond +-2 (swiss_colours.h). Topscorers (over half the maximum score) may break
//     it in the last round only, at the cost of the layer below the bye's.
// The layers, highest first:
//   1. the number of pairs (the bye is a pair with a dummy player, so an odd field always has one);
//   2. no bye to a player who already had one or a forfeit win (C.2), unless no one else can;
//   3. the bye to the lowest ranked player of the lowest score group who can take it;
//   4. the absolute colour rules broken by topscorers in the last round (C.8, C.9);
//   5. the bracket's downfloaters (C.5, C.6: as many pairs in the bracket as can be);
//   6. their score differences (C.7, FIDE's PSD: a pair's difference, a downfloater's against a
//      point under the bracket), squared and summed where FIDE compares them in descending order;
//   7. the players who do not get their colour preference (C.10);
//   8. those who do not get a strong or absolute one (C.11);
//   9. downfloaters who floated down in the previous round, and 10. the group's own paired with
//      an MDP (so floating up) who floated up in it (C.12, C.13);
//  11, 12. the same two rounds back (C.14, C.15);
//  13. exchanges: in a bracket without MDPs, pairs of two players of the same half (S1 or S2);
//      in one with, two MDPs paired together;
//  14. transpositions: in a bracket without MDPs, a pair of positions (a, b) in a bracket of m,
//      h = m / 2, costs |b - a - h| * (m - a), 0 for FIDE's 1 vs h+1, 2 vs h+2, ...; an MDP a
//      paired with the group's own b-th costs b * (m - a), so that the higher MDP has the first
//      choice; a downfloater costs its distance from the bracket's bottom.
// A float is C.04.3 A.4's: a player who did not play a round (a bye, a forfeit, an absence)
// floated down in it; of two who played with different scores, the higher down, the lower up.
// Where this differs from C.04.3: C.16-C.21 (the scores of repeated floaters) are not applied;
// C.7's descending order is approximated by a sum of squares; layers 13 and 14 approximate,
// rather than enumerate, FIDE's order of transpositions and exchanges (they agree with it on the
// first choice, on a single forbidden pair, and on every round of Mario Held's worked example,
// which the tests check); the bye's place is a layer over the whole field rather than the last
// bracket's choice. Colours follow C.04.3 E (swiss_colours.h); boards are ordered by the higher
// score of the pair, then the sum of both, then the higher ranked player's rank, as FIDE's general
// handling rules (C.04.2) order them.
//
// Weights: each layer's base is one more than the most it can total over a matching, computed from
// the field at hand, so the layers never mix; the product must stay under MAX_MATCH_WEIGHT (2^121)
// or the pairing refuses with an Error; 500 players over 20 rounds stay under it.
#pragma once
#include <vector>

#include "core/result.h"
#include "server/tournaments/swiss_history.h"

namespace kirin::server {

struct SwissSettings {
  int round = 1;                 // the round to pair, from 1; every player has round - 1 games
  int rounds = 1;                // in the event: the last round lets topscorers break the colour rules
  Color initial_colour = FIRST;  // the top seed's colour in round 1 (FIDE draws it by lot)
};

struct SwissBoard {
  int first = 0, second = 0;  // ids; `first` moves first
};

struct SwissPairing {
  std::vector<SwissBoard> boards;  // board 1 first
  int bye = 0;                     // the id with the pairing-allocated bye, 0 for none
};

// `players`: those to pair this round (the absent left out by the caller). Errors: an id, or a
// pairing number, twice or not positive; a record of the wrong length; more players than the
// weights can hold; no pairing of everyone (one bye at most) within the absolute rules, naming
// those left over.
Result<SwissPairing> pair_swiss(const std::vector<SwissPlayer>& players, const SwissSettings& settings);

}  // namespace kirin::server
