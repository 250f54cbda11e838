// The game search's mate probe (MateProbe, search/engine_mate.cpp): a search with a clock or a
// move time first gives the df-pn solver a tenth of its time, and a proven mate by checks is
// played at once; node- and depth-limited searches are never probed, so they stay reproducible.
#include <gtest/gtest.h>

#include <atomic>

#include "notation/fen.h"
#include "rules/movegen.h"
#include "rules/variant.h"
#include "search/engine.h"
#include "search/mate/mate_solver.h"

using namespace kirin;

namespace {

// Chu Shogi, Black to mate in 17 plies by checks (data/problems/mates.txt): the alpha-beta search
// alone sees only a longer mate's start or none at a short move time.
const char* const LONG_MATE = "6k3G1/5m6/7O4/8H3/2H9/12/12/12/12/12/12/12 b - 1";

SearchResult search(Engine& e, const SearchLimits& limits, SearchInfo* last = nullptr) {
  return e.search(limits, [&](const SearchInfo& si) {
    if (last) *last = si;
  });
}

// After the attacker's `move`, every reply still loses to a mate by checks.
bool still_mated_after(Position pos, Move move) {
  pos.do_move(move);
  MoveList replies;
  generate_legal(pos, replies);
  for (Move r : replies) {
    pos.do_move(r);
    MateTable table(4);
    std::atomic<bool> stop{false};
    MateSolver solver(pos, table, stop);
    MateLimits limits;
    limits.nodes = 2'000'000;
    const bool mate = solver.solve(limits).status == MateStatus::MATE;
    pos.undo_move();
    if (!mate) return false;
  }
  return true;
}

}  // namespace

TEST(MateProbe, MoveTimeSearchPlaysAProvenMateByChecks) {
  Engine e;
  ASSERT_EQ(error_of(e.set_position(make_variant(GameId::CHUSHOGI), LONG_MATE, {})), "");
  SearchLimits limits;
  limits.movetime = 3000;
  SearchInfo last;
  const SearchResult r = search(e, limits, &last);
  ASSERT_TRUE(is_mate_score(r.score) && r.score > 0) << r.score;
  ASSERT_FALSE(last.pv.empty());
  EXPECT_EQ(last.pv.front(), r.best);
  EXPECT_EQ(int(last.pv.size()) % 2, 1);  // the attacker moves first and last
  // The solver's line, not the search's: every attacking move a check (the search alone plays
  // the quiet 5c5e here, a mate in 5 plies found by its full-width depth).
  Position pos = e.position();
  for (size_t i = 0; i < last.pv.size(); ++i) {
    pos.do_move(last.pv[i]);
    if (i % 2 == 0) {
      EXPECT_TRUE(pos.in_check()) << "attacking move " << i / 2 + 1 << " is no check";
    }
  }
  EXPECT_TRUE(still_mated_after(e.position(), r.best));
}

TEST(MateProbe, NodeLimitedSearchIsNeverProbed) {
  SearchResult with[2];
  for (int probe = 0; probe < 2; ++probe) {
    Engine e;
    ASSERT_EQ(error_of(e.set_option("MateProbe", probe ? "true" : "false")), "");
    ASSERT_EQ(error_of(e.set_position(make_variant(GameId::CHUSHOGI), LONG_MATE, {})), "");
    SearchLimits limits;
    limits.nodes = 20000;
    with[probe] = search(e, limits);
  }
  EXPECT_EQ(with[0].best, with[1].best);
  EXPECT_EQ(with[0].score, with[1].score);
  EXPECT_EQ(with[0].nodes, with[1].nodes);
}

TEST(MateProbe, OffLeavesTheMoveToTheSearch) {
  // Without the probe a move-time search reports alpha-beta iterations (depth 1 first), never the
  // solver's single line.
  Engine e;
  ASSERT_EQ(error_of(e.set_option("MateProbe", "false")), "");
  ASSERT_EQ(error_of(e.set_position(make_variant(GameId::CHUSHOGI), LONG_MATE, {})), "");
  SearchLimits limits;
  limits.movetime = 200;
  int first_depth = 0;
  e.search(limits, [&](const SearchInfo& si) {
    if (!first_depth) first_depth = si.depth;
  });
  EXPECT_EQ(first_depth, 1);
}

TEST(MateProbe, OptionTakesOnlyTrueOrFalse) {
  Engine e;
  EXPECT_EQ(error_of(e.set_option("MateProbe", "maybe")), "option MateProbe: expected true or false, got 'maybe'");
  EXPECT_EQ(error_of(e.set_option("MateProbe", "false")), "");
}
