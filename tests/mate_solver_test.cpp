// The df-pn mate solver (src/search/mate): problems composed for these tests (by
// scripts/compose_mates.py and by hand), the rules a naive solver gets wrong, and the line it
// returns. Each line is replayed by the rules layer alone: every move legal, every attacking
// move a check (tsume), and the defender mated at the end; short mates are confirmed minimal by
// a plain full-width search written here.
#include "search/mate/mate_solver.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/end_rules.h"
#include "rules/movegen.h"
#include "search/mate/problems.h"

using namespace kirin;

namespace {

Position problem(GameId g, const std::string& fen) {
  auto pos = parse_fen(make_variant(g), fen, Setup::PROBLEM);
  EXPECT_TRUE(pos.ok()) << (pos.ok() ? "" : pos.error());
  return std::move(*pos);
}

MateResult solve(const Position& pos, bool checks_only, uint64_t nodes = 3'000'000) {
  MateTable table(16);
  std::atomic<bool> stop{false};
  MateSolver solver(pos, table, stop);
  MateLimits limits;
  limits.checks_only = checks_only;
  limits.nodes = nodes;
  return solver.solve(limits);
}

std::string line_text(Position pos, const std::vector<Move>& line) {
  std::string out;
  for (Move m : line) {
    out += (out.empty() ? "" : " ") + move_to_text(pos, m);
    pos.do_move(m);
  }
  return out;
}

// The referee's mate (game/game.cpp), from the rules layer: Chu Shogi with one royal, no move
// leaves it unattacked (or no royal is left); elsewhere, no legal move.
bool mated(Position& pos) {
  const Color us = pos.side_to_move();
  if (!pos.variant().def().self_check_allowed) return !has_legal_move(pos);
  if (!has_royal(pos, us)) return true;
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    pos.do_move(m);
    const bool safe = has_safe_royal(pos, us);
    pos.undo_move();
    if (safe || royal_count(pos, us) > 1) return false;
  }
  return true;
}

// Plays the line: legal moves, the attacker's all checks when `checks_only`, mate at the end.
void expect_valid_mate(Position pos, const std::vector<Move>& line, bool checks_only) {
  for (size_t i = 0; i < line.size(); ++i) {
    MoveList legal;
    generate_legal(pos, legal);
    ASSERT_TRUE(legal.contains(line[i])) << "move " << i + 1 << " is illegal";
    pos.do_move(line[i]);
    if (i % 2 == 0 && checks_only)
      EXPECT_TRUE(pos.in_check() || !has_royal(pos, pos.side_to_move())) << "move " << i + 1;
  }
  EXPECT_TRUE(mated(pos));
}

// A plain full-width search, independent of the solver: can the attacker mate within `plies`?
bool mate_within(Position& pos, int plies, bool checks_only);
bool defender_lost(Position& pos, int plies, bool checks_only) {
  if (mated(pos)) return true;
  if (plies <= 0) return false;
  const Color us = pos.side_to_move();
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    pos.do_move(m);
    const bool pointless =
        pos.variant().def().self_check_allowed && royal_count(pos, us) == 1 && !has_safe_royal(pos, us);
    const bool lost = pointless || mate_within(pos, plies, checks_only);
    pos.undo_move();
    if (!lost) return false;
  }
  return true;
}
bool mate_within(Position& pos, int plies, bool checks_only) {
  if (plies <= 0) return false;
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    pos.do_move(m);
    const bool ok = (!checks_only || pos.in_check() || !has_royal(pos, pos.side_to_move())) &&
                    defender_lost(pos, plies - 2, checks_only);
    pos.undo_move();
    if (ok) return true;
  }
  return false;
}

// The attacker's first moves that mate within `plies`, by the plain search.
std::vector<std::string> keys(Position& pos, int plies, bool checks_only) {
  std::vector<std::string> out;
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    const std::string text = move_to_text(pos, m);
    pos.do_move(m);
    if ((!checks_only || pos.in_check() || !has_royal(pos, pos.side_to_move())) &&
        defender_lost(pos, plies - 1, checks_only))
      out.push_back(text);
    pos.undo_move();
  }
  return out;
}

struct Composed {
  GameId game;
  const char* fen;
  int plies;
  // Every first move that mates in `plies` (checked by the plain search up to 7 plies; beyond,
  // the solver's own first move).
  std::vector<std::string> keys;
  bool checks_only;
};

