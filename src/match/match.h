// Engine-against-engine matches with Kirin's Game as referee: openings from a file, game pairs
// with colours swapped, clocks, a progress line per game, records, Elo and SPRT.
#pragma once
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "match/player.h"
#include "match/stats.h"

namespace kirin {

struct Opening {
  std::string fen;  // "" = the standard start
  std::vector<std::string> moves;
};

// One opening per line: "[FEN] [moves m1 m2 ...]" or just moves; '#' starts a comment.
Result<std::vector<Opening>> read_openings(const std::string& path);
// The game after the opening's line, or why its FEN or one of its moves is refused.
Result<Game> opening_game(const VariantPtr& v, const Opening& op);

struct MatchConfig {
  GameId game = GameId::XIANGQI;
  PlayerConfig players[2];  // players[0] is the one the score is counted for
  int games = 2;
  TimeControl tc;
  std::vector<Opening> openings;
  std::string record_path;    // "" = no records
  std::string record_format;  // "pgn", "kif", "usi", "gc"
  int max_plies = 600;        // then a draw by adjudication
  int64_t margin_ms = 200;    // clock overrun forgiven per move
  std::optional<Sprt> sprt;
  // Resignation by agreement (both engines' scores): a game ends when for `moves` moves in a row
  // one side has reported at most -score and the other at least +score (centipawns). 0: never.
  int resign_moves = 0, resign_score = 0;
  // A match continued from an earlier run: its score counts in the Elo and the SPRT, and the
  // first game pair takes opening `first_opening` (0-based), so no earlier game is replayed.
  Score prior;
  int first_opening = 0;
  // Games played at once, each pair of engines in its own thread; results are still counted,
  // printed and recorded in game order, so a run's output does not depend on it.
  int concurrency = 1;
  // Node limits vary from move to move by up to this many percent, drawn from `seed`, the
  // game's number and the ply: both engines draw from the same spread, and repeated openings
  // give new games between deterministic engines. 0: every move at the exact limits.
  int nodes_jitter_percent = 10;
  uint64_t seed = 1;
};

// The factor on the node limits for ply `ply` of game n (numbered from 0 at --first-opening).
double nodes_scale(const MatchConfig& c, int n, int ply);

// Plays the match, writing progress to `out` and errors to `err`. Returns 0; 1 if an engine could
// not be run or refused its options; 2 if an opening is not a legal position or line.
int run_match(const MatchConfig& config, std::ostream& out, std::ostream& err);

}  // namespace kirin
