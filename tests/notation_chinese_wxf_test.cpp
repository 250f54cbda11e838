// Chinese notation, WXF in all its written forms and XBoard SAN for xiangqi moves, checked on
// positions chosen for their tandem pieces: the exact text each writer gives, and every legal
// move read back as itself.
#include <gtest/gtest.h>

#include "game/game.h"
#include "notation/chinese.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/san.h"
#include "notation/wxf.h"
#include "notation/xiangqi_moves.h"
#include "rules/movegen.h"

using namespace kirin;

namespace {

Position at(const std::string& fen) {
  auto p = parse_fen(make_variant(GameId::XIANGQI), fen);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error());
  return *p;
}

// The move `iccs` written in Chinese (simplified), Chinese (traditional) and WXF.
std::string written(const std::string& fen, const std::string& iccs) {
  Position p = at(fen);
  auto m = parse_move(p, iccs);
  EXPECT_TRUE(m.ok()) << iccs;
  return move_to_chinese(p, *m) + " " + move_to_chinese(p, *m, ChineseScript::TRADITIONAL) + " " + move_to_wxf(p, *m);
}

// The ICCS of the move `text` names, or the error.
std::string read(const std::string& fen, const std::string& text) {
  Position p = at(fen);
  auto m = parse_xiangqi_move(p, text);
  return m ? move_to_text(p, *m) : m.error();
}

const std::string START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const std::string START_BLACK = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
// Red: three Soldiers on file 5 (e) and two on file 7 (c); two Cannons on file 8 (b). Black: two
// Chariots on its file 9 (a) and three Soldiers on its file 7 (g).
const std::string TANDEMS = "r4k3/r8/2P1P4/2P1P4/4P4/6p2/6p2/1C4p2/1C7/3K5";
// Red: five Soldiers on file 7 (c).
const std::string FIVE = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";

// The 163 legal moves of the five positions below, three texts each.
constexpr int CHECKED_MOVES = 3 * 163;

}  // namespace

TEST(NotationChinese, OpeningMovesAsTheBooksWriteThem) {
  EXPECT_EQ(written(START, "h2e2"), "炮二平五 炮二平五 C2=5");
  EXPECT_EQ(written(START, "b0c2"), "马八进七 傌八進七 H8+7");
  EXPECT_EQ(written(START, "i0i1"), "车一进一 俥一進一 R1+1");
  EXPECT_EQ(written(START, "f0e1"), "仕四进五 仕四進五 A4+5");
  EXPECT_EQ(written(START_BLACK, "h9g7"), "马８进７ 馬８進７ H8+7");
  EXPECT_EQ(written(START_BLACK, "c6c5"), "卒３进１ 卒３進１ P3+1");
  EXPECT_EQ(written(START_BLACK, "e9e8"), "将５进１ 將５進１ K5+1");
  EXPECT_EQ(written(START_BLACK, "h7e7"), "炮８平５ 砲８平５ C8=5");
}

TEST(NotationChinese, TandemPiecesFrontRearMiddleAndTwoFiles) {
  const std::string red = TANDEMS + " w - - 0 1", black = TANDEMS + " b - - 0 1";
  EXPECT_EQ(written(red, "b2b5"), "前炮进三 前炮進三 C++3");
  EXPECT_EQ(written(red, "b1b0"), "后炮退一 後炮退一 C--1");
  // Soldiers in tandem on two files: the file in place of the piece (WXF 5+.4).
  EXPECT_EQ(written(red, "e7d7"), "前五平六 前五平六 5+=6");
  EXPECT_EQ(written(red, "e6d6"), "中五平六 中五平六 55=6");
  EXPECT_EQ(written(black, "a8b8"), "前车平２ 前車平２ R+=2");
  EXPECT_EQ(written(black, "a9b9"), "后车平２ 後車平２ R-=2");
  EXPECT_EQ(written(black, "g2f2"), "前卒平６ 前卒平６ P+=6");
  EXPECT_EQ(written(black, "g3f3"), "中卒平６ 中卒平６ P7=6");
  EXPECT_EQ(written(black, "g4f4"), "后卒平６ 後卒平６ P-=6");
}

TEST(NotationChinese, FiveSoldiersOnAFileCountFromTheFront) {
  EXPECT_EQ(written(FIVE, "c9b9"), "一兵平八 一兵平八 ++=8");
  EXPECT_EQ(written(FIVE, "c8b8"), "二兵平八 二兵平八 P+=8");
  EXPECT_EQ(written(FIVE, "c7b7"), "三兵平八 三兵平八 P7=8");
  EXPECT_EQ(written(FIVE, "c6b6"), "四兵平八 四兵平八 P-=8");
  EXPECT_EQ(written(FIVE, "c5b5"), "五兵平八 五兵平八 --=8");
}

// Every legal move of these positions, written by each writer, reads back as itself.
TEST(NotationChinese, EveryLegalMoveReadsBackAsItself) {
  int checked = 0;
  for (const std::string& fen : {START, START_BLACK, TANDEMS + " w - - 0 1", TANDEMS + " b - - 0 1", FIVE}) {
    Position p = at(fen);
    MoveList legal;
    generate_legal(p, legal);
    for (Move m : legal)
      for (const std::string& text :
           {move_to_chinese(p, m), move_to_chinese(p, m, ChineseScript::TRADITIONAL), move_to_wxf(p, m)}) {
        auto back = parse_xiangqi_move(p, text);
        ASSERT_TRUE(back.ok()) << fen << " " << text << ": " << back.error();
        EXPECT_EQ(*back, m) << fen << " " << text;
        ++checked;
      }
  }
  EXPECT_EQ(checked, CHECKED_MOVES);
}

