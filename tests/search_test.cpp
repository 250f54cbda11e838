// The search and its parts: repetition verdicts per game, bench determinism, Elo and SPRT.
#include <gtest/gtest.h>

#include <sstream>

#include "match/stats.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/bench.h"
#include "search/engine.h"
#include "search/level.h"
#include "search/repetition.h"
#include "search/timeman.h"
#include "search/tt.h"

using namespace kirin;

namespace {

// A cycle A B A' B' A: four moves, the first mover checking with `first_checks`.
std::vector<LineEntry> cycle(bool first_checks, bool second_checks) {
  std::vector<LineEntry> line;
  const Key keys[] = {1, 2, 3, 4, 1};
  for (int i = 0; i < 5; ++i) {
    LineEntry e;
    e.key = keys[i];
    e.quiet_plies = i + 10;
    // Entry i was reached by the move of ply i; odd plies are the first mover's here.
    e.checked = i > 0 && ((i % 2 == 1) ? first_checks : second_checks);
    line.push_back(e);
  }
  return line;
}

}  // namespace

TEST(SearchRepetition, XiangqiPerpetualCheckLosesForTheChecker) {
  // The last move (ply 4) was the second mover's: it checked every time, so the side to move wins.
  EXPECT_EQ(judge_repetition(GameId::XIANGQI, cycle(false, true), 0), Repetition::WIN);
  EXPECT_EQ(judge_repetition(GameId::XIANGQI, cycle(true, false), 0), Repetition::LOSS);
  EXPECT_EQ(judge_repetition(GameId::XIANGQI, cycle(true, true), 0), Repetition::DRAW);
  EXPECT_EQ(judge_repetition(GameId::XIANGQI, cycle(false, false), 0), Repetition::DRAW);
}

TEST(SearchRepetition, BeforeTheSearchRootTheFullCountIsNeeded) {
  // One earlier occurrence is not yet a third (xiangqi) or fourth (shogi games) one.
  EXPECT_EQ(judge_repetition(GameId::XIANGQI, cycle(false, false), 5), Repetition::NONE);
  EXPECT_EQ(judge_repetition(GameId::CHUSEIREIGI, cycle(false, true), 5), Repetition::NONE);
}

TEST(SearchRepetition, ChuShogiRepeaterLosesUnlessInCheck) {
  EXPECT_EQ(judge_repetition(GameId::CHUSHOGI, cycle(false, false), 0), Repetition::WIN);
  // Entry 3 checked: the side that made the repeating move was escaping check.
  EXPECT_EQ(judge_repetition(GameId::CHUSHOGI, cycle(true, false), 0), Repetition::DRAW);
}

// Four occurrences of one position, the second mover checking only in the last cycle: judged
// from the first occurrence, as chu_seireigi.md 5.4 says, that is no perpetual check.
TEST(SearchRepetition, ChuSeireigiPerpetualCheckSpansFromTheFirstOccurrence) {
  std::vector<LineEntry> line;
  for (int i = 0; i <= 12; ++i) {
    LineEntry e;
    e.key = Key(1 + i % 4);
    e.quiet_plies = i + 10;
    e.checked = i == 10 || i == 12;
    line.push_back(e);
  }
  EXPECT_EQ(judge_repetition(GameId::CHUSEIREIGI, line, line.size()), Repetition::DRAW);
  for (int i = 2; i <= 8; i += 2) line[i].checked = true;
  EXPECT_EQ(judge_repetition(GameId::CHUSEIREIGI, line, line.size()), Repetition::WIN);
}

// The xiangqi verdict on a real line of moves, with the position to look for a chase in.
Repetition judge_xiangqi_line(const std::string& fen, const std::string& moves, bool with_position,
                              const RuleOptions& rules = {}) {
  auto pos = parse_fen(make_variant(GameId::XIANGQI, rules), fen);
  EXPECT_TRUE(pos.ok()) << pos.error();
  std::vector<LineEntry> line{{pos->key(), pos->in_check(), false, pos->quiet_plies()}};
  std::istringstream in(moves);
  for (std::string text; in >> text;) {
    auto m = parse_move(*pos, text);
    EXPECT_TRUE(m.ok()) << text;
    pos->do_move(*m);
    line.push_back({pos->key(), pos->in_check(), false, pos->quiet_plies()});
  }
  return judge_repetition(GameId::XIANGQI, line, 0, with_position ? &*pos : nullptr);
}

