// One game of a match: played between two Players with Kirin's Game as referee, and its record
// appended to the match's record file.
#pragma once
#include <string>

#include "match/match.h"

namespace kirin {

struct PlayedGame {
  GameResult result;
  Game game;
};

// Plays game n (numbered as nodes_scale numbers it) from `op`; players[0] has the first move.
PlayedGame play_game(const MatchConfig& c, int n, const Opening& op, Player* players[2]);

// The time control `p` plays under: its own (time odds), else the match's.
TimeControl time_control(const MatchConfig& c, const Player& p);

// Appends the game to c.record_path (nothing if none), named, numbered and timed as the match
// shows it; `first` had the first move.
void write_record_file(const MatchConfig& c, const Game& g, const GameResult& res, const Player& first,
                       const Player& second, int number);

}  // namespace kirin
