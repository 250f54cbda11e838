#include "search/repetition.h"

#include "rules/chase.h"

namespace kirin {

int repetition_count(GameId g) { return g == GameId::XIANGQI ? 3 : 4; }

Repetition judge_repetition(GameId g, const std::vector<LineEntry>& line, size_t search_root, const Position* pos) {
  const int last = int(line.size()) - 1;
  if (last < 4) return Repetition::NONE;
  const LineEntry& now = line[last];
  const int reach = now.quiet_plies < last ? now.quiet_plies : last;
  // The cycle reaches back to the earliest occurrence counted: inside the search the previous
  // one, before it the first of the game's full count (chu_seireigi.md 5.4, "between the 1st and
  // the 4th occurrence"), as the referee (Game::update_result) measures it.
  int seen = 1, cycle_start = -1;
  bool decided = false;
  for (int i = last - 2; i >= last - reach; i -= 2) {
    if (line[i + 1].null_move || line[i + 2].null_move) break;
    if (line[i].key != now.key) continue;
    ++seen;
    cycle_start = i;
    if (size_t(i) >= search_root || seen >= repetition_count(g)) {
      decided = true;
      break;
    }
  }
  if (!decided) return Repetition::NONE;
  // Positions last, last-2, ... were made by the previous mover ("them"); last-1, ... by us.
  bool them_all_checks = true, us_all_checks = true;
  for (int i = last; i > cycle_start; --i) {
    bool by_them = (last - i) % 2 == 0;
    if (!line[i].checked) (by_them ? them_all_checks : us_all_checks) = false;
  }
  if (g == GameId::CHUSHOGI) {
    // The repeating move was theirs; it was allowed only if they were escaping check.
    return line[last - 1].checked ? Repetition::DRAW : Repetition::WIN;
  }
  if (them_all_checks && !us_all_checks) return Repetition::WIN;
  if (us_all_checks && !them_all_checks) return Repetition::LOSS;
  const int cycle_plies = last - cycle_start;
  if (g == GameId::XIANGQI && !us_all_checks && pos && pos->game_ply() >= cycle_plies) {
    const Color us = pos->side_to_move();
    const auto chasing = perpetual_chasers(*pos, cycle_plies);
    if (chasing[~us] && !chasing[us]) return Repetition::WIN;
    if (chasing[us] && !chasing[~us]) return Repetition::LOSS;
  }
  return Repetition::DRAW;
}

}  // namespace kirin
