// Chu Shogi's rule options as data: the finer rule points (../shared/rules/chu_shogi.md
// sections 5, 7, 10) and the rule sets of section 11 that bundle them.
#include <string>

#include "rules/variant.h"

namespace kirin {
namespace {

using CS = RuleOptions::CounterStrike;
using BK = RuleOptions::BareKing;
using LR = RuleOptions::LastRankPromotion;

// One community's rules, point by point.
struct RuleSet {
  RuleOptions::ChuRules id;
  CS counter_strike;
  bool captured_minor_protects;
  bool pass_after_pass;
  LR last_rank;
  BK bare_king;
  bool mate_by_capture;
  bool repetition_ends;
};

// Seed 003 (sections 1-10), the default.
constexpr RuleSet kSeed = {.id = RuleOptions::ChuRules::SEED,
                           .counter_strike = CS::SEED,
                           .captured_minor_protects = false,
                           .pass_after_pass = false,
                           .last_rank = LR::PAWN_AND_LANCE,
                           .bare_king = BK::NONE,
                           .mate_by_capture = false,
                           .repetition_ends = false};
// What lishogi's server referee (scalashogi) accepts, and how lishogi ends games. Its counter-strike
// tests only a capture's final square; lishogi's browser library shogiops 0.18.0 tests the mid
// square too, which is rules=lishogi,counterstrike=seed (chu_shogi.md section 11).
constexpr RuleSet kLishogi = {.id = RuleOptions::ChuRules::LISHOGI,
                              .counter_strike = CS::LISHOGI,
                              .captured_minor_protects = true,
                              .pass_after_pass = true,
                              .last_rank = LR::PAWN_AND_LANCE,
                              .bare_king = BK::LISHOGI,
                              .mate_by_capture = true,
                              .repetition_ends = true};
// The JCSA's 2019 competition rules: sakishishi only with a foot, a dead Lance, one piece bares.
constexpr RuleSet kJcsa = {.id = RuleOptions::ChuRules::JCSA,
                           .counter_strike = CS::FOOT,
                           .captured_minor_protects = true,
                           .pass_after_pass = false,
                           .last_rank = LR::PAWN,
                           .bare_king = BK::JCSA,
                           .mate_by_capture = false,
                           .repetition_ends = false};

void apply(RuleOptions& o, const RuleSet& r) {
  o.chu_rules = r.id;
  o.counter_strike = r.counter_strike;
  o.captured_minor_protects = r.captured_minor_protects;
  o.pass_after_pass = r.pass_after_pass;
  o.last_rank = r.last_rank;
  o.bare_king = r.bare_king;
  o.mate_by_capture = r.mate_by_capture;
  o.chu_repetition_ends = r.repetition_ends;
}

struct Choice {
  const char* value;
  void (*set)(RuleOptions&);
};
struct Option {
  const char* key;
  std::initializer_list<Choice> choices;  // the default first
};

const Option kOptions[] = {
    {"rules",
     {{"seed", [](RuleOptions& o) { apply(o, kSeed); }},
      {"lishogi", [](RuleOptions& o) { apply(o, kLishogi); }},
      {"jcsa", [](RuleOptions& o) { apply(o, kJcsa); }}}},
    {"counterstrike",
     {{"seed", [](RuleOptions& o) { o.counter_strike = CS::SEED; }},
      {"destination", [](RuleOptions& o) { o.counter_strike = CS::DESTINATION; }},
      {"foot", [](RuleOptions& o) { o.counter_strike = CS::FOOT; }},
      {"lishogi", [](RuleOptions& o) { o.counter_strike = CS::LISHOGI; }}}},
    {"bridge",
     {{"seed", [](RuleOptions& o) { o.captured_minor_protects = false; }},
      {"pawnfoot", [](RuleOptions& o) { o.captured_minor_protects = true; }}}},
    {"passes",
     {{"seed", [](RuleOptions& o) { o.pass_after_pass = false; }},
      {"any", [](RuleOptions& o) { o.pass_after_pass = true; }}}},
    {"lastrank",
     {{"pawn+lance", [](RuleOptions& o) { o.last_rank = LR::PAWN_AND_LANCE; }},
      {"pawn", [](RuleOptions& o) { o.last_rank = LR::PAWN; }}}},
    {"bareking",
     {{"none", [](RuleOptions& o) { o.bare_king = BK::NONE; }},
      {"lishogi", [](RuleOptions& o) { o.bare_king = BK::LISHOGI; }},
      {"jcsa", [](RuleOptions& o) { o.bare_king = BK::JCSA; }}}},
    {"mate",
     {{"adjudicated", [](RuleOptions& o) { o.mate_by_capture = false; }},
      {"capture", [](RuleOptions& o) { o.mate_by_capture = true; }}}},
    {"repetition",
     {{"ban", [](RuleOptions& o) { o.chu_repetition_ends = false; }},
      {"lishogi", [](RuleOptions& o) { o.chu_repetition_ends = true; }}}},
};

}  // namespace

Result<RuleOptions> parse_chushogi_option(RuleOptions o, const std::string& key, const std::string& value) {
  for (const Option& opt : kOptions) {
    if (key != opt.key) continue;
    std::string expected;
    size_t i = 0;
    for (const Choice& c : opt.choices) {
      if (value == c.value) {
        c.set(o);
        return o;
      }
      expected += (i == 0 ? "" : i + 1 == opt.choices.size() ? " or " : ", ") + std::string(c.value);
      ++i;
    }
    return Error{"option " + key + ": expected " + expected + ", got '" + value + "'"};
  }
  return Error{"unknown rule option '" + key + "' for chushogi"};
}

}  // namespace kirin
