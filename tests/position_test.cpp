// Position invariants: incremental keys, do/undo, FEN/SFEN round trips.
#include <random>

#include "rules/end_rules.h"
#include "test_util.h"

using namespace kirin;
using namespace kirin::test;

namespace {

// Random legal games from the start; at every ply the incremental key must equal a key
// computed from scratch, and undoing everything must restore the start exactly.
void random_games(GameId g, int games, int plies, uint32_t seed) {
  auto v = make_variant(g);
  std::mt19937 rng(seed);
  for (int i = 0; i < games; ++i) {
    Position p = start_position(v);
    const std::string start = to_fen(p);
    const Key start_key = p.key();
    int played = 0;
    for (; played < plies; ++played) {
      MoveList list;
      generate_legal(p, list);
      if (!list.size()) break;
      // prefer captures half of the time so hands and counter-strike states get exercised
      Move m = list.moves[rng() % list.size()];
      if (rng() % 2)
        for (Move c : list)
          if (!c.is_drop() && (is_piece(p.at(c.to())) && c.to() != c.from())) {
            m = c;
            break;
          }
      p.do_move(m);
      const std::string fen = to_fen(p);
      const std::string where =
          std::string(game_name(g)) + " game " + std::to_string(i) + " ply " + std::to_string(played) + " " + fen;
      ASSERT_EQ(p.key(), p.compute_key()) << where;
      // In Chu Shogi the walk goes on after a side's last royal is taken, for the keys' sake. That
      // side has lost, and the reader refuses such a position; it must read back every other.
      auto reread = parse_fen(v, fen);
      if (has_royal(p, FIRST) != has_royal(p, SECOND)) {
        ASSERT_FALSE(reread.ok()) << where << ": read a position where one side has no royal";
      } else {
        ASSERT_TRUE(reread.ok()) << where << ": " << reread.error();
        ASSERT_EQ(to_fen(*reread), fen) << where;
      }
    }
    for (int k = 0; k < played; ++k) p.undo_move();
    EXPECT_EQ(to_fen(p), start);
    EXPECT_EQ(p.key(), start_key);
  }
}

}  // namespace

TEST(ZobristKey, IncrementalEqualsFromScratchXiangqi) { random_games(GameId::XIANGQI, 30, 150, 1); }
TEST(ZobristKey, IncrementalEqualsFromScratchChuShogi) { random_games(GameId::CHUSHOGI, 30, 200, 2); }
TEST(ZobristKey, IncrementalEqualsFromScratchChuSeireigi) { random_games(GameId::CHUSEIREIGI, 30, 200, 3); }

TEST(ZobristKey, SideToMoveAndCounterStrikeChangeTheKey) {
  auto v = make_variant(GameId::CHUSHOGI);
  auto a = parse_fen(v, "k11/12/12/12/12/12/5N6/12/12/12/12/11K b - 1");
  auto b = parse_fen(v, "k11/12/12/12/12/12/5N6/12/12/12/12/11K w - 1");
  auto c = parse_fen(v, "k11/12/12/12/12/12/5N6/12/12/12/12/11K b 7g 1");
  EXPECT_NE(a->key(), b->key());
  EXPECT_NE(a->key(), c->key());
}

TEST(FenRoundTrip, StartPositionsAndReferenceStyleInputs) {
  const std::pair<GameId, const char*> cases[] = {
      {GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
      {GameId::XIANGQI, "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"},
      {GameId::XIANGQI, "4k4/9/9/9/9/9/4C4/9/9/3K5 b - - 12 40"},
      {GameId::CHUSHOGI,
       "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
       "LFCSGKEGSCFL b - 1"},
      {GameId::CHUSHOGI,
       "lf1s1x1kg1sl/ac1degt1ocfa/mb1h1tn1drvm/pv6pbp1/3pp1p1i2p/1prI2P3h1/3PP1+H1IPPP/1Pp4pPR2/P3DP1S2Q1/MR1HO1E1B1VM/"
       "AVBCTKDT2FA/LF1S1G1GXC1L b 5h 115"},
      {GameId::CHUSEIREIGI,
       "lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/"
       "LACSGKEGSCAL b - 1"},
      {GameId::CHUSEIREIGI, "k11/12/12/12/12/12/12/12/12/12/12/11K w QI2RB3P2q2p 23"},
  };
  for (auto [g, fen] : cases) {
    auto p = parse_fen(make_variant(g), fen);
    ASSERT_TRUE(p.ok()) << fen << ": " << p.error();
    EXPECT_EQ(to_fen(*p), fen);
  }
}

TEST(FenRoundTrip, AcceptedVariantsAreWrittenCanonically) {
  auto xq = parse_fen(make_variant(GameId::XIANGQI), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r");
  ASSERT_TRUE(xq.ok());
  EXPECT_EQ(to_fen(*xq), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  auto chu = parse_fen(make_variant(GameId::CHUSHOGI), "12/12/12/12/12/12/5N6/12/12/12/12/12 b");
  ASSERT_TRUE(chu.ok());
  EXPECT_EQ(to_fen(*chu), "12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1");
  auto hands = parse_fen(make_variant(GameId::CHUSEIREIGI), "k11/12/12/12/12/12/12/12/12/12/12/11K b pPPq 5");
  ASSERT_TRUE(hands.ok());
  EXPECT_EQ(to_fen(*hands), "k11/12/12/12/12/12/12/12/12/12/12/11K b 2Pqp 5");
}

TEST(DoUndo, EveryLegalMoveOfTheStartPositionsIsUndoneExactly) {
  for (GameId g : {GameId::XIANGQI, GameId::CHUSHOGI, GameId::CHUSEIREIGI}) {
    Position p = start_position(make_variant(g));
    const std::string fen = to_fen(p);
    MoveList list;
    generate_legal(p, list);
    for (Move m : list) {
      p.do_move(m);
      p.undo_move();
      ASSERT_EQ(to_fen(p), fen) << move_to_text(p, m);
      ASSERT_EQ(p.key(), p.compute_key());
    }
  }
}
