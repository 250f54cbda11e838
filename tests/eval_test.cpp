// The evaluation: colour and mirror symmetry, and the fitted xiangqi table's phase blend.
#include "search/eval.h"

#include <gtest/gtest.h>

#include "notation/fen.h"
#include "search/fitted_psq.h"

using namespace kirin;

namespace {

Value eval(const Evaluator& e, const VariantPtr& v, const std::string& fen) {
  auto pos = parse_fen(v, fen);
  EXPECT_TRUE(pos) << fen << ": " << pos.error();
  return pos ? e.evaluate(*pos) : 0;
}

// Only the fitted table and the side-to-move constant speak.
EvalWeights table_only() {
  EvalWeights w = default_weights(GameId::XIANGQI);
  w.mobility = w.king_zone = w.palace_guard = w.king_attack = w.king_shelter = w.tempo = 0;
  w.fitted_psq = 100;
  return w;
}

// A piece's fitted opening and endgame values, from the side to move's view (`sign`).
struct Blend {
  int opening = 0, endgame = 0;
  Blend& add(char token, int rank_from_own_edge, int file, int sign) {
    for (const FittedPsq& f : fitted_psq(GameId::XIANGQI).kinds)
      if (f.token[0] == token) {
        const int fold = file < 8 - file ? file : 8 - file;
        opening += sign * f.opening[rank_from_own_edge][fold];
        endgame += sign * f.endgame[rank_from_own_edge][fold];
        return *this;
      }
    ADD_FAILURE() << "no fitted values for " << token;
    return *this;
  }
  // `phase`: material of Chariots, Cannons and Horses on the board, out of 7000.
  int at(int phase) const { return opening + (endgame - opening) * (7000 - phase) / 7000; }
};

}  // namespace

TEST(EvalSymmetry, XiangqiColoursAndSidesMirror) {
  const VariantPtr v = make_variant(GameId::XIANGQI);
  const Evaluator e(v, default_weights(GameId::XIANGQI));
  // A middlegame, the same with colours swapped (ranks flipped), and with files mirrored.
  const std::string fen = "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1N2/4A4/1RBAK4 w - - 0 1";
  const std::string colours = "1rbak4/4a4/1c2b1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/2BAKAB2 b - - 0 1";
  const std::string files = "2bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1B2C1/4A4/4KABR1 w - - 0 1";
  const Value base = eval(e, v, fen);
  EXPECT_EQ(eval(e, v, colours), base);
  EXPECT_EQ(eval(e, v, files), base);
}

