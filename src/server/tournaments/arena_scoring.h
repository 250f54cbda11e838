// An arena player's points, game by game, as lichess scores them (lila's arena Sheet, 2020 rules
// and after, "V2"): a win 2, a draw 1, a loss 0; after two wins running the player is on fire, and
// while the streak lasts a win is worth 4 and a draw 2 (the draw ends the streak); a berserked win
// scores a point more, if the game lasted 7 moves (14 plies) or more; a draw in fewer than 10
// moves (20 plies) scores 0 for both and ends a streak; a draw that follows a draw, with only
// losses between them, scores 0 unless the game was long (lila: 60 plies in standard chess, a
// setting here, since a shogi or xiangqi game is longer) or the player is on fire. All of it
// follows lila's Sheet and Pairing (quickDraw, notSoQuickFinish, longGame); what differs is only
// the long game's length, a setting, and that every arena here has streaks (lila lets an arena
// turn them off).
#pragma once
#include <string>
#include <vector>

namespace kirin::server {

enum class ArenaResult { WIN, DRAW, LOSS };

struct ArenaGame {
  ArenaResult result = ArenaResult::LOSS;
  int plies = 0;  // half moves played
  bool berserk = false;
};

struct ArenaRules {
  int quick_draw_plies = 20;   // a draw shorter than this scores nothing
  int berserk_min_plies = 14;  // a berserked win shorter than this earns no extra point
  int long_game_plies = 60;    // a draw this long scores even after another draw
};

struct ArenaSheet {
  std::vector<int> points;  // per game, in the order played
  int total = 0;
  bool on_fire = false;  // the next win would be worth double
};

ArenaSheet arena_sheet(const std::vector<ArenaGame>& games, const ArenaRules& rules = {});

// The sheet as lichess's standings show it: the per-game points, most recent first, as digits
// ("4 4 2 2 0" is written "44220"); a berserk's 5 is a 5.
std::string sheet_digits(const ArenaSheet& sheet);

}  // namespace kirin::server
