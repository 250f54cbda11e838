#include "game/repetition_explain.h"

#include "notation/move_text.h"
#include "rules/cycle_classes.h"

namespace kirin {
namespace {

// The rule set's name as the option spells it; simple's cycles are explained in axf's words.
const char* rule_set(const Position& pos) {
  switch (pos.variant().options().xiangqi_repetition) {
    case RuleOptions::XiangqiRepetition::AXF:
      return "axf";
    case RuleOptions::XiangqiRepetition::AXF_HK:
      return "axf-hk";
    case RuleOptions::XiangqiRepetition::SIMPLE:
      break;
  }
  return "simple (the words are axf's)";
}

bool classed(const Position& pos) {
  return pos.variant().options().xiangqi_repetition != RuleOptions::XiangqiRepetition::SIMPLE;
}

std::string piece(const Variant& v, Kind k, Square s) { return "the " + v.kind(k).name + " " + v.square_name(s); }

std::string threat_words(const Variant& v, const Threat& t) {
  const std::string attack = piece(v, t.attacker, t.from) + " attacks " + piece(v, t.target, t.to) + ", ";
  switch (t.why) {
    case ThreatWhy::UNPROTECTED:
      return attack + "unprotected";
    case ThreatWhy::CHARIOT:
      return attack + "a Chariot attacked by a " + v.kind(t.attacker).name + ", protected or not";
    case ThreatWhy::WORTH_MORE:
      return attack + "worth more than a " + v.kind(t.attacker).name + ", protected or not";
    case ThreatWhy::PROTECTED:
      return attack + "protected";
    case ThreatWhy::EXCHANGE:
      return attack + "an exchange offered: the " + v.kind(t.target).name + " can take back";
    case ThreatWhy::BY_GENERAL:
      return attack + "the General may chase";
    case ThreatWhy::BY_SOLDIER:
      return attack + "a Soldier may chase";
    case ThreatWhy::UNCROSSED_SOLDIER:
      return attack + "a Soldier that has not crossed the river";
  }
  return attack;
}

// "check", "chase: ...", "check; chase: ...", "idle: no new threat", "idle: ... protected".
std::string move_words(const Variant& v, const CycleMove& cm) {
  std::string chases, excused;
  for (const Threat& t : cm.threats) {
    std::string& into = t.counts() ? chases : excused;
    into += (into.empty() ? "" : "; ") + threat_words(v, t);
  }
  if (!chases.empty()) return std::string(cm.check ? "check; " : "") + "chase: " + chases;
  if (cm.check) return "check";
  return "idle: " + (excused.empty() ? std::string("no new threat") : excused);
}

}  // namespace

std::string repetition_detail(const Position& now, int cycle_plies, const RepetitionVerdict& v) {
  const Variant& var = now.variant();
  if (var.game() != GameId::XIANGQI) return "";
  if (v.ending == Ending::MUTUAL_PERPETUAL_CHECK) return "both sides checked perpetually";
  if (v.ending == Ending::MUTUAL_PERPETUAL_CHASE) return "both sides chased perpetually";
  if (v.draw) return "";
  const std::string who = var.color_name(v.loser);
  if (v.ending == Ending::PERPETUAL_CHECK) return who + " checked perpetually";
  if (!classed(now) || now.game_ply() < cycle_plies) return who + " chased perpetually";
  const CycleReport r = classify_cycle(now, cycle_plies);
  // "Red chased the Horse perpetually", "Red checked and chased the Horse and the Cannon perpetually".
  std::string pieces;
  for (Kind k : r.chased_kinds[v.loser]) pieces += (pieces.empty() ? " the " : " and the ") + var.kind(k).name;
  return who + (r.checked_too[v.loser] ? " checked and chased" : " chased") + pieces + " perpetually";
}

std::vector<std::string> explain_repetition(const Game& g) {
  std::vector<std::string> out;
  if (g.variant().game() != GameId::XIANGQI) return out;
  const int end = g.rules_ended() ? g.rules_ended()->ply : g.ply();
  const auto& keys = g.keys();
  int first = 0;
  while (keys[first] != keys[end]) ++first;
  if (first == end) return out;
  const Position now = g.position_at(end);
  const Variant& v = g.variant();
  const CycleReport r = classify_cycle(now, end - first, true);
  out.push_back("cycle: moves " + std::to_string(first + 1) + "-" + std::to_string(end) + ", rules " + rule_set(now));
  Position pos = g.position_at(first);
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const CycleMove& cm = r.moves[i];
    out.push_back(std::to_string(first + 1 + int(i)) + ". " + v.color_name(cm.mover) + " " +
                  move_to_text(pos, cm.move) + ": " + move_words(v, cm));
    pos.do_move(cm.move);
  }
  const GameResult& result = g.rules_ended() ? g.rules_ended()->result : g.result();
  std::string verdict =
      result.over() ? result.text() : "* (the position has occurred " + std::to_string(g.repetitions()) + " times)";
  if (!result.detail.empty()) verdict += ": " + result.detail;
  out.push_back("verdict: " + verdict);
  return out;
}

}  // namespace kirin