// Rules file xiangqi.md section 6, inside the search: the Chariot (Red, to move at the end)
// chases the unprotected Horse b7 <-> c9 with both its moves, so Red loses; a protected Horse
// (the other Horse on a9, the Elephant on e7) is no chase.
TEST(SearchRepetition, XiangqiPerpetualChaseLosesForTheChaser) {
  const std::string dance = "c1b1 b7c9 b1c1 c9b7";
  EXPECT_EQ(judge_xiangqi_line("4k4/9/1n7/9/9/9/9/9/2R6/3K5 w - - 0 1", dance, true), Repetition::LOSS);
  EXPECT_EQ(judge_xiangqi_line("4k4/9/1n7/9/9/9/9/9/2R6/3K5 w - - 0 1", dance, false), Repetition::DRAW);
  EXPECT_EQ(judge_xiangqi_line("n3k4/9/1n2b4/9/9/9/9/9/2R6/3K5 w - - 0 1", dance, true), Repetition::DRAW);
  // One move later the chased side is to move: it wins.
  EXPECT_EQ(judge_xiangqi_line("4k4/9/1n7/9/9/9/9/9/1R7/3K5 b - - 0 1", "b7c9 b1c1 c9b7 c1b1", true), Repetition::WIN);
}

// The search judges as the referee does under every rule set (XiangqiAxf.DiscoveredChaseBy...):
// Red's General uncovers a Chariot's attack on the Cannon with each step, and the Cannon attacks
// the two Chariots in turn. Under repetition=axf both sides chase (one piece chasing two counts):
// a draw; under axf-hk only Red's chase counts, lost for Red (to move at the end); under simple,
// where the General's step is idle, a draw. The Chariot chasing a Horse and a Cannon in turn
// loses under axf and draws under axf-hk.
TEST(SearchRepetition, XiangqiAxfAndSimpleVerdictsInTheTree) {
  const char* fen = "3k5/9/9/9/9/9/9/9/c3KR3/5R3 w - - 0 1";
  const std::string cycle = "e1e0 a1a0 e0e1 a0a1";
  EXPECT_EQ(judge_xiangqi_line(fen, cycle, true), Repetition::DRAW);
  RuleOptions hk;
  hk.xiangqi_repetition = RuleOptions::XiangqiRepetition::AXF_HK;
  EXPECT_EQ(judge_xiangqi_line(fen, cycle, true, hk), Repetition::LOSS);
  RuleOptions simple;
  simple.xiangqi_repetition = RuleOptions::XiangqiRepetition::SIMPLE;
  EXPECT_EQ(judge_xiangqi_line(fen, cycle, true, simple), Repetition::DRAW);
  const char* two = "4k4/9/n7c/9/9/9/9/R8/9/3K5 w - - 0 1";
  EXPECT_EQ(judge_xiangqi_line(two, "a2i2 e9e8 i2a2 e8e9", true), Repetition::LOSS);
  EXPECT_EQ(judge_xiangqi_line(two, "a2i2 e9e8 i2a2 e8e9", true, hk), Repetition::DRAW);
}

// Both sides check with every move (the cycle of GameXiangqi.MutualPerpetualCheckDraws): a draw.
TEST(SearchRepetition, XiangqiMutualPerpetualCheckDraws) {
  EXPECT_EQ(judge_xiangqi_line("9/5k3/3c1n3/9/8r/9/9/9/3C3p1/3K1R3 w - - 0 1", "d1f1 f7d6 f1d1 d6f7", true),
            Repetition::DRAW);
}