TEST(NotationChinese, EveryScriptAndDigitFormIsRead) {
  EXPECT_EQ(read(START, "炮二平五"), "h2e2");
  EXPECT_EQ(read(START, "砲二平五"), "h2e2");
  EXPECT_EQ(read(START, "炮２平５"), "h2e2");  // full-width digits for Red too
  EXPECT_EQ(read(START, "炮2平5"), "h2e2");
  EXPECT_EQ(read(START, "傌八進七"), "b0c2");
  EXPECT_EQ(read(START, "俥一進一"), "i0i1");
  EXPECT_EQ(read(START, "伡一进一"), "i0i1");
  EXPECT_EQ(read(START, "帥五進一"), "e0e1");
  EXPECT_EQ(read(START_BLACK, "马８进７"), "h9g7");
  EXPECT_EQ(read(START_BLACK, "馬8進7"), "h9g7");
  EXPECT_EQ(read(START_BLACK, "马八进七"), "h9g7");  // Chinese numerals for Black too
  EXPECT_EQ(read(START_BLACK, "包８平５"), "h7e7");
  EXPECT_EQ(read(START_BLACK, "將５進１"), "e9e8");
  EXPECT_EQ(read(TANDEMS + " w - - 0 1", "炮前进三"), "b2b5");  // the place word after the piece
  EXPECT_EQ(read(TANDEMS + " w - - 0 1", "後炮退一"), "b1b0");
  EXPECT_EQ(read(TANDEMS + " w - - 0 1", "前兵五平六"), "e7d7");
  EXPECT_EQ(read(FIVE, "二兵平八"), "c8b8");
  EXPECT_EQ(read(START, "仕四上五"), "f0e1");  // 上/下 for 进/退, as older books write the diagonal movers
  EXPECT_EQ(read(START, "相三上五"), "g0e2");
}

TEST(NotationChinese, BadAndIllegalMovesSayWhy) {
  EXPECT_EQ(read(START, "炮二平"), "bad move text '炮二平': expected a Chinese move like 炮二平五 or 马８进７");
  EXPECT_EQ(read(START, "炮五平四"), "illegal move '炮五平四': no Red piece can make this move");
  EXPECT_EQ(read(START, "车一平二"), "illegal move '车一平二': the Chariot on i0 cannot move to h0");
  EXPECT_EQ(read(TANDEMS + " w - - 0 1", "炮八平七"), "ambiguous move '炮八平七': it fits b2c2, b1c1");
  EXPECT_EQ(read(START, "xyz"), "bad move text 'xyz': expected a move like h2e2, C2=5, 炮二平五 or Che2");
}

TEST(NotationWxf, EveryWrittenFormIsRead) {
  const std::string red = TANDEMS + " w - - 0 1";
  EXPECT_EQ(read(red, "C++3"), "b2b5");
  EXPECT_EQ(read(red, "+C+3"), "b2b5");  // the WXF site's records: the marker before the letter
  EXPECT_EQ(read(red, "-C-1"), "b1b0");
  EXPECT_EQ(read(red, "5+.6"), "e7d7");
  EXPECT_EQ(read(red, "55.6"), "e6d6");
  EXPECT_EQ(read(red, "5-.6"), "e5d5");
  EXPECT_EQ(read(FIVE, "++.8"), "c9b9");
  EXPECT_EQ(read(FIVE, "P+.8"), "c8b8");
  EXPECT_EQ(read(FIVE, "P7.8"), "c7b7");
  EXPECT_EQ(read(FIVE, "--.8"), "c5b5");
  EXPECT_EQ(read(START, "Ｃ２＝５"), "h2e2");  // full width
  EXPECT_EQ(read(START, "c2.5"), "h2e2");      // playOK: lower case, '.'
  EXPECT_EQ(read(START_BLACK, "h8+7"), "h9g7");
  EXPECT_EQ(read(START, "N8+7"), "b0c2");
  EXPECT_EQ(read(START, "B3+5"), "g0e2");  // Red counts files from its right: file 3 is g
}

TEST(NotationWxf, GluedMovesAreSplit) {
  using Words = std::vector<std::string_view>;
  EXPECT_EQ(split_glued_moves("C2=5H8+7"), (Words{"C2=5", "H8+7"}));
  EXPECT_EQ(split_glued_moves("c2.5h8+7"), (Words{"c2.5", "h8+7"}));
  EXPECT_EQ(split_glued_moves("炮二平五马８进７"), (Words{"炮二平五", "马８进７"}));
  EXPECT_EQ(split_glued_moves("前兵五平六卒７进１"), (Words{"前兵五平六", "卒７进１"}));
  EXPECT_EQ(split_glued_moves("h2e2"), (Words{"h2e2"}));
  EXPECT_EQ(split_glued_moves("马８进７1-0"), (Words{"马８进７", "1-0"}));
}

TEST(NotationSan, XiangqiAsXBoardWritesIt) {
  EXPECT_EQ(read(START, "Che2"), "h2e2");
  EXPECT_EQ(read(START, "Hc2"), "b0c2");
  EXPECT_EQ(read(START, "Nc2"), "b0c2");
  EXPECT_EQ(read(START, "Chxh9"), "h2h9");
  EXPECT_EQ(read(START, "Cxh9+"), "h2h9");
  EXPECT_EQ(read(START, "Rh0h1"), "illegal move 'Rh0h1': no Red piece can make this move");
  EXPECT_EQ(read(START, "Ri1"), "i0i1");
  EXPECT_EQ(read(START, "e4"), "e3e4");
  EXPECT_EQ(read(START_BLACK, "Hg7"), "h9g7");
  EXPECT_EQ(read(START, "Ce2"), "ambiguous move 'Ce2': it fits b2e2, h2e2");
  EXPECT_EQ(read(START, "Rh5"), "illegal move 'Rh5': no Red piece can make this move");
}
