// Puzzles from played games: positions with one clearly winning move, found by the mate solver
// (a mate no other first move gives as fast) or by the search (a gain the other moves do not
// come near, confirmed two plies deeper), with a theme tag.
#pragma once
#include <string>
#include <vector>

#include "game/game.h"
#include "search/engine.h"

namespace kirin {

struct Puzzle {
  std::string fen;                    // the position, the solver to move
  std::vector<std::string> solution;  // the winning line (engine text), first the key move
  std::string theme;                  // "mate in 2", "promotion", "drop", "Lion trade", "fork", ...
  int ply = 0;                        // where in the game (moves played before it)
};

struct PuzzleSettings {
  int depth = 6;            // the search's depth; confirmed at depth + 2
  uint64_t nodes = 200000;  // at most this many nodes for it (three times that to confirm)
  int margin = 300;         // centipawns the key move must beat every other move by
  int winning = 200;        // ... and the score it must reach
  int64_t mate_ms = 100;    // the mate solver's time per position
  int max_mate_plies = 15;  // longer mates are not puzzles
};

// Every position of the game (before each move, and the last one if the game goes on) that makes
// a puzzle. `engine` is used for its search and its mate solver; its position is changed.
std::vector<Puzzle> find_puzzles(const Game& g, Engine& engine, const PuzzleSettings& s = {});

// "game|fen|moves|theme" as `kirin puzzles` writes it (the fields have no '|').
std::string puzzle_line(const std::string& game, const Puzzle& p);

}  // namespace kirin