// Two Chariots down, Red could reach a third occurrence with c1b1. Judged as a plain
// repetition that would be a draw and the best move; it is Red's perpetual chase, so a loss.
TEST(SearchEngine, XiangqiChaserDoesNotCompleteTheRepetition) {
  Engine e;
  ASSERT_EQ(error_of(e.set_position(make_variant(GameId::XIANGQI), "4k2rr/9/1n7/9/9/9/9/9/1R7/3K5 b - - 0 1",
                                    {"b7c9", "b1c1", "c9b7", "c1b1", "b7c9", "b1c1", "c9b7"})),
            "");
  SearchLimits l;
  l.depth = 6;
  const SearchResult r = e.search(l);
  EXPECT_NE(r.best, Move::normal(make_square(2, 1), make_square(1, 1)));
  EXPECT_LT(r.score, -500);
}

TEST(SearchTime, BudgetsStayInsideTheClock) {
  SearchLimits l;
  l.time[FIRST] = 10000;
  l.inc[FIRST] = 100;
  TimeBudget b = plan_time(l, FIRST, 30);
  EXPECT_EQ(b.optimum, 10000 / 35 + 80);
  EXPECT_EQ(b.maximum, 5 * (10000 / 35 + 80));
  // 170 ms left (the clock that flagged in an XBoard game): keep a fifth and the overhead.
  l.time[FIRST] = 170;
  b = plan_time(l, FIRST, 50);
  EXPECT_EQ(b.maximum, 170 * 8 / 10 - 50);
  EXPECT_EQ(b.optimum, 170 / 35 + 80);
  SearchLimits byo;
  byo.byoyomi = 5000;
  b = plan_time(byo, SECOND, 100);
  EXPECT_EQ(b.maximum, 4900);
  SearchLimits fixed;
  fixed.movetime = 1000;
  EXPECT_EQ(plan_time(fixed, FIRST, 30).maximum, 970);
  // UCI's movetime is "search exactly": no early stop between iterations, unlike a clock.
  EXPECT_TRUE(plan_time(fixed, FIRST, 30).exact);
  EXPECT_FALSE(b.exact);
  // "btime 0": a clock with nothing on it still is a clock: move at once.
  SearchLimits empty;
  empty.clock_given = true;
  EXPECT_EQ(plan_time(empty, FIRST, 50).maximum, 1);
}

TEST(SearchTime, UnsettledBestMoveGetsMoreTime) {
  TimeBudget b;
  b.optimum = 1000;
  EXPECT_EQ(iteration_cutoff(b, 0), 385);     // the same best move for many iterations
  EXPECT_EQ(iteration_cutoff(b, 0.5), 715);   // a change two iterations ago
  EXPECT_EQ(iteration_cutoff(b, 1), 1045);    // changed in the last iteration
  EXPECT_EQ(iteration_cutoff(b, 1.5), 1210);  // and in the one before: capped
  EXPECT_EQ(iteration_cutoff(b, 10), 1210);
}

TEST(SearchTable, DeeperResultSurvivesAShallowBound) {
  TranspositionTable tt(1);
  const Key key = 0x123456789abcdef0ULL;
  const Move m = Move::normal(Square(0x33), Square(0x34));
  tt.store(key, m, 50, 10, 12, BOUND_LOWER);
  // A quiescence bound on the same position does not wipe the depth-12 result.
  tt.store(key, Move::none(), -20, 10, 0, BOUND_UPPER);
  ASSERT_NE(tt.probe(key), nullptr);
  EXPECT_EQ(tt.probe(key)->depth, 12);
  EXPECT_EQ(tt.probe(key)->value, 50);
  // Nor does a bound four plies shallower; one three plies shallower replaces it.
  tt.store(key, m, 40, 10, 8, BOUND_LOWER);
  EXPECT_EQ(tt.probe(key)->depth, 12);
  tt.store(key, m, 40, 10, 9, BOUND_LOWER);
  EXPECT_EQ(tt.probe(key)->depth, 9);
  // An exact score always replaces, and so does anything from an earlier search.
  tt.store(key, m, 30, 10, 12, BOUND_LOWER);
  tt.store(key, m, 35, 10, 0, BOUND_EXACT);
  EXPECT_EQ(tt.probe(key)->depth, 0);
  tt.store(key, m, 30, 10, 12, BOUND_LOWER);
  tt.new_search();
  tt.store(key, m, 25, 10, 2, BOUND_UPPER);
  EXPECT_EQ(tt.probe(key)->depth, 2);
  EXPECT_EQ(tt.probe(key)->move, m);
}

