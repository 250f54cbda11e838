// Lazy SMP (search/lazy_smp.h): several threads search one root over one table; the main thread
// decides and reports every thread's nodes; stop reaches them all; Threads=1 is the search of old.
#include "search/lazy_smp.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "notation/move_text.h"
#include "rules/movegen.h"
#include "search/bench.h"
#include "search/engine.h"

using namespace kirin;

namespace {

// Threads may not exceed the machine's cores: the tests use up to four of them.
const std::string kThreads = std::to_string(std::min(4, std::max(1, int(std::thread::hardware_concurrency()))));

bool legal_here(const Position& root, Move m) {
  Position pos = root;
  MoveList list;
  generate_legal(pos, list);
  for (Move x : list)
    if (x == m) return true;
  return false;
}

}  // namespace

// Stockfish 10's pattern: the first two helpers search every other depth (the even ones, the odd
// ones), the third and fourth two in four, at other phases.
TEST(LazySmp, HelpersSkipDepthsByTheirPattern) {
  std::string searched[4];
  for (int helper = 1; helper <= 4; ++helper)
    for (int depth = 1; depth <= 8; ++depth) searched[helper - 1] += helper_skips(helper, depth) ? '.' : 'x';
  EXPECT_EQ(searched[0], ".x.x.x.x");
  EXPECT_EQ(searched[1], "x.x.x.x.");
  EXPECT_EQ(searched[2], "x..xx..x");
  EXPECT_EQ(searched[3], "..xx..xx");
  EXPECT_EQ(helper_skips(21, 3), helper_skips(1, 3));  // twenty in a cycle
}

// The node limit counts every thread's nodes: the threads stop near the limit together, not at
// a multiple of it. Helpers count in steps of 1024 and stop a moment after the main thread, so
// the total passes the limit a little (more on a loaded machine); a fourth of it is the bound,
// where threads that each searched the limit would make twice or more.
TEST(LazySmp, NodeLimitCountsEveryThread) {
  for (GameId g : {GameId::XIANGQI, GameId::CHUSHOGI, GameId::CHUSEIREIGI}) {
    Engine e;
    ASSERT_EQ(error_of(e.set_option("Threads", kThreads)), "");
    ASSERT_EQ(error_of(e.set_position(make_variant(g), "", {})), "");
    SearchLimits l;
    l.nodes = 200000;
    SearchResult r = e.search(l);
    EXPECT_GE(r.nodes, 200000u) << game_name(g);
    EXPECT_LE(r.nodes, 250000u) << game_name(g);
    EXPECT_TRUE(legal_here(e.position(), r.best)) << game_name(g);
  }
}

// MultiPV and the reports with helpers: every line is reported best first, each with a legal
// first move, and the nodes reported are all threads' (more than the main thread could do alone
// is not asserted: that is what the benchmark measures).
TEST(LazySmp, MultiPvWithHelpers) {
  Engine e;
  ASSERT_EQ(error_of(e.set_option("Threads", kThreads)), "");
  ASSERT_EQ(error_of(e.set_option("MultiPV", "3")), "");
  ASSERT_EQ(error_of(e.set_position(make_variant(GameId::XIANGQI), "", {})), "");
  SearchLimits l;
  l.depth = 7;
  std::vector<SearchInfo> last(3);
  int deepest = 0;
  SearchResult r = e.search(l, [&](const SearchInfo& i) {
    deepest = std::max(deepest, i.depth);
    last[i.multipv - 1] = i;
  });
  EXPECT_EQ(deepest, 7);
  EXPECT_EQ(r.depth, 7);
  for (int i = 0; i < 3; ++i) {
    ASSERT_FALSE(last[i].pv.empty());
    EXPECT_TRUE(legal_here(e.position(), last[i].pv[0]));
    if (i) EXPECT_GE(last[i - 1].score, last[i].score);
  }
  EXPECT_EQ(last[0].pv[0], r.best);
}

// An infinite search on several threads ends at stop: the result arrives well within a moment.
TEST(LazySmp, StopReachesEveryThread) {
  Engine e;
  ASSERT_EQ(error_of(e.set_option("Threads", kThreads)), "");
  ASSERT_EQ(error_of(e.set_position(make_variant(GameId::CHUSHOGI), "", {})), "");
  SearchLimits l;
  l.infinite = true;
  std::atomic<bool> done{false};
  SearchResult result;
  e.start(l, false, {}, [&](const SearchResult& r) {
    result = r;
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(done);
  const auto t0 = std::chrono::steady_clock::now();
  e.stop();
  e.wait();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(done);
  EXPECT_LT(ms, 250);  // the limit is 50 ms; a loaded test machine gets slack, a hang does not
  EXPECT_TRUE(legal_here(e.position(), result.best));
}

// With one thread the search is the one before Lazy SMP, node for node (the bench signature is
// this sum at depth 8); with two it still finds a legal move at every bench position.
TEST(LazySmp, OneThreadIsTheSearchOfOld) {
  std::string err;
  const uint64_t one = run_bench(5, 4, "", {}, err, "none", 1);
  ASSERT_EQ(err, "");
  EXPECT_EQ(one, run_bench(5, 4, "", {}, err, "none"));
  int positions = 0;
  run_bench(
      5, 4, "",
      [&](const BenchLine& l) {
        ++positions;
        EXPECT_NE(l.best, "(none)") << l.position;
      },
      err, "none", 2);
  EXPECT_EQ(err, "");
  EXPECT_EQ(positions, int(bench_positions().size()));
}