// The solver's mate has the stated length and a legal line ending in mate. The plain search
// confirms that nothing shorter exists (up to 7 plies, or 9 with checks only) and which first
// moves work (up to 7); the solver's first move must be one of them.
void expect_problem(const Composed& c) {
  Position pos = problem(c.game, c.fen);
  const MateResult r = solve(pos, c.checks_only);
  ASSERT_EQ(r.status, MateStatus::MATE) << c.fen;
  EXPECT_EQ(int(r.line.size()), c.plies) << line_text(pos, r.line);
  ASSERT_FALSE(r.line.empty());
  expect_valid_mate(pos, r.line, c.checks_only);
  const std::string first = move_to_text(pos, r.line[0]);
  EXPECT_NE(std::find(c.keys.begin(), c.keys.end(), first), c.keys.end()) << first;
  if (c.plies <= 7) EXPECT_EQ(keys(pos, c.plies, c.checks_only), c.keys);
  if (c.plies > 1 && (c.plies <= 7 || c.checks_only)) EXPECT_FALSE(mate_within(pos, c.plies - 2, c.checks_only));
}

}  // namespace

// Mates in 1 to 9 with the games' own powers (Lion double moves, igui, drops, the Generals).
TEST(MateSolver, ChuShogiMateIn1TwoRooks) {
  expect_problem({GameId::CHUSHOGI, "11k/R11/1R10/12/12/12/12/12/12/12/12/12 b - 1", 1, {"11c11a"}, true});
}
TEST(MateSolver, ChuShogiMateIn1LionDoubleCapture) {  // 1c2c3c: takes the Elephant on the way
  expect_problem({GameId::CHUSHOGI, "6g1ke2/12/5R4e+O/12/12/12/12/12/12/12/12/12 b - 1", 1, {"1c2c3c"}, true});
}
TEST(MateSolver, ChuShogiMateIn3LionDoubleMove) {
  expect_problem({GameId::CHUSHOGI, "9p2/9k2/6Nm4/12/12/7N4/12/12/12/12/12/12 b - 1", 3, {"6c5c4d"}, true});
}
TEST(MateSolver, ChuShogiMateIn5LionDoubleMove) {
  expect_problem({GameId::CHUSHOGI, "9G2/7k4/9s2/5m1t4/5N6/9H2/12/12/12/12/12/12 b - 1", 5, {"7e7d7c", "3f5d+"}, true});
}
// Three first moves work; the Lion's double move 6a5b5c follows.
TEST(MateSolver, ChuShogiMateIn7LionDoubleMove) {
  expect_problem(
      {GameId::CHUSHOGI, "4+O3kl2/7l4/9t2/8H3/12/12/12/12/12/12/12/12 b - 1", 7, {"8a6b", "8a6c", "8a6a"}, true});
}
// White's Lion answers the first check by igui (2b2c2b): the solver must see it.
TEST(MateSolver, ChuShogiMateIn7AgainstIgui) {
  expect_problem({GameId::CHUSHOGI, "10k1/8H1n1/10n1/8+O3/8+HD2/12/12/12/12/12/12/12 b - 1", 7, {"4e2c"}, true});
}
TEST(MateSolver, ChuShogiMateIn9EndingInALionDoubleMove) {
  expect_problem({GameId::CHUSHOGI, "10k1/9csR/6G1e3/12/10+O1/12/12/12/12/12/12/12 b - 1", 9, {"1b2b+"}, true});
}
TEST(MateSolver, ChuSeireigiMateIn3Drop) {
  expect_problem({GameId::CHUSEIREIGI,
                  "9R2/10sk/12/8N3/9B2/12/12/12/12/12/12/12 b LN 1",
                  3,
                  {"L*1l", "L*1k", "L*1j", "L*1i", "L*1h", "L*1g", "L*1f", "L*1e"},
                  true});
}
TEST(MateSolver, ChuSeireigiMateIn5DropOfACapturedGold) {
  expect_problem({GameId::CHUSEIREIGI, "5I1g1k2/9s2/8p3/9S2/12/12/12/12/12/12/12/12 b P 1", 5, {"7a5a"}, true});
}
TEST(MateSolver, ChuSeireigiMateIn5TwoDrops) {
  expect_problem({GameId::CHUSEIREIGI,
                  "10s1/11k/8XB2/12/11G/11N/12/12/12/12/12/12 b PL 1",
                  5,
                  {"4c4b+", "P*1c", "L*1d", "L*1c"},
                  true});
}
TEST(MateSolver, ChuSeireigiMateIn7Drop) {
  expect_problem({GameId::CHUSEIREIGI, "6OXc1u1/8ck1B/8L3/12/12/12/12/12/12/12/12/12 b R 1", 7, {"6a4a"}, true});
}
// Two drops on the way: R*3b and L*1f.
TEST(MateSolver, ChuSeireigiMateIn9TwoDrops) {
  expect_problem({GameId::CHUSEIREIGI, "12/11k/9lN1/8B3/7S4/12/12/12/12/12/12/12 b RL 1", 9, {"R*3b"}, true});
}
// Uchifuzume: P*1b would mate at once, and is therefore illegal; the mate takes three plies.
TEST(MateSolver, ChuSeireigiPawnDropMateIsNotASolution) {
  expect_problem({GameId::CHUSEIREIGI, "11k/9S2/10G1/12/12/12/12/12/12/12/12/12 b P 1", 3, {"2c3c+"}, true});
}
// Tsume's futile interposition: after 12e1e, a Pawn dropped on 1c or 1d (squares no White piece
// guards) is just taken by the Rook; only P*1b, beside the King, is a defence that counts.
TEST(MateSolver, ChuSeireigiFutileInterpositionDoesNotLengthenTheDefence) {
  const Position pos = problem(GameId::CHUSEIREIGI, "11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b 2p 1");
  MateTable table(16);
  std::atomic<bool> stop{false};
  MateLimits limits;
  const MateResult tsume = MateSolver(pos, table, stop).solve(limits);
  ASSERT_EQ(tsume.status, MateStatus::MATE);
  EXPECT_EQ(line_text(pos, tsume.line), "12e1e P*1b 1e1b+");
  // Every ply counted (a game): the futile drops are the longest defence.
  limits.futile_drops_count = true;
  const MateResult game = MateSolver(pos, table, stop).solve(limits);
  ASSERT_EQ(game.status, MateStatus::MATE);
  EXPECT_EQ(game.line.size(), 5u);
  expect_valid_mate(pos, game.line, true);
  // Within three plies the convention proves it; counting every ply it does not.
  limits.max_plies = 3;
  EXPECT_EQ(MateSolver(pos, table, stop).solve(limits).status, MateStatus::NO_MATE);
  limits.futile_drops_count = false;
  EXPECT_EQ(MateSolver(pos, table, stop).solve(limits).status, MateStatus::MATE);
}
// Tsume's other convention: the defender holds every piece not on the board or in the attacker's
// hand; the same mate stands against all of them.
TEST(MateSolver, ChuSeireigiDefenderHoldsTheRest) {
  Position pos = problem(GameId::CHUSEIREIGI, "11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b - 1");
  ASSERT_EQ(error_of(give_defender_the_rest(pos)), "");
  EXPECT_EQ(to_fen(pos), "11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b 2q2ib2x2o2e2y2w4u4g4s4c4f4n4j4a4l24p 1");
  const MateResult r = solve(pos, true);
  ASSERT_EQ(r.status, MateStatus::MATE);
  EXPECT_EQ(line_text(pos, r.line), "12e1e P*1b 1e1b+");
  Position three_rooks = problem(GameId::CHUSEIREIGI, "11k/12/12/12/R11/12/12/5B6/12/12/12/10R1 b R 1");
  EXPECT_EQ(error_of(give_defender_the_rest(three_rooks)), "the position has 1 more Rook than a set");
  Position xiangqi = problem(GameId::XIANGQI, "3k5/9/9/9/9/9/9/R8/9/4K4 w - - 0 1");
  EXPECT_EQ(error_of(give_defender_the_rest(xiangqi)), "xiangqi has no pieces in hand");
}
// The Red General holds the e-file: the Chariot's check on the d-file mates only with it there.
TEST(MateSolver, XiangqiMateIn1FacingGenerals) {
  expect_problem({GameId::XIANGQI, "3k5/9/9/9/9/9/9/R8/9/4K4 w - - 0 1", 1, {"a2d2"}, true});
  const MateResult without = solve(problem(GameId::XIANGQI, "3k5/9/9/9/9/9/9/R8/9/9 w - - 0 1"), true);
  EXPECT_EQ(without.status, MateStatus::NO_MATE);
}
// Any moves (the xiangqi convention): many first moves work; in the solver's line the General's
// last step takes the e-file from Black.
TEST(MateSolver, XiangqiMateIn5GeneralClosesTheFile) {
  expect_problem({GameId::XIANGQI,
                  "9/4k4/6R2/9/9/5P3/9/9/5K3/9 w - - 0 1",
                  5,
                  {"g7h7", "g7i7", "g7g8", "g7g9", "g7g6", "g7g5", "g7g4", "g7g3", "g7g2", "g7g1", "g7g0", "g7f7",
                   "g7d7", "g7c7", "g7b7", "g7a7", "f4f5", "f1f2", "f1f0"},
                  false});
}
// Five first moves work, the General's among them; the Generals face on the e-file at the end.
TEST(MateSolver, XiangqiMateIn7GeneralFirst) {
  expect_problem(
      {GameId::XIANGQI, "9/3k5/9/5P3/9/9/9/9/5K3/9 w - - 0 1", 7, {"f6f7", "f6e6", "f1f2", "f1f0", "f1e1"}, false});
}
TEST(MateSolver, XiangqiMateIn9) {
  expect_problem({GameId::XIANGQI, "3k5/9/4b4/N8/3P5/9/9/4K4/9/9 w - - 0 1", 9, {"d5d6"}, false});
}

