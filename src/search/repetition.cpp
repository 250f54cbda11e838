#include "search/repetition.h"

#include <array>

#include "rules/repetition_verdict.h"

namespace kirin {

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
  if (g == GameId::CHUSHOGI) {
    // repetition=lishogi: repeating is allowed and ends the game, lost by a side that checked
    // with every move of the cycle (the referee also counts attacks on pieces), else drawn.
    if (pos && pos->variant().options().chu_repetition_ends) {
      bool perpetual = true;
      for (int i = last; i > cycle_start; i -= 2) perpetual = perpetual && line[i].checked;
      return perpetual ? Repetition::WIN : Repetition::DRAW;
    }
    // The repeating move was theirs; it was allowed only if they were escaping check.
    return line[last - 1].checked ? Repetition::DRAW : Repetition::WIN;
  }
  // Positions last, last-2, ... were made by the previous mover; last-1, ... by us. Without
  // `pos` the colours are unknown, and do not matter: no chase is looked for.
  const Color us = pos ? pos->side_to_move() : FIRST;
  std::array<bool, 2> all_checks = {true, true};
  for (int i = last; i > cycle_start; --i)
    if (!line[i].checked) all_checks[(last - i) % 2 == 0 ? ~us : us] = false;
  const RepetitionVerdict v = judge_cycle(g, all_checks, pos, last - cycle_start);
  if (v.draw) return Repetition::DRAW;
  return v.loser == us ? Repetition::LOSS : Repetition::WIN;
}

}  // namespace kirin
