// Repetition verdicts as each game's rules define them (../shared/rules):
//   Chu Shogi: a move that repeats a position a fourth time is forbidden unless the mover was in
//     check, so the side that completes the repetition loses (it played an illegal move). With
//     repetition=lishogi the fourth occurrence draws, or loses for a side that checked throughout.
//   Xiangqi: at the third occurrence a side that checked with every move of the cycle loses;
//     if neither did, a side that chased one piece with every move loses (rules/chase.h);
//     otherwise a draw.
//   Chu Seireigi: at the fourth occurrence perpetual check loses for the checker, else a draw.
#pragma once
#include <vector>

#include "core/zobrist.h"
#include "rules/position.h"
#include "rules/variant.h"

namespace kirin {

// One position of a game line: its key and whether the side to move there was in check (i.e.
// whether the move that led there gave check). A null move in the search breaks cycles.
struct LineEntry {
  Key key = 0;
  bool checked = false;
  bool null_move = false;
  int quiet_plies = 0;  // plies since the last capture: no cycle reaches further back
};

enum class Repetition { NONE, DRAW, WIN, LOSS };  // for the side to move at the last entry

// Verdict on the last position of `line`. A cycle that starts at or after `search_root` (an
// index into line) counts at its first recurrence, as a search must assume the opponent
// will repeat; earlier cycles need the game's full count. Pass line.size() for a referee.
// `pos`, the position at the end of line with the moves of the line still undoable, lets the
// xiangqi verdict look for a perpetual chase; without it a cycle without perpetual check draws.
Repetition judge_repetition(GameId g, const std::vector<LineEntry>& line, size_t search_root,
                            const Position* pos = nullptr);

}  // namespace kirin
