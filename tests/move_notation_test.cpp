// The notations a player chooses to read moves in (notation/move_notation.h): each on moves
// written out by hand, and the shogi games' Western and Japanese beside lishogi's own writer
// (shogiops, through node) on the moves of random Chu Shogi games.
#include "notation/move_notation.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "differential/external_program.h"
#include "differential/random_playout.h"
#include "differential/shogiops_compare.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"

using namespace kirin;
using namespace kirin::testing_support;

namespace {

const char* CHU_START =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
    "LFCSGKEGSCFL b - 1";

// Each of `moves` (move text) from `fen` in notation `n`, with 同 where a move goes where the last
// one went.
std::vector<std::string> written(const char* game, const std::string& fen, const std::vector<std::string>& moves,
                                 Notation n) {
  Position pos = *parse_fen(make_variant(*parse_game(game)), fen);
  std::vector<std::string> out;
  Square last_to = NO_SQUARE;
  for (const auto& text : moves) {
    auto m = parse_move(pos, text);
    EXPECT_TRUE(m) << text << ": " << m.error();
    if (!m) break;
    out.push_back(write_move(pos, *m, n, last_to));
    last_to = m->to();
    pos.do_move(*m);
  }
  return out;
}

using Texts = std::vector<std::string>;

}  // namespace

TEST(MoveNotation, XiangqiInEachOfItsNotations) {
  const std::string start = make_variant(GameId::XIANGQI)->start_fen();
  const Texts moves = {"h2e2", "h9g7", "h0g2", "i9h9"};
  EXPECT_EQ(written("xiangqi", start, moves, Notation::CHINESE),
            (Texts{"炮二平五", "马８进７", "马二进三", "车９平８"}));
  EXPECT_EQ(written("xiangqi", start, moves, Notation::CHINESE_TRADITIONAL),
            (Texts{"炮二平五", "馬８進７", "傌二進三", "車９平８"}));
  EXPECT_EQ(written("xiangqi", start, moves, Notation::WXF), (Texts{"C2=5", "H8+7", "H2+3", "R9=8"}));
  EXPECT_EQ(written("xiangqi", start, moves, Notation::ICCS), moves);
}

TEST(MoveNotation, ChuShogiInWesternJapaneseAndUsi) {
  // A Pawn forward, the other side's Pawn, the Lion into the Pawn's place.
  const Texts moves = {"7i7h", "6d6e", "7j7i"};
  EXPECT_EQ(written("chushogi", CHU_START, moves, Notation::WESTERN), (Texts{"P-78", "P-65", "Ln-79"}));
  EXPECT_EQ(written("chushogi", CHU_START, moves, Notation::JAPANESE), (Texts{"７八歩", "６五歩", "７九獅"}));
  EXPECT_EQ(written("chushogi", CHU_START, moves, Notation::USI), moves);
}

TEST(MoveNotation, JapaneseWritesARecaptureAs同AndALionsTwoStepsAsLishogiDoes) {
  // Black's Lion before two White Pawns: it takes the first and comes back (igui), takes both,
  // or passes; then White's Pawn takes a Pawn and Black's Pawn takes it back on that square.
  const std::string fen = "6k5/12/12/12/12/6p5/6p5/6N5/12/12/12/6K5 b - 1";
  EXPECT_EQ(written("chushogi", fen, {"6h6g6h"}, Notation::JAPANESE), (Texts{"６七居喰い"}));
  EXPECT_EQ(written("chushogi", fen, {"6h6g6h"}, Notation::WESTERN), (Texts{"Lnx!67"}));
  EXPECT_EQ(written("chushogi", fen, {"6h6g6f"}, Notation::JAPANESE), (Texts{"６七・６六獅"}));
  EXPECT_EQ(written("chushogi", fen, {"6h6g6f"}, Notation::WESTERN), (Texts{"Lnx67x66"}));
  EXPECT_EQ(written("chushogi", fen, {"6h5h6h"}, Notation::JAPANESE), (Texts{"じっと"}));
  EXPECT_EQ(written("chushogi", fen, {"6h5h6h"}, Notation::WESTERN), (Texts{"--"}));
  const std::string pawns = "6k5/12/12/12/12/6p5/6P5/6P5/12/12/12/6K5 w - 1";
  EXPECT_EQ(written("chushogi", pawns, {"6f6g", "6h6g"}, Notation::JAPANESE), (Texts{"６七歩", "同　歩"}));
  EXPECT_EQ(written("chushogi", pawns, {"6f6g", "6h6g"}, Notation::WESTERN), (Texts{"Px67", "Px67"}));
}