TEST(SearchBench, SameNodesEveryRun) {
  std::string err;
  uint64_t a = run_bench(4, 4, "xiangqi", {}, err);
  uint64_t b = run_bench(4, 4, "xiangqi", {}, err);
  EXPECT_EQ(err, "");
  EXPECT_GT(a, 0u);
  EXPECT_EQ(a, b);
}

TEST(SearchEngine, NoLegalMoveReturnsNoneAndMatedScore) {
  // Black's General is mated by two Chariots: nothing to play.
  Engine e;
  ASSERT_EQ(error_of(e.set_position(make_variant(GameId::XIANGQI), "3Rk4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1", {})), "");
  SearchLimits l;
  l.depth = 3;
  SearchResult r = e.search(l);
  EXPECT_TRUE(r.best.is_none());
  EXPECT_EQ(r.score, -VALUE_MATE);
}

TEST(SearchEngine, BadWeightsChangeNothing) {
  Engine e;
  EXPECT_EQ(error_of(e.set_option("Weights", "mobility=5,tempo=x")), "option Weights: weight tempo: not a number: 'x'");
  EXPECT_EQ(error_of(e.set_option("Weights", "speed=3")), "option Weights: unknown weight 'speed'");
  EXPECT_EQ(error_of(e.set_option("Weights", "mobility=5,tempo=0")), "");
}

// Each feature switch reaches the search: turning it off changes the tree of a fixed-depth search.
TEST(SearchEngine, FeatureSwitchesChangeTheSearch) {
  // Chu Seireigi after 24 plies of depth-2 self-play, with pieces in hand: drops can check.
  const std::vector<std::string> seireigi_moves = {"7j6h",  "6c7e", "12j10h", "8d8e", "1j3h", "7c9e", "6h7h",   "9e7g",
                                                   "7h5h",  "8c8d", "3h5f",   "1c3e", "7i7h", "7g6g", "5h6g",   "7e6g",
                                                   "5f3d+", "2b3d", "8j3e",   "6g7h", "F*3f", "2a4c", "10h10f", "8d8c"};
  auto nodes = [&](GameId g, const std::string& option, const std::string& value) {
    Engine e;
    EXPECT_EQ(error_of(e.set_position(make_variant(g), "",
                                      g == GameId::CHUSEIREIGI ? seireigi_moves : std::vector<std::string>{})),
              "");
    if (!option.empty()) {
      EXPECT_EQ(error_of(e.set_option(option, value)), "");
    }
    SearchLimits l;
    l.depth = 6;
    return e.search(l).nodes;
  };
  const uint64_t base = nodes(GameId::XIANGQI, "", "");
  for (const char* feature :
       {"NullMove", "LMR", "Futility", "CheckExtensions", "HistoryOrdering", "Razoring", "Aspiration", "IIR"})
    EXPECT_NE(nodes(GameId::XIANGQI, feature, "false"), base) << feature;
  // Razoring and check extensions follow the game's row until set: off in Chu Seireigi.
  const uint64_t seireigi = nodes(GameId::CHUSEIREIGI, "", "");
  for (const char* feature : {"Razoring", "CheckExtensions", "NullMove", "IIR"}) {
    EXPECT_EQ(nodes(GameId::CHUSEIREIGI, feature, "false"), seireigi) << feature;
    EXPECT_NE(nodes(GameId::CHUSEIREIGI, feature, "true"), seireigi) << feature;
    EXPECT_EQ(nodes(GameId::CHUSEIREIGI, feature, "game"), seireigi) << feature;
    EXPECT_EQ(nodes(GameId::XIANGQI, feature, "game"), base) << feature;
  }
  Engine e;
  EXPECT_EQ(error_of(e.set_option("CheckExtensions", "no")),
            "option CheckExtensions: expected game, true or false, got 'no'");
  EXPECT_EQ(error_of(e.set_option("LMR", "no")), "option LMR: expected true or false, got 'no'");
  EXPECT_EQ(error_of(e.set_option("Razoring", "1")), "option Razoring: expected game, true or false, got '1'");
}

