#include "rules/cycle_classes.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "rules/threats.h"

namespace kirin {
namespace {

// The rulebooks' material values where an exchange is judged (CXA 2011 on material: a Horse is
// worth a Cannon, an Advisor an Elephant): equal classes may be offered in exchange.
int exchange_class(const Variant& v, Kind k) {
  const std::string& t = v.kind(k).token;
  if (t == "R") return 3;
  if (t == "N" || t == "C") return 2;
  if (t == "A" || t == "B") return 1;
  return 0;
}

struct Judge : ChaseKinds {
  Position& pos;
  const Variant& v;

  explicit Judge(Position& p) : ChaseKinds(p.variant()), pos(p), v(p.variant()) {}

  // Why the threat from a on t counts or not, in the position as it stands. nullopt: the
  // target is the General (that is check, not chase).
  std::optional<ThreatWhy> why(Square a, Square t) const {
    const Kind ak = kind_of(pos.at(a)), tk = kind_of(pos.at(t));
    const Color them = color_of(pos.at(t));
    if (tk == general) return std::nullopt;
    if (ak == general) return ThreatWhy::BY_GENERAL;
    if (ak == soldier) return ThreatWhy::BY_SOLDIER;
    if (tk == soldier && !(v.region(them, t) & IN_ENEMY_HALF)) return ThreatWhy::UNCROSSED_SOLDIER;
    if (tk == chariot && (ak == horse || ak == cannon)) return ThreatWhy::CHARIOT;
    // A small piece attacking a bigger one (以小捉大) chases, protected or not: the rulebooks'
    // values, as for exchanges.
    if (exchange_class(v, ak) > 0 && exchange_class(v, ak) < exchange_class(v, tk)) return ThreatWhy::WORTH_MORE;
    if (exchange_class(v, ak) == exchange_class(v, tk) && exchange_class(v, ak) > 0 && can_capture(pos, them, t, a))
      return ThreatWhy::EXCHANGE;
    if (protected_after_capture(pos, a, t)) return ThreatWhy::PROTECTED;
    return ThreatWhy::UNPROTECTED;
  }
};

using Pair = std::pair<int, int>;  // attacker id, target id

}  // namespace

bool counting(ThreatWhy why) {
  return why == ThreatWhy::UNPROTECTED || why == ThreatWhy::CHARIOT || why == ThreatWhy::WORTH_MORE;
}

bool CycleMove::chases() const {
  return std::any_of(threats.begin(), threats.end(), [](const Threat& t) { return t.counts(); });
}

namespace {

// The pieces chased by every one of colour c's moves (one chaser or several: AXF rule 36).
std::vector<int> chased_by_all(const CycleReport& report, Color c) {
  std::vector<int> common;
  bool first = true;
  for (const CycleMove& cm : report.moves) {
    if (cm.mover != c) continue;
    std::vector<int> chased;
    for (const Threat& t : cm.threats)
      if (t.counts()) chased.push_back(t.target_id);
    if (!first) {
      std::vector<int> keep;
      for (int x : common)
        if (std::find(chased.begin(), chased.end(), x) != chased.end()) keep.push_back(x);
      chased = keep;
    }
    common = chased;
    first = false;
  }
  return common;
}

// Each side's offence, from its classed moves: every move a check; else every move a check or a
// chase (长打), or, with `one_target` (axf-hk), one piece chased by all.
void find_offences(CycleReport& report, bool one_target) {
  for (Color c : {FIRST, SECOND}) {
    bool all_checks = true, all_attack = true, any = false, checks = false;
    for (const CycleMove& cm : report.moves) {
      if (cm.mover != c) continue;
      any = true;
      all_checks = all_checks && cm.check;
      all_attack = all_attack && (cm.check || cm.chases());
      checks = checks || (cm.check && !cm.chases());
    }
    if (!any) continue;
    if (all_checks) {
      report.offence[c] = Offence::PERPETUAL_CHECK;
      continue;
    }
    std::vector<int> chased;
    if (one_target) {
      chased = chased_by_all(report, c);
      if (chased.empty()) continue;
      chased.resize(1);
    } else {
      if (!all_attack) continue;
      report.checked_too[c] = checks;
      for (const CycleMove& cm : report.moves)
        for (const Threat& t : cm.threats)
          if (cm.mover == c && t.counts() && std::find(chased.begin(), chased.end(), t.target_id) == chased.end())
            chased.push_back(t.target_id);
    }
    report.offence[c] = Offence::PERPETUAL_CHASE;
    report.chased_ids[c] = chased;
    for (int id : chased)
      for (const CycleMove& cm : report.moves)
        if (auto t = std::find_if(cm.threats.begin(), cm.threats.end(),
                                  [&](const Threat& x) { return x.target_id == id && x.counts(); });
            t != cm.threats.end()) {
          report.chased_kinds[c].push_back(t->target);
          break;
        }
  }
}

}  // namespace

CycleReport classify_cycle(const Position& now, int cycle_plies, bool explain) {
  CycleReport report;
  Position pos = now;
  const std::vector<Move> cycle = rewind_cycle(pos, cycle_plies);
  // Piece identities, followed through the cycle: the square each piece stood on at its start.
  std::array<int, MAILBOX> id = piece_ids(pos);

  for (Move m : cycle) {
    const Color us = pos.side_to_move();
    // Attacks that stood before the move, without the General's safety: only those among them
    // that counted then are old.
    std::vector<Capture> before = captures_of(pos, us, true);
    std::vector<Pair> before_ids;
    for (auto [a, t] : before) before_ids.push_back({id[a], id[t]});
    std::array<int, MAILBOX> id_before = id;
    pos.do_move(m);
    id[m.to()] = id[m.from()];
    id[m.from()] = -1;

    CycleMove cm{m, us, pos.in_check(), {}};
    Judge judge(pos);
    std::vector<Threat> fresh;
    for (auto [a, t] : captures_of(pos, us)) {
      auto why = judge.why(a, t);
      if (!why) continue;
      if (!explain && !counting(*why)) continue;
      fresh.push_back({a, t, kind_of(pos.at(a)), kind_of(pos.at(t)), id[t], *why});
    }
    // A threat that counted before the move is not the move's doing: judged again where it stood.
    std::vector<bool> old(fresh.size(), false);
    bool any_stood = false;
    for (size_t i = 0; i < fresh.size(); ++i)
      any_stood = any_stood || std::find(before_ids.begin(), before_ids.end(),
                                         Pair{id[fresh[i].from], fresh[i].target_id}) != before_ids.end();
    if (any_stood) {
      pos.undo_move();
      Judge then(pos);
      for (size_t i = 0; i < fresh.size(); ++i) {
        const Pair p{id[fresh[i].from], fresh[i].target_id};
        for (auto [a, t] : before)
          if (Pair{id_before[a], id_before[t]} == p) {
            // A chase is old if it counted then; an excused threat if it stood at all.
            auto was = then.why(a, t);
            old[i] = !fresh[i].counts() || (was && counting(*was));
          }
      }
      pos.do_move(m);
    }
    for (size_t i = 0; i < fresh.size(); ++i)
      if (!old[i]) cm.threats.push_back(fresh[i]);
    report.moves.push_back(std::move(cm));
  }

  find_offences(report, now.variant().options().xiangqi_repetition == RuleOptions::XiangqiRepetition::AXF_HK);
  return report;
}

}  // namespace kirin
