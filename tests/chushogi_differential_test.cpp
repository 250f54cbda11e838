// Kirin's Chu Shogi moves against lishogi's rules library (shogiops, installed by scripts/deps.sh
// into tests/differential) on positions reached by random play: from the start, from the Three
// Lions handicap, and from setups with Lions, Falcons, Eagles and Kirins close together.
// Both sides are compared as sets of move effects (see tests/differential/shogiops_moves.mjs).
// A difference fails the test unless it is one of the deliberate differences named below.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "differential/random_playout.h"
#include "differential/shogiops_compare.h"
#include "notation/fen.h"

using namespace kirin;
using namespace kirin::testing_support;

namespace {

// Setups that bring Lions (and other Lion-power pieces) close: bridge captures, igui, double
// captures, hidden protectors, counter-strike.
struct GameSetup {
  const char* name;
  const char* sfen;
  int games, plies;
};
const GameSetup kSetups[] = {
    {"start",
     "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
     "LFCSGKEGSCFL b - 1",
     4, 130},
    {"three lions",
     "lfcsgekgscfl/a1b1txxt1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+O+OT1B1A/"
     "LFCSGKEGSCFL w - 1",
     2, 100},
    {"lions two apart, pawn guards", "l4k5l/12/2r6b2/3pppppp3/4ig1n4/5p6/4N1I5/3P1PG5/3PPPPPP3/2B6R2/12/L5K4L b - 1",
     20, 30},
    {"falcons, eagles, kirins", "5k6/12/3+h2+d5/2p2n1p4/4o1x5/3P2N5/5O1T4/4+D1+H5/12/2R9/12/6K5 b - 1", 20, 30},
    {"promoted kirins, hidden sliders", "k11/12/1q4+o5/3n2p5/2b2n1i4/5N2+M3/3+O1P1N4/2Q5R3/12/12/12/11K b - 1", 20, 30},
    {"lions adjacent behind pawns", "4k7/12/4r2+h4/3pppp5/4npi5/4PNI5/3PPP6/4+D7/12/12/12/7K4 w - 1", 20, 30},
};

// The name of the deliberate difference that explains a move only one side lists, or "".
// `m` is Kirin's move for a Kirin-only effect, none for a shogiops-only one.
std::string known_difference(const Position& pos, const std::string& eff, Move m) {
  const Color us = pos.side_to_move();
  if (m.is_none() && eff == "pass" && pos.last_was_pass())
    return "PassRightAfterPass: seed 003 forbids it, shogiops allows it";
  if (!m.is_none() && m.has_mid() && !m.stays() && is_lion_at(pos, m.from()) && is_enemy(pos.at(m.mid()), us) &&
      (is_token(pos, m.mid(), "P") || is_token(pos, m.mid(), "I")) && is_enemy(pos.at(m.to()), us) &&
      is_lion_at(pos, m.to()) && distance(m.from(), m.to()) > 1)
    return "LionTakesOnlyPawnProtector: seed 003 allows taking a Lion together with the Pawn or "
           "Go-Between that alone protected it, shogiops still counts the Pawn";
  return "";
}

std::string no_difference(const Position&, const std::string&, Move) { return ""; }

// rules=lishogi is lishogi's server referee (scalashogi), whose counter-strike tests a capture's
// final square only; shogiops 0.18.0 tests the mid square too (chu_shogi.md section 11). That is
// the one difference between them: a non-Lion's double move that takes a Lion on its mid square
// during the ban, Kirin's (the server's) move alone.
std::string server_difference(const Position& pos, const std::string&, Move m) {
  if (!m.is_none() && m.has_mid() && pos.counter_strike() != NO_SQUARE && !is_lion_at(pos, m.from()) &&
      is_enemy(pos.at(m.mid()), pos.side_to_move()) && is_lion_at(pos, m.mid()) && m.mid() != pos.counter_strike())
    return "MidSquareCounterStrike: lishogi's server tests the final square only, shogiops the mid square too";
  return "";
}

const std::vector<std::string> kLishogi = {"rules=lishogi"};
// What shogiops accepts: lishogi's rules with the seed's counter-strike test.
const std::vector<std::string> kShogiops = {"rules=lishogi", "counterstrike=seed"};

TEST(ChuShogiDifferential, RandomGamesMatchShogiops) {
  auto v = make_variant(GameId::CHUSHOGI);
  Rng rng(20261122);
  std::vector<Sample> samples;
  LionCoverage cover;
  for (const GameSetup& setup : kSetups) {
    auto start = parse_fen(v, setup.sfen);
    ASSERT_TRUE(start.ok()) << setup.name << ": " << start.error();
    for (int g = 0; g < setup.games; ++g)
      random_playout(*start, rng, setup.plies, [&](Position& pos, const std::string& line) {
        // The SFEN must describe the position completely: reading it back gives the same key.
        auto back = parse_fen(v, to_fen(pos));
        ASSERT_TRUE(back.ok()) << to_fen(pos) << ": " << back.error();
        EXPECT_EQ(back->key(), pos.key()) << to_fen(pos);
        cover.add(pos);
        samples.push_back(sample_of(pos, setup.name, line));
      });
  }
  std::vector<std::string> sfens;
  for (const auto& s : samples) sfens.push_back(s.fen);
  const auto ops = shogiops_effects(sfens);
  std::map<std::string, int> known;
  int differing = 0;
  for (size_t i = 0; i < samples.size(); ++i) {
    Difference d = differ(samples[i], ops[i], known, known_difference);
    if (!d.empty() && ++differing <= 20) ADD_FAILURE() << describe(samples[i], d);
  }
  std::printf(
      "[ chushogi ] %zu positions: %d with opposing Lions within two squares, %d under counter-strike, "
      "%d where the Lion-trading rules refused a move; %d with unexplained differences\n",
      samples.size(), cover.close, cover.counter_strike, cover.refused, differing);
  for (const auto& [why, n] : known) std::printf("[ chushogi ] known difference, %d moves: %s\n", n, why.c_str());
  EXPECT_EQ(differing, 0);
  EXPECT_GE(samples.size(), 500u);
  EXPECT_GE(cover.close, 200);
  EXPECT_GE(cover.counter_strike, 10);
  EXPECT_GE(cover.refused, 20);
}

// One position, given as an SFEN and the moves played from it (Kirin sees the history), under
// the given rule options. Under rules=lishogi only the server's mid-square counter-strike may be
// explained away, and under the shogiops rules nothing.
Difference difference_after(const std::string& sfen, const std::vector<std::string>& moves,
                            std::map<std::string, int>& known, const std::vector<std::string>& options = {}) {
  auto v = make_variant("chushogi", options);
  EXPECT_TRUE(v.ok()) << v.error();
  auto pos = parse_fen(*v, sfen);
  EXPECT_TRUE(pos.ok()) << pos.error();
  std::string line;
  for (const auto& text : moves) {
    auto m = parse_move(*pos, text);
    EXPECT_TRUE(m.ok()) << m.error();
    pos->do_move(*m);
    line += text + " ";
  }
  Sample s = sample_of(*pos, "hand-made", line);
  const Explain explain = options == kLishogi    ? server_difference
                          : options == kShogiops ? no_difference
                                                 : known_difference;
  return differ(s, shogiops_effects({s.fen})[0], known, explain);
}
const char* const kAfterPass = "k11/12/12/12/12/5n6/12/5N6/12/12/12/11K b - 1";
const char* const kPawnOnlyProtector = "k11/12/12/12/12/5n6/5i6/5N6/12/12/12/11K b - 1";

// Seed 003: "two consecutive passes are not possible". shogiops knows no history and lets the
// White Lion pass right after the Black Lion's pass.
TEST(ChuShogiDifferential, KnownDifferencePassRightAfterPass) {
  std::map<std::string, int> known;
  Difference d = difference_after(kAfterPass, {"7h7i7h"}, known);
  EXPECT_TRUE(d.empty()) << joined(d.only_kirin) << " / " << joined(d.only_ops);
  ASSERT_EQ(known.size(), 1u);
  EXPECT_EQ(known.begin()->first.rfind("PassRightAfterPass", 0), 0u);
  EXPECT_EQ(known.begin()->second, 1);
}

// The White Go-Between on 7g alone protects the White Lion on 7f. The Black Lion takes both
// (7h7g7f): afterwards nothing attacks 7f, so seed 003 allows it ("capturing a Pawn or Go
// Between along with a Lion is allowed if said Pawn or Go Between was the only thing defending
// the Lion"); shogiops still counts the captured Go-Between as a protector.
TEST(ChuShogiDifferential, KnownDifferenceLionTakesOnlyPawnProtector) {
  std::map<std::string, int> known;
  Difference d = difference_after(kPawnOnlyProtector, {}, known);
  EXPECT_TRUE(d.empty()) << joined(d.only_kirin) << " / " << joined(d.only_ops);
  ASSERT_EQ(known.size(), 1u);
  EXPECT_EQ(known.begin()->first.rfind("LionTakesOnlyPawnProtector", 0), 0u);
  EXPECT_EQ(known.begin()->second, 1);
}

// Under rules=lishogi both differences disappear: the pass after a pass and the refused
// double capture are exactly as shogiops has them.
TEST(ChuShogiDifferential, LishogiRulesPassRightAfterPassAsShogiops) {
  std::map<std::string, int> known;
  Difference d = difference_after(kAfterPass, {"7h7i7h"}, known, kLishogi);
  EXPECT_TRUE(d.empty()) << joined(d.only_kirin) << " / " << joined(d.only_ops);
  EXPECT_TRUE(known.empty());
}

TEST(ChuShogiDifferential, LishogiRulesCapturedPawnStillProtectsAsShogiops) {
  std::map<std::string, int> known;
  Difference d = difference_after(kPawnOnlyProtector, {}, known, kLishogi);
  EXPECT_TRUE(d.empty()) << joined(d.only_kirin) << " / " << joined(d.only_ops);
  EXPECT_TRUE(known.empty());
}

// Two differences listed for older shogiops releases do not occur with the pinned 0.18.0: it
// applies the adjacency exception to a Lion taken on the second step (here the Gold on 6f
// protects the White Lion on 6g, next to the Black Lion on 7h), and it applies counter-strike
// to Falcon and Eagle second steps and mid squares (here a Black Lion was just taken on 3c).
// Both agree, under the default rules and under the shogiops rules. Under rules=lishogi the
// Falcon and Eagle may take the Lion on the mid square (igui, or on to an empty square), which
// shogiops refuses: in the positions with a Lion next to them, and nowhere else.
TEST(ChuShogiDifferential, AdjacentLionOnSecondStepAndFalconEagleCounterStrikeAgree) {
  const char* const positions[] = {
      "k11/12/12/12/12/6g5/5pn5/5N6/12/12/12/11K b - 1",   "k11/12/12/12/12/6g5/5bn5/5N6/12/12/12/11K b - 1",
      "k11/12/9g2/12/12/5n6/5p6/5+H6/12/12/12/11K b 3c 1", "k11/12/9g2/12/12/5p6/5n6/5+H6/12/12/12/11K b 3c 1",
      "k11/12/9g2/12/12/3n8/4p7/5+D6/12/12/12/11K b 3c 1", "k11/12/9g2/12/12/3n8/4n7/5+D6/12/12/12/11K b 3c 1",
  };
  for (const auto& options : {std::vector<std::string>{}, kShogiops})
    for (const char* sfen : positions) {
      std::map<std::string, int> known;
      Difference d = difference_after(sfen, {}, known, options);
      EXPECT_TRUE(d.empty() && known.empty()) << sfen << ": " << joined(d.only_kirin) << " / " << joined(d.only_ops);
    }
  const int server_only[] = {0, 0, 0, 2, 0, 1};  // the Falcon's 7h7g7h and 7h7g7f; the Eagle's 7h8g7h
  for (size_t i = 0; i < std::size(positions); ++i) {
    std::map<std::string, int> known;
    Difference d = difference_after(positions[i], {}, known, kLishogi);
    EXPECT_TRUE(d.empty()) << positions[i] << ": " << joined(d.only_kirin) << " / " << joined(d.only_ops);
    EXPECT_EQ(known.empty() ? 0 : known.begin()->second, server_only[i]) << positions[i];
  }
}

// lishogi's rules against shogiops on positions from random games played under rules=lishogi:
// with the seed's counter-strike test (shogiops's), no difference allowed; as lishogi's server
// has it, the mid-square counter-strike alone. CI compares 5,000 positions;
// KIRIN_LISHOGI_POSITIONS=100000 runs the full comparison (scripts/lishogi_differential.sh).
// Positions go to node in batches of 5,000.
TEST(ChuShogiDifferential, LishogiRulesMatchShogiopsExactly) {
  const char* env = std::getenv("KIRIN_LISHOGI_POSITIONS");
  const size_t wanted = env ? std::strtoul(env, nullptr, 10) : 5000;
  ASSERT_GT(wanted, 0u) << "KIRIN_LISHOGI_POSITIONS must be a positive number";
  auto v = make_variant("chushogi", kLishogi);
  auto ops_rules = make_variant("chushogi", kShogiops);
  ASSERT_TRUE(v.ok() && ops_rules.ok());
  Rng rng(20261124);
  LionCoverage cover;
  size_t compared = 0;
  int differing = 0, after_pass = 0;  // after_pass: positions right after a pass
  std::map<std::string, int> server_known;
  std::vector<Sample> batch;
  auto flush = [&] {
    std::vector<std::string> sfens;
    for (const auto& s : batch) sfens.push_back(s.fen);
    const auto ops = shogiops_effects(sfens);
    std::map<std::string, int> known;
    for (size_t i = 0; i < batch.size(); ++i) {
      Difference d = differ(batch[i], ops[i], server_known, server_difference);
      if (!d.empty() && ++differing <= 20) ADD_FAILURE() << describe(batch[i], d);
      // The same position under the shogiops rules (the SFEN carries the counter-strike square).
      auto same = parse_fen(*ops_rules, batch[i].fen);
      ASSERT_TRUE(same.ok()) << batch[i].fen << ": " << same.error();
      Sample as_ops = sample_of(*same, batch[i].setup, batch[i].line);
      Difference exact = differ(as_ops, ops[i], known, no_difference);
      if (!exact.empty() && ++differing <= 20) ADD_FAILURE() << describe(as_ops, exact);
    }
    compared += batch.size();
    batch.clear();
  };
  for (int round = 0; compared + batch.size() < wanted; ++round) {
    const GameSetup& setup = kSetups[round % std::size(kSetups)];
    auto start = parse_fen(*v, setup.sfen);
    ASSERT_TRUE(start.ok()) << setup.name << ": " << start.error();
    random_playout(*start, rng, setup.plies, [&](Position& pos, const std::string& line) {
      if (compared + batch.size() >= wanted) return;
      cover.add(pos);
      after_pass += pos.last_was_pass();
      batch.push_back(sample_of(pos, setup.name, line));
      if (batch.size() == 5000) flush();
    });
  }
  if (!batch.empty()) flush();
  std::printf(
      "[ lishogi ] %zu positions: %d with opposing Lions within two squares, %d under counter-strike, "
      "%d where the Lion-trading rules refused a move, %d right after a pass; %d differ from shogiops\n",
      compared, cover.close, cover.counter_strike, cover.refused, after_pass, differing);
  for (const auto& [why, n] : server_known) std::printf("[ lishogi ] server's rules, %d moves: %s\n", n, why.c_str());
  EXPECT_EQ(differing, 0);
  EXPECT_EQ(compared, wanted);
  EXPECT_GE(after_pass, int(wanted / 1000));
  EXPECT_GE(cover.close, int(wanted / 20));
  EXPECT_GE(cover.counter_strike, int(wanted / 500));
  EXPECT_GE(cover.refused, int(wanted / 200));
}

}  // namespace
