// A Swiss round by FIDE's Dutch system (C.04.3, 2017 text), in its score-group form, as one
// maximum weight matching over all the players to pair (bbpPairings' approach, which lila's
// modules/swiss runs): each criterion is a layer of the edge weights, a higher layer outweighing
// everything below it, and the matching (matching.h) finds the best pairing of the whole field at
// once instead of bracket by bracket.
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
//   3. the bye to the lowest ranked player of the lowest score group who can take it (C.5, C.6:
//      the bye's score as low as it goes);
//   4. the absolute colour rules broken by topscorers in the last round (C.8, C.9);
//   5. the downfloaters (the higher player of a pair across score groups), each counted as its
//      score in half points plus one (C.5 and C.6: as few as possible, and from groups as low as
//      possible);
//   6. the sum of their score differences squared (C.7; squared: two floats of half a point cost
//      less than one of a point, where FIDE compares the scores in descending order);
//   7. the players who do not get their colour preference (C.10);
//   8. those who do not get a strong or absolute one (C.11);
//   9. downfloaters who floated down in the previous round, the bye counting as a downfloat (C.12);
//  10. upfloaters who floated up in the previous round (C.13);
//  11. exchanges: pairs of two players from the top half of their score group (S1);
//  12. transpositions: a pair of positions (a, b) in a group of m players, h = m / 2, costs
//      |b - a - h| * (m - a), 0 for FIDE's 1 vs h+1, 2 vs h+2, ... ; a pair across groups costs
//      the lower player's distance from the top of their group plus the higher player's from the
//      bottom of theirs, so the bottom floats down to meet the top.
// Where this differs from C.04.3: the two-rounds-back float rules (C.14-C.21) and the completion
// rule (C.4: that the rest of the event can still be paired) are not applied; FIDE's bracket by
// bracket order (the most pairs in the top bracket first, then the next) and C.6's "scores of the
// downfloaters in descending order" are approximated by the sums of layers 5 and 6; the weights of layers
// 11 and 12 approximate, rather than enumerate, FIDE's order of transpositions and exchanges (they
// agree with it on the first choice and on a single forbidden pair, which the tests check); and
// brackets are never built one at a time, so a choice in a higher bracket is never weighed apart
// from the lower ones. Colours follow C.04.3 E (swiss_colours.h); boards are ordered by the higher
// score of the pair, then the sum of both, then the higher ranked player's rank, as FIDE's general
// handling rules (C.04.2) order them.
//
// Weights: each layer's base is one more than the most it can total over a matching, computed from
// the field at hand, so the layers never mix; the product must stay under MAX_MATCH_WEIGHT (2^122)
// or the pairing refuses with an Error, which takes a field of several hundred players.
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