TEST(MoveNotation, AnUnknownOrForeignNotationIsRefusedNamingTheGamesOwn) {
  auto chu = parse_notation("wxf", *make_variant(GameId::CHUSHOGI));
  ASSERT_FALSE(chu);
  EXPECT_EQ(chu.error(), "unknown notation 'wxf' for chushogi: it is written in western, japanese, usi");
  auto xq = parse_notation("kif\n", *make_variant(GameId::XIANGQI));
  ASSERT_FALSE(xq);
  EXPECT_EQ(xq.error(),
            "unknown notation 'kif?' for xiangqi: it is written in wxf, chinese, chinese-traditional, iccs");
  EXPECT_EQ(*parse_notation("chinese-traditional", *make_variant(GameId::XIANGQI)), Notation::CHINESE_TRADITIONAL);
}

// Every move of random Chu Shogi games (captures preferred, so pieces meet and several of one
// name aim at one square) as Kirin writes it and as lishogi's shogiops does.
TEST(MoveNotation, WesternAndJapaneseAsLishogiWritesThemOnRandomChuShogiGames) {
  Rng rng(45);
  std::string input;
  std::vector<std::string> kirin_texts, asked;
  for (int game = 0; game < 6; ++game) {
    Position pos = *parse_fen(make_variant(GameId::CHUSHOGI), CHU_START);
    Square last_to = NO_SQUARE;
    for (int ply = 0; ply < 80; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.size() == 0) break;
      // A few moves of each position are written; one of them is played.
      for (int k = 0; k < 6; ++k) {
        const Move m = legal.moves[rng.below(legal.size())];
        const std::string usi = move_to_text(pos, m);
        input +=
            to_fen(pos) + "\t" + usi + "\t" + (last_to == NO_SQUARE ? "-" : pos.variant().square_name(last_to)) + "\n";
        kirin_texts.push_back(write_move(pos, m, Notation::WESTERN) + "\t" +
                              write_move(pos, m, Notation::JAPANESE, last_to));
        asked.push_back(to_fen(pos) + " " + usi);
      }
      MoveList taking;
      for (Move m : legal)
        if (captures(pos, m)) taking.push(m);
      const MoveList& from = taking.size() && rng.below(2) ? taking : legal;
      const Move m = from.moves[rng.below(from.size())];
      last_to = m.to();
      pos.do_move(m);
      if (!has_royal(pos, FIRST) || !has_royal(pos, SECOND)) break;
    }
  }
  ProgramRun run = run_filter("node '" + kDifferentialDir + "/shogiops_notation.mjs'", input, "shogiops");
  ASSERT_EQ(run.status, 0) << run.error_text;
  ASSERT_EQ(run.lines.size(), kirin_texts.size()) << run.error_text;
  int differ = 0;
  for (size_t i = 0; i < kirin_texts.size(); ++i)
    if (run.lines[i] != kirin_texts[i] && differ++ < 10)
      ADD_FAILURE() << asked[i] << "\n  Kirin:    " << kirin_texts[i] << "\n  shogiops: " << run.lines[i];
  EXPECT_EQ(differ, 0) << "of " << kirin_texts.size() << " moves";
  EXPECT_GT(kirin_texts.size(), 2000u);
}