TEST(EvalFittedTable, XiangqiValuesBlendFromOpeningToEndgame) {
  const VariantPtr v = make_variant(GameId::XIANGQI);
  const Evaluator e(v, table_only());
  // Red: General e0, Chariot a0 (phase 900 of 7000); Black: General d9 (rank 0 from its edge).
  Blend red_view;
  red_view.add('K', 0, 4, +1).add('R', 0, 0, +1).add('K', 0, 3, -1);
  EXPECT_EQ(eval(e, v, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"), red_view.at(900));
  Blend black_view;
  black_view.add('K', 0, 4, -1).add('R', 0, 0, -1).add('K', 0, 3, +1);
  EXPECT_EQ(eval(e, v, "3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1"), black_view.at(900));
  // With a Red Horse on b0 and Black Cannons on b2 and h2 as well: phase 2200.
  red_view.add('N', 0, 1, +1).add('C', 7, 1, -1).add('C', 7, 7, -1);
  EXPECT_EQ(eval(e, v, "3k5/9/9/9/9/9/9/1c5c1/9/RN2K4 w - - 0 1"), red_view.at(2200));
  EXPECT_NE(red_view.at(2200), red_view.at(900));  // the phase moves the values
}

TEST(EvalFittedTable, OffMeansTheRulesCatalogueValues) {
  const VariantPtr v = make_variant(GameId::XIANGQI);
  EvalWeights w = table_only();
  w.fitted_psq = 0;
  w.centre = w.pawn_advance = w.crossed_soldier = 0;
  const Evaluator e(v, w);
  EXPECT_EQ(eval(e, v, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"), 900);
  EXPECT_TRUE(fitted_psq(GameId::CHUSHOGI).kinds.empty());
}

TEST(EvalNetHandoff, MaterialBalanceCountsBoardAndHandFromTheSideToMove) {
  const VariantPtr xq = make_variant(GameId::XIANGQI);
  const Evaluator x(xq, default_weights(GameId::XIANGQI));
  auto red_to_move = parse_fen(xq, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  auto black_to_move = parse_fen(xq, "3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1");
  ASSERT_TRUE(red_to_move && black_to_move);
  EXPECT_EQ(x.material_balance(*red_to_move), 900);
  EXPECT_EQ(x.material_balance(*black_to_move), -900);
  EXPECT_EQ(default_weights(GameId::XIANGQI).net_handoff, 0);
  EXPECT_FALSE(x.takes_over_from_net(*red_to_move));
  EvalWeights w = default_weights(GameId::XIANGQI);
  EXPECT_EQ(error_of(set_weight(w, "net_handoff=900")), "");
  EXPECT_TRUE(Evaluator(xq, w).takes_over_from_net(*black_to_move));
  EXPECT_EQ(error_of(set_weight(w, "net_handoff=901")), "");
  EXPECT_FALSE(Evaluator(xq, w).takes_over_from_net(*black_to_move));

  // A piece in hand counts as much as on the board.
  const VariantPtr cs = make_variant(GameId::CHUSEIREIGI);
  const Evaluator c(cs, default_weights(GameId::CHUSEIREIGI));
  Position pos = start_position(cs);
  EXPECT_EQ(c.material_balance(pos), 0);
  const Kind k = 3;
  pos.set_hand(SECOND, k, 2);
  EXPECT_EQ(c.material_balance(pos), -2 * cs->kind(k).value);
  ASSERT_GT(cs->kind(k).value, 0);
}

TEST(EvalLionNearKing, EnemyLionsWithinThreeSquaresOfTheKingCountFullyAndAtFourHalf) {
  const VariantPtr chu = make_variant(GameId::CHUSHOGI);
  EvalWeights w = default_weights(GameId::CHUSHOGI);
  EXPECT_EQ(error_of(set_weight(w, "lion_near_king=100")), "");
  const Evaluator e(chu, w);
  // White's King on the top rank, Black's Lion (N) 3, 4 and 5 ranks below it; Black to move.
  auto at = [&](const std::string& fen) {
    auto pos = parse_fen(chu, fen);
    EXPECT_TRUE(pos) << fen << ": " << pos.error();
    return pos ? e.net_extra(*pos) : 0;
  };
  EXPECT_EQ(at("5k6/12/12/5N6/12/12/12/12/12/12/12/6K5 b - 1"), 100);
  EXPECT_EQ(at("5k6/12/12/12/5N6/12/12/12/12/12/12/6K5 b - 1"), 50);
  EXPECT_EQ(at("5k6/12/12/12/12/5N6/12/12/12/12/12/6K5 b - 1"), 0);
  EXPECT_EQ(at("5k6/12/12/8N3/12/12/12/12/12/12/12/6K5 b - 1"), 100);   // diagonally, three files off
  EXPECT_EQ(at("5k6/12/12/5N6/12/12/12/12/12/12/12/6K5 w - 1"), -100);  // from White's side
  // Two Lions add up; a White Lion near Black's King takes off as much.
  EXPECT_EQ(at("5k6/12/12/4N1N5/12/12/12/12/12/12/12/6K5 b - 1"), 200);
  EXPECT_EQ(at("5k6/12/12/5N6/12/12/12/12/6n5/12/12/6K5 b - 1"), 0);
  // The hand-made evaluation counts it the same way, and a weight of 0 (the default) not at all.
  const std::string fen = "5k6/12/12/5N6/12/12/12/12/12/12/12/6K5 b - 1";
  EXPECT_EQ(eval(e, chu, fen) - eval(Evaluator(chu, default_weights(GameId::CHUSHOGI)), chu, fen), 100);
  EXPECT_EQ(Evaluator(chu, default_weights(GameId::CHUSHOGI)).net_extra(*parse_fen(chu, fen)), 0);
}
