// The puzzles of the web platform: data/puzzles/<game>.txt (as `kirin puzzles` writes them),
// read once at start, and a solver's moves checked against them. The solution stays on the
// server until it is asked for, so a page cannot show it before the solver gives up.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "rules/position.h"
#include "server/replies.h"

namespace kirin::server {

struct PuzzleEntry {
  std::string fen;                    // the solver to move
  std::vector<std::string> solution;  // the winning line, the solver's move first (engine text as written)
  std::string theme;
};

class PuzzleSets {
 public:
  // Reads <dir>/<game>.txt for each game (a missing file is a game without puzzles). A line
  // that does not parse, or whose line is not legal, is an error naming the file and line.
  static Result<PuzzleSets> load(const std::string& dir);
  // One puzzle, after the set's checks (tests build sets with it), or why not.
  Result<void> add(const std::string& game, const std::string& line);

  Reply counts() const;  // {"games": {game: count}}
  // The position to solve, its theme and the solver's legal moves; no solution.
  Reply get(const std::string& game, int index) const;
  Reply solution(const std::string& game, int index) const;
  // `moves`: the line so far, following the solution, ending with the solver's move to check.
  // `notation`: how move_notation and reply_notation write the moves ("": as the pages have).
  Reply check(const std::string& game, int index, const std::vector<std::string>& moves,
              const std::string& notation = "") const;

 private:
  const PuzzleEntry* find(const std::string& game, int index, Reply& refused) const;
  // A puzzle's position, on its game's variant (built once: building one costs a millisecond,
  // and a set has hundreds of puzzles to read at every start).
  Result<Position> position(const std::string& game, const std::string& fen);
  Position position_of(const std::string& game, const PuzzleEntry& p) const;  // checked when added
  std::map<std::string, std::vector<PuzzleEntry>> sets_;
  std::map<std::string, VariantPtr> variants_;
};

}  // namespace kirin::server
