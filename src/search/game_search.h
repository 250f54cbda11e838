// Search features whose worth differs between the games: one row per game, set by self-play
// (the measurements are in the commit messages that change a row). The engine options switch a
// feature off everywhere; a row switches it off for one game.
#pragma once
#include "rules/variant.h"

namespace kirin {

struct GameSearch {
  // Chu Seireigi: a quiet drop can turn a hopeless-looking position, and quiescence, which
  // tries only captures, cannot see it.
  bool razoring = true;
  // Chu Seireigi: almost any position has checking drops, and extending them all costs more
  // depth than it finds.
  bool check_extensions = true;
  // Chu Seireigi: at 20,000 nodes a move neither null move nor internal iterative reduction
  // showed a gain (SPRTs in af7a83c).
  bool null_move = true;
  bool iir = true;
  // A table move that beats every other move by a margin in a reduced search gets a ply more.
  // Measured in xiangqi only (with the time change of the same commit); off in the shogi games
  // until self-play there says otherwise.
  bool singular_extensions = true;
  // A Lion's quiet move to within three squares of the enemy King is neither pruned nor reduced:
  // Chu Shogi's Lion mates come from such walks, and late-move pruning cut them from the tree
  // (against HaChu at four times Kirin's time, docs/matches.md). Unmeasured in Chu Seireigi, whose Lion
  // is a plain leaper.
  bool lion_approach = false;
};

const GameSearch& game_search(GameId g);

}  // namespace kirin