// Singular extensions start at depth 7, beyond the test above: a deeper search shows the switch.
TEST(SearchEngine, SingularExtensionsSwitchChangesTheSearch) {
  auto nodes = [](const std::string& value) {
    Engine e;
    EXPECT_EQ(error_of(e.set_position(make_variant(GameId::XIANGQI), "", {"h2e2", "h9g7"})), "");
    if (!value.empty()) {
      EXPECT_EQ(error_of(e.set_option("SingularExtensions", value)), "");
    }
    SearchLimits l;
    l.depth = 10;
    return e.search(l).nodes;
  };
  const uint64_t base = nodes("");
  EXPECT_NE(nodes("false"), base);
  EXPECT_EQ(nodes("true"), base);
  EXPECT_EQ(nodes("game"), base);
  // Off in the shogi games' rows.
  auto chu_nodes = [](const std::string& value) {
    Engine e;
    EXPECT_EQ(error_of(e.set_position(make_variant(GameId::CHUSHOGI), "", {})), "");
    EXPECT_EQ(error_of(e.set_option("SingularExtensions", value)), "");
    SearchLimits l;
    l.depth = 8;
    return e.search(l).nodes;
  };
  EXPECT_EQ(chu_nodes("false"), chu_nodes("game"));
  EXPECT_NE(chu_nodes("true"), chu_nodes("game"));
  Engine e;
  EXPECT_EQ(error_of(e.set_option("SingularExtensions", "yes")),
            "option SingularExtensions: expected game, true or false, got 'yes'");
}

// Chu Shogi's Lion mates walk the Lion up with quiet moves, and late-move pruning cut those
// from the tree (LionApproach). Kirin against HaChu at four times its time, ply 185 of a lost
// game: White's Lion (6h) mates in 7 plies, starting 6h5g next to the King. Kirin had led by
// nine pawns and never saw it coming. (The suite's hand-made evaluation sees it a ply later
// without LionApproach; the shipped net not even three plies later.)
TEST(SearchEngine, LionApproachSeesTheLionMate) {
  const std::string sfen =
      "6kg1c2/4t1et1f2/2+V9/1p8m1/p5p5/12/9K1x/3IP1n5/PP1P4P1P1/M4T2T2F/AF1C1O6/L2SG1EGSC2 w - 186";
  auto search = [&](const std::string& value, int depth) {
    Engine e;
    EXPECT_EQ(error_of(e.set_position(make_variant(GameId::CHUSHOGI), sfen, {})), "");
    EXPECT_EQ(error_of(e.set_option("LionApproach", value)), "");
    SearchLimits l;
    l.depth = depth;
    return e.search(l);
  };
  auto pos = parse_fen(make_variant(GameId::CHUSHOGI), sfen);
  ASSERT_TRUE(pos.ok()) << pos.error();
  const Move lion_mate = *parse_move(*pos, "6h5g");
  for (const char* value : {"game", "true"}) {
    const SearchResult r = search(value, 7);
    EXPECT_EQ(r.score, mate_in(7)) << value;
    EXPECT_EQ(r.best, lion_mate) << value;
  }
  const SearchResult pruned = search("false", 7);
  EXPECT_LT(pruned.score, VALUE_MATE_IN_MAX);
  EXPECT_NE(pruned.best, lion_mate);
  Engine e;
  EXPECT_EQ(error_of(e.set_option("LionApproach", "on")),
            "option LionApproach: expected game, true or false, got 'on'");
}

