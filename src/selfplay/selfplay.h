// kirin selfplay: Kirin plays itself at a fixed node count and writes every searched position,
// with the search's score and the game's result, to a training file (sample.h).
//
// Each game g of a run is drawn from its own random stream, seeded by (seed, g, attempt): an
// opening line, then `random_plies` uniformly random legal moves, then the engine at `nodes`
// per move with a fresh hash table. So a seed and the arguments fix the file byte for byte, and
// a resumed run plays the games an uninterrupted one would have played. A game whose positions
// repeat an earlier game of the file (the same positions at the same plies: the same moves from
// the first searched position on) is not written; the next attempt draws anew.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "match/match.h"
#include "search/engine.h"
#include "selfplay/sample.h"

namespace kirin {

struct SelfplayConfig {
  VariantPtr variant;
  uint64_t nodes = 5000;
  int games = 1;         // games to add to the file
  int random_plies = 8;  // after the opening line
  uint64_t seed = 1;
  std::vector<Opening> openings;  // empty: the start position
  std::string out_path;
  int hash_mb = 16;
  // Adjudication, so no game runs for ever: a draw at max_plies (the opening's plies included);
  // a win when the searches agree for win_plies plies in a row that one side is ahead by at
  // least win_score centipawns (0: never); a draw when from ply draw_from on they stay within
  // draw_score of equal for draw_plies plies in a row (0: never).
  // An opening the first search already finds lost by more than this (centipawns) is drawn
  // anew: random moves that hang a piece make a game whose result teaches little (0: keep all).
  int balance_score = 300;
  int max_plies = 400;
  int win_score = 1500, win_plies = 8;
  int draw_from = 120, draw_score = 10, draw_plies = 20;
};

struct SelfplayGame {
  std::vector<Sample> samples;  // game numbers not yet set
  GameResult result;
  int plies = 0;
};

// Plays one game from its random stream; an empty `samples` means the draw gave no playable
// game (the opening's line or the random moves ended it). `engine` is set up anew
// for the game (new_game, Hash).
SelfplayGame play_selfplay_game(const SelfplayConfig& c, Engine& engine, uint64_t game, int attempt);

// The identity of a game for deduplication: a hash of its records without game number, score
// and result. The same value is computed when reading a file back, so dedup survives a resume.
uint64_t game_identity(const std::vector<Sample>& samples);

// Appends `c.games` new games to `c.out_path` (made with a header if missing or empty). Returns
// 0; 1 if the file cannot be written or no new game could be found; 2 if the file is not a
// self-play file of this variant. Progress lines go to `progress`, errors to `err`.
int run_selfplay(const SelfplayConfig& c, std::ostream& progress, std::ostream& err);

}  // namespace kirin
