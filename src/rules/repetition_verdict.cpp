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
    return {false, perpetual_check[FIRST] ? FIRST : SECOND, "perpetual check"};
  if (perpetual_check[FIRST]) return {true, FIRST, "mutual perpetual check"};
  if (g != GameId::XIANGQI) return {true, FIRST, "fourfold repetition"};
  if (pos && pos->game_ply() >= cycle_plies) {
    const auto chase = perpetual_chase(*pos, cycle_plies);
    if (chase[FIRST] != chase[SECOND]) return {false, chase[FIRST] ? FIRST : SECOND, "perpetual chase"};
    if (chase[FIRST]) return {true, FIRST, "mutual perpetual chase"};
  }
  return {true, FIRST, "threefold repetition"};
}

}  // namespace kirin