// No mate, though a naive solver would find one.
// 1c1b checks, and everything White holds is attacked, but the Lion takes the Pawn by igui
// (2b1b2b) and stays on 2b, where it blocks the Bishop.
TEST(MateSolver, CheckAnsweredByLionIgui) {
  Position pos = problem(GameId::CHUSHOGI, "11k/10n1/10OP/8B3/12/12/12/12/12/12/12/12 b - 1");
  EXPECT_EQ(solve(pos, true).status, MateStatus::NO_MATE);
  pos.do_move(*parse_move(pos, "1c1b"));
  std::vector<MateMove> replies;
  defending_moves(pos, replies);
  ASSERT_EQ(replies.size(), 1u);
  EXPECT_EQ(move_to_text(pos, replies[0].move), "2b1b2b");
}
// White has just taken a Black Lion on 5e with a non-Lion: Black's non-Lions may not take a Lion
// anywhere else this move, so 3c2b and 2c2b, both mate, are illegal.
TEST(MateSolver, CounterStrikeForbidsTheMate) {
  const char* board = "11k/10n1/9SG1/12/7g4/12/12/12/12/12/12/12 b";
  EXPECT_EQ(solve(problem(GameId::CHUSHOGI, std::string(board) + " 5e 1"), true).status, MateStatus::NO_MATE);
  const MateResult free = solve(problem(GameId::CHUSHOGI, std::string(board) + " - 1"), true);
  ASSERT_EQ(free.status, MateStatus::MATE);
  EXPECT_EQ(free.line.size(), 1u);
}
// The Rook can check for ever, never mate: perpetual check loses (Chu Seireigi, xiangqi) or
// must be broken off by the checker (Chu Shogi).
TEST(MateSolver, PerpetualCheckIsNoMate) {
  EXPECT_EQ(solve(problem(GameId::CHUSHOGI, "10k1/12/11R/12/12/12/12/12/12/12/12/6K5 b - 1"), true).status,
            MateStatus::NO_MATE);
  EXPECT_EQ(solve(problem(GameId::CHUSEIREIGI, "10k1/12/11R/12/12/12/12/12/12/12/12/6K5 b - 1"), true).status,
            MateStatus::NO_MATE);
  EXPECT_EQ(solve(problem(GameId::XIANGQI, "3k5/9/9/9/4R4/9/9/9/9/5K3 w - - 0 1"), true).status, MateStatus::NO_MATE);
}
// King and Prince both attacked after every reply (the fork 8h6f) is not yet mate: Black must
// take one royal with check on the other, and only then is that one mated (1a2b is answered by
// 2e2b, not by the Bishop, which would free the Prince).
TEST(MateSolver, ForkOfTwoRoyalsIsMateInThreeNotOne) {
  expect_problem({GameId::CHUSHOGI, "1+e9k/12/2O9/12/L9LL/12/12/4B7/12/12/12/12 b - 1", 3, {"8h6f"}, true});
}

