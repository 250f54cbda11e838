#include "server/tournaments/arena_scoring.h"

namespace kirin::server {

namespace {

// What a game left for the next one to read: lila's flags (a quick draw is neither a win nor a
// draw for the streak, but counts as a draw for the draw streak).
enum class Mark { WIN, DRAW, LOSS };

}  // namespace

ArenaSheet arena_sheet(const std::vector<ArenaGame>& games, const ArenaRules& rules) {
  ArenaSheet sheet;
  std::vector<Mark> marks;  // most recent last
  auto on_fire = [&] {
    const size_t n = marks.size();
    return n >= 2 && marks[n - 1] == Mark::WIN && marks[n - 2] == Mark::WIN;
  };
  // lila's isDrawStreak: looking back past losses, a draw comes before any win.
  auto after_draw = [&] {
    for (auto m = marks.rbegin(); m != marks.rend(); ++m) {
      if (*m != Mark::LOSS) return *m == Mark::DRAW;
    }
    return false;
  };
  for (const ArenaGame& g : games) {
    int points = 0;
    switch (g.result) {
      case ArenaResult::WIN:
        points = on_fire() ? 4 : 2;
        if (g.berserk && g.plies >= rules.berserk_min_plies) ++points;
        break;
      case ArenaResult::DRAW:
        if (g.plies < rules.quick_draw_plies) {
          points = 0;
        } else if (on_fire()) {
          points = 2;
        } else {
          points = g.plies < rules.long_game_plies && after_draw() ? 0 : 1;
        }
        break;
      case ArenaResult::LOSS:
        break;
    }
    marks.push_back(g.result == ArenaResult::WIN ? Mark::WIN : g.result == ArenaResult::DRAW ? Mark::DRAW : Mark::LOSS);
    sheet.points.push_back(points);
    sheet.total += points;
  }
  sheet.on_fire = on_fire();
  return sheet;
}

std::string sheet_digits(const ArenaSheet& sheet) {
  std::string s;
  for (auto p = sheet.points.rbegin(); p != sheet.points.rend(); ++p) s += static_cast<char>('0' + *p);
  return s;
}

}  // namespace kirin::server
