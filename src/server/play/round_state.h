// What a game's collaborators (Drawer, Takebacker, Rematcher, Finisher, after lila's round) act
// on: the record, the referee's Game, how many of the record's plies are stored as they are, and
// whether a rematch was agreed. A Round owns one and hands it to them for each action, so they
// change a game's state without knowing the Round that keeps it.
#pragma once
#include <cstddef>

#include "game/game.h"
#include "server/replies.h"
#include "server/store/game_record.h"

namespace kirin::server {

struct RoundState {
  GameRecord rec;
  Game game;
  size_t unchanged = 0;  // plies of rec.moves stored as they are (GameStore::save)
  bool rematch_agreed = false;

  // The record changed now.
  void touch();
  // The refusal of an action once the game is over, or while it is a challenge nobody has taken;
  // an empty Reply otherwise.
  Reply refuse_if_over() const;
};

}  // namespace kirin::server
