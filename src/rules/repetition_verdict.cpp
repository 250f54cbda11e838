#include "rules/repetition_verdict.h"

#include "rules/chase.h"
#include "rules/cycle_classes.h"

namespace kirin {

namespace {

// Which colours chase perpetually, by the rule set the position's options name.
std::array<bool, 2> perpetual_chase(const Position& pos, int cycle_plies) {
  if (pos.variant().options().xiangqi_repetition == RuleOptions::XiangqiRepetition::SIMPLE)
    return perpetual_chasers(pos, cycle_plies);
  const CycleReport r = classify_cycle(pos, cycle_plies);
  return {r.offence[FIRST] == Offence::PERPETUAL_CHASE, r.offence[SECOND] == Offence::PERPETUAL_CHASE};
}

}  // namespace

int repetition_count(GameId g) { return g == GameId::XIANGQI ? 3 : 4; }

RepetitionVerdict judge_cycle(GameId g, std::array<bool, 2> perpetual_check, const Position* pos, int cycle_plies) {
  if (perpetual_check[FIRST] != perpetual_check[SECOND])
    return {false, perpetual_check[FIRST] ? FIRST : SECOND, Ending::PERPETUAL_CHECK};
  if (perpetual_check[FIRST]) return {true, FIRST, Ending::MUTUAL_PERPETUAL_CHECK};
  if (g != GameId::XIANGQI) return {true, FIRST, Ending::FOURFOLD_REPETITION};
  if (pos && pos->game_ply() >= cycle_plies) {
    const auto chase = perpetual_chase(*pos, cycle_plies);
    if (chase[FIRST] != chase[SECOND]) return {false, chase[FIRST] ? FIRST : SECOND, Ending::PERPETUAL_CHASE};
    if (chase[FIRST]) return {true, FIRST, Ending::MUTUAL_PERPETUAL_CHASE};
  }
  return {true, FIRST, Ending::THREEFOLD_REPETITION};
}

}  // namespace kirin