// A root move can be left out: with the only key excluded nothing mates in three; with one of
// eight keys excluded another is found.
TEST(MateSolver, ExcludedRootMoves) {
  Position lion = problem(GameId::CHUSHOGI, "9p2/9k2/6Nm4/12/12/7N4/12/12/12/12/12/12 b - 1");
  MateTable table(16);
  std::atomic<bool> stop{false};
  MateLimits limits;
  limits.max_plies = 3;
  limits.excluded = {*parse_move(lion, "6c5c4d")};
  EXPECT_EQ(MateSolver(lion, table, stop).solve(limits).status, MateStatus::NO_MATE);
  Position drops = problem(GameId::CHUSEIREIGI, "9R2/10sk/12/8N3/9B2/12/12/12/12/12/12/12 b LN 1");
  limits.excluded = {*parse_move(drops, "L*1l")};
  const MateResult r = MateSolver(drops, table, stop).solve(limits);
  ASSERT_EQ(r.status, MateStatus::MATE);
  EXPECT_EQ(r.line.size(), 3u);
  EXPECT_NE(move_to_text(drops, r.line[0]), "L*1l");
}

// Limits: a node budget ends in UNKNOWN, never in a wrong verdict; the progress numbers are the
// root's.
TEST(MateSolver, NodeLimitGivesUnknown) {
  const MateResult r = solve(problem(GameId::CHUSHOGI, "7l3R/8k3/12/12/10+D1/12/12/12/12/12/12/12 b - 1"), true, 200);
  EXPECT_EQ(r.status, MateStatus::UNKNOWN);
  EXPECT_GT(r.pn, 0u);
  EXPECT_GT(r.dn, 0u);
  EXPECT_GE(r.nodes, 200u);
}