TEST(SearchLevel, LevelsCapDepthAndTime) {
  EXPECT_EQ(level_limits(1).depth, 1);
  EXPECT_EQ(level_limits(4).depth, 4);
  EXPECT_EQ(level_limits(8).depth, 12);
  EXPECT_EQ(level_limits(8).movetime_ms, 2000);
  SearchLimits infinite_depth;
  SearchLimits l = apply_level(infinite_depth, 3, 0);
  EXPECT_EQ(l.depth, 3);
  EXPECT_EQ(l.movetime, 750);
  // A clock that allows only 400 ms this move wins over level 8's 2 s; a lower depth stays.
  infinite_depth.depth = 5;
  l = apply_level(infinite_depth, 8, 400);
  EXPECT_EQ(l.depth, 5);
  EXPECT_EQ(l.movetime, 400);
  EXPECT_EQ(apply_level(infinite_depth, 0, 400).movetime, 0);  // level 0: full strength
}

TEST(SearchLevel, LevelOptionLimitsTheSearch) {
  Engine e;
  ASSERT_EQ(error_of(e.set_position(make_variant(GameId::XIANGQI), "", {})), "");
  EXPECT_EQ(error_of(e.set_option("Level", "9")), "option Level: expected a number from 0 to 8, got '9'");
  ASSERT_EQ(error_of(e.set_option("Level", "2")), "");
  SearchLimits l;
  l.time[FIRST] = l.time[SECOND] = 60000;
  EXPECT_EQ(e.search(l).depth, 2);
  ASSERT_EQ(error_of(e.set_option("Level", "0")), "");
  l = {};
  l.depth = 4;
  EXPECT_EQ(e.search(l).depth, 4);
}

TEST(MatchStats, EloAndSprt) {
  Score s{60, 40, 0};
  EloEstimate e = estimate_elo(s);
  EXPECT_NEAR(e.elo, 70.4, 0.1);
  EXPECT_LT(e.low, e.elo);
  EXPECT_GT(e.high, e.elo);
  Sprt sprt;
  EXPECT_EQ(error_of(parse_sprt("elo0=0,elo1=10", sprt)), "");
  EXPECT_GT(sprt.llr(Score{600, 400, 0}), sprt.upper());
  EXPECT_EQ(sprt.verdict(Score{600, 400, 0}), "H1 accepted");
  EXPECT_EQ(sprt.verdict(Score{400, 600, 0}), "H0 accepted");
  EXPECT_EQ(error_of(parse_sprt("elo0=5,elo1=1", sprt)), "sprt: elo1 must be above elo0");
  EXPECT_EQ(error_of(parse_sprt("elo2=5", sprt)), "sprt: unknown key 'elo2' (elo0, elo1, alpha, beta)");
}

// MultiPV lines come best first at every depth, whatever order their searches ended in.
TEST(SearchEngine, MultiPvLinesAreReportedBestFirst) {
  for (GameId game : {GameId::XIANGQI, GameId::CHUSHOGI}) {
    Engine e;
    ASSERT_EQ(error_of(e.set_position(make_variant(game), make_variant(game)->start_fen(), {})), "");
    ASSERT_EQ(error_of(e.set_option("MultiPV", "4")), "");
    SearchLimits l;
    l.depth = 7;
    std::map<int, std::vector<Value>> by_depth;
    e.search(l, [&](const SearchInfo& info) { by_depth[info.depth].push_back(info.score); });
    ASSERT_EQ(by_depth.size(), 7u);
    for (const auto& [depth, scores] : by_depth) {
      ASSERT_EQ(scores.size(), 4u) << depth;
      EXPECT_TRUE(std::is_sorted(scores.rbegin(), scores.rend()))
          << "depth " << depth << ": " << scores[0] << " " << scores[1] << " " << scores[2] << " " << scores[3];
    }
  }
}
