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

// Appends the game to c.record_path (nothing if none), named and numbered as the match shows it.
void write_record_file(const MatchConfig& c, const Game& g, const GameResult& res, const std::string& first,
                       const std::string& second, int number);

}  // namespace kirin
