// Records written and read back: the same moves, the same result, the exact text.
#include <gtest/gtest.h>

#include "game/record.h"
#include "game_test_util.h"
#include "notation/fen.h"

using namespace kirin;
using namespace kirin::test;

namespace {

// A Chu Shogi opening with a Lion jump, an igui (7), a pass (9) and recaptures on the same
// square (仝).
const char* CHU_MOVES = "7i7h 7d7e 7j7i6h 6d6e 6h6g 6e6f 6g6f6g 3d3e 6g5g6g 5d5e 6g6f5e 2d2e 5e4d 5c4d";
// Chu Seireigi: a capture, a promotion, a drop.
const char* SEIREIGI_MOVES = "7i7h 7d7e 7h7g 7e7f 7g7f 9d9e 7f7e 9e9f 7e7d+ 9f9g P*7e";

void expect_same_game(const Game& a, const Game& b) {
  EXPECT_EQ(to_fen(a.start()), to_fen(b.start()));
  EXPECT_EQ(a.moves(), b.moves());
  EXPECT_EQ(a.keys(), b.keys());
  EXPECT_EQ(a.result(), b.result());
}

Game round_trip(const Game& g, RecordFormat f, RecordOptions o = {}) {
  const std::string text = write_record(g, f, o);
  auto back = read_record(g.variant_ptr(), text, RecordFormat::AUTO);
  EXPECT_TRUE(back.ok()) << (back.ok() ? "" : back.error()) << "\n" << text;
  EXPECT_EQ(detect_record_format(text), f);
  return back.ok() ? std::move(*back) : Game(g.variant_ptr());
}

}  // namespace

// 手合割 names the game, as lishogi writes 中将棋 (a reader of standard shogi's KIF would take
// 平手 for its own game); a record that says 平手, or nothing, is read as the even game still.
TEST(RecordKif, ChuShogiAsLishogiWritesIt) {
  Game g(make_variant(GameId::CHUSHOGI));
  ASSERT_EQ(play_all(g, CHU_MOVES), "");
  EXPECT_EQ(write_record(g, RecordFormat::KIF),
            "先手：\n後手：\n手合割：中将棋\n手数----指手---------消費時間--\n"
            "   1 7八歩兵 （←7九）\n"
            "   2 7五歩兵 （←7四）\n"
            "   3 6八獅子 （←7十）\n"
            "   4 6五歩兵 （←6四）\n"
            "   5 6七獅子 （←6八）\n"
            "   6 6六歩兵 （←6五）\n"
            "   7 一歩目 6六獅子 （←6七）\n"
            "   7 二歩目 6七獅子（居食い） （←6六）\n"
            "   8 3五歩兵 （←3四）\n"
            "   9 一歩目 5七獅子 （←6七）\n"
            "   9 二歩目 6七獅子(じっと) （←5七）\n"
            "  10 5五歩兵 （←5四）\n"
            "  11 仝獅子 （←6七）\n"
            "  12 2五歩兵 （←2四）\n"
            "  13 4四獅子 （←5五）\n"
            "  14 仝龍王 （←5三）\n");
  expect_same_game(g, round_trip(g, RecordFormat::KIF));
}

// Move lines as lishogi's own tests write them: "57手目一歩目 ▲6六獅子 （←7七）".
TEST(RecordKif, ReadsLishogiMoveLines) {
  auto g = read_record(make_variant(GameId::CHUSHOGI),
                       "手合割：\n1手目 ▲7八歩兵 （←7九）\n2手目 △7五歩兵 （←7四）\n"
                       "3手目一歩目 ▲7九獅子 （←7十）\n3手目二歩目 ▲6八獅子 （←7九）\n",
                       RecordFormat::KIF);
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->ply(), 3);
  EXPECT_EQ(to_fen(g->position()),
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/ppppp1pppppp/3i1p2i3/12/12/3I1PN1I3/PPPPP1PPPPPP/MVRHD1QDHRVM/"
            "A1B1TOXT1B1A/LFCSGKEGSCFL w - 4");
}

TEST(RecordKif, ResignationAndBoardDiagram) {
  Game g = game_at(GameId::CHUSHOGI, "6k5/12/12/6n5/12/12/12/12/6N5/12/12/6K5 w - 1");
  ASSERT_EQ(play_all(g, "6d6e 6i6h"), "");
  ASSERT_TRUE(g.resign(SECOND).ok());
  const std::string kif = write_record(g, RecordFormat::KIF);
  EXPECT_NE(kif.find("|  ・  ・  ・  ・  ・  ・ v玉  ・  ・  ・  ・  ・|一\n"), std::string::npos) << kif;
  EXPECT_NE(kif.find("後手番\n"), std::string::npos);
  EXPECT_NE(kif.find("   3 投了\nまで2手で先手の勝ち\n"), std::string::npos) << kif;
  expect_same_game(g, round_trip(g, RecordFormat::KIF));
}

TEST(RecordGameCourier, ChuSeireigiDropsAndPromotion) {
  Game g(make_variant(GameId::CHUSEIREIGI));
  ASSERT_EQ(play_all(g, SEIREIGI_MOVES), "");
  const std::string gc = write_record(g, RecordFormat::GAME_COURIER);
  EXPECT_NE(gc.find("9. P 7e-7d; +P-7d\n10. p 9f-9g\n11. P*7e\n"), std::string::npos) << gc;
  expect_same_game(g, round_trip(g, RecordFormat::GAME_COURIER));
}

TEST(RecordGameCourier, ChuShogiLionMovesAsTwoClauses) {
  Game g(make_variant(GameId::CHUSHOGI));
  ASSERT_EQ(play_all(g, CHU_MOVES), "");
  const std::string gc = write_record(g, RecordFormat::GAME_COURIER);
  EXPECT_NE(gc.find("7. N 6g-6f; N 6f-6g\n"), std::string::npos) << gc;
  EXPECT_NE(gc.find("14. d 5c-4d\n"), std::string::npos) << gc;
  expect_same_game(g, round_trip(g, RecordFormat::GAME_COURIER));
}

TEST(RecordGameCourier, ReadsSeveralMovesPerLineAndPlacingDrops) {
  auto g = read_record(make_variant(GameId::CHUSEIREIGI),
                       "1. P 7i-7h 2. p 7d-7e 3. P 7h-7g 4. p 7e-7f\n5. P 7g-7f 6. p 9d-9e 7. P 7f-7e 8. p 9e-9f\n"
                       "9. P 7e-7d; +P-7d 10. p 9f-9g 11. P-7e\n",
                       RecordFormat::GAME_COURIER);
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->ply(), 11);
}

TEST(RecordUsi, AllGamesRoundTrip) {
  Game chu(make_variant(GameId::CHUSHOGI));
  ASSERT_EQ(play_all(chu, CHU_MOVES), "");
  EXPECT_EQ(write_record(chu, RecordFormat::USI),
            "position startpos moves 7i7h 7d7e 7j6h 6d6e 6h6g 6e6f 6g6f6g 3d3e 6g5g6g 5d5e 6g5e 2d2e 5e4d 5c4d\n");
  expect_same_game(chu, round_trip(chu, RecordFormat::USI));
  Game sei(make_variant(GameId::CHUSEIREIGI));
  ASSERT_EQ(play_all(sei, SEIREIGI_MOVES), "");
  expect_same_game(sei, round_trip(sei, RecordFormat::USI));
  Game xq = game_at(GameId::XIANGQI, "4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1");
  ASSERT_EQ(play_all(xq, "b0b9"), "");
  EXPECT_EQ(write_record(xq, RecordFormat::USI), "position fen 4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1 moves b0b9\n");
  expect_same_game(xq, round_trip(xq, RecordFormat::USI));
}

TEST(RecordUsi, ClaimsAreTokens) {
  auto g = read_record(make_variant(GameId::XIANGQI), "position startpos moves h2e2 resign", RecordFormat::USI);
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(g->result(), GameResult::win(FIRST, "resignation"));
  EXPECT_EQ(write_record(*g, RecordFormat::USI), "position startpos moves h2e2 resign\n");
}

TEST(RecordUsi, HashLinesAreComments) {
  // The header `kirin match --record-format usi` writes before each game.
  const std::string text =
      "# game 1: kirin 1.2 - hachu 1/2-1/2 move limit (adjudicated)\n"
      "position startpos moves 7i7h 3d3e\n";
  EXPECT_EQ(detect_record_format(text), RecordFormat::USI);
  auto g = read_record(make_variant(GameId::CHUSHOGI), text);
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(write_record(*g, RecordFormat::USI), "position startpos moves 7i7h 3d3e\n");
}

TEST(RecordPgn, WxfAndIccs) {
  Game g(make_variant(GameId::XIANGQI));
  ASSERT_EQ(play_all(g, "h2e2 h9g7 h0g2 i9h9"), "");
  const std::string wxf = write_record(g, RecordFormat::PGN);
  EXPECT_NE(wxf.find("[Variant \"xiangqi\"]\n"), std::string::npos);
  EXPECT_NE(wxf.find("\n1. C2=5 H8+7 2. H2+3 R9=8 *\n"), std::string::npos) << wxf;
  expect_same_game(g, round_trip(g, RecordFormat::PGN));
  RecordOptions iccs;
  iccs.wxf = false;
  const std::string text = write_record(g, RecordFormat::PGN, iccs);
  EXPECT_NE(text.find("\n1. h2-e2 h9-g7 2. h0-g2 i9-h9 *\n"), std::string::npos) << text;
  expect_same_game(g, round_trip(g, RecordFormat::PGN, iccs));
}

// Tandem pieces: the front and rear Chariot on one file; files count from each side's right.
TEST(RecordPgn, WxfTandemPieces) {
  const char* fen = "3k5/9/9/9/9/9/R8/9/R8/5K3 w - - 0 1";
  auto rec = read_record(make_variant(GameId::XIANGQI),
                         std::string("[FEN \"") + fen + "\"]\n1. R+-1 K4=5 2. R-=8 {comment} *\n", RecordFormat::PGN);
  ASSERT_TRUE(rec.ok()) << rec.error();
  EXPECT_EQ(write_record(*rec, RecordFormat::USI), std::string("position fen ") + fen + " moves a3a2 d9e9 a1b1\n");
  EXPECT_NE(write_record(*rec, RecordFormat::PGN).find("1. R+-1 K4=5 2. R-=8 *"), std::string::npos);
}

TEST(RecordPgn, ResultTagOfAMate) {
  Game g = game_at(GameId::XIANGQI, "4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1");
  ASSERT_EQ(play_all(g, "b0b9"), "");
  const std::string pgn = write_record(g, RecordFormat::PGN);
  EXPECT_NE(pgn.find("[Result \"1-0\"]\n"), std::string::npos);
  EXPECT_NE(pgn.find("[Termination \"checkmate\"]\n"), std::string::npos);
  EXPECT_NE(pgn.find("\n1. R8+9 1-0\n"), std::string::npos) << pgn;
  expect_same_game(g, round_trip(g, RecordFormat::PGN));
}

// Movetext as other programs write it: "." for sideways, lower case, variations to skip.
TEST(RecordPgn, ReadsOtherWxfStyles) {
  auto g = read_record(make_variant(GameId::XIANGQI),
                       "[Variant \"Xiangqi\"]\n\n1. P9+1 p1+1 (1... h2+3 2. P7+1) 2. P7+1 C8.5 *\n", RecordFormat::PGN);
  ASSERT_TRUE(g.ok()) << g.error();
  EXPECT_EQ(write_record(*g, RecordFormat::USI), "position startpos moves a3a4 a6a5 c3c4 h7e7\n");
  // ICCS and WXF mixed; the Elephant and the Chariot files count from each side's own right.
  auto mixed = read_record(make_variant(GameId::XIANGQI), "1. h2e2 h9g7 2. H2+3 E3+5 3. R1.2 *", RecordFormat::PGN);
  ASSERT_TRUE(mixed.ok()) << mixed.error();
  EXPECT_EQ(write_record(*mixed, RecordFormat::USI), "position startpos moves h2e2 h9g7 h0g2 c9e7 i0h0\n");
}

// A record's players, date and the word for how it ended are read, and written again.
TEST(RecordHeaders, PgnPlayersDateAndTerminationAreReadAndWritten) {
  auto g = read_record(make_variant(GameId::XIANGQI),
                       "[Red \"Lü Qin\"]\n[Black \"Xu \\\"Tian\\\" Hong\"]\n[Date \"1998.10.12\"]\n[Result \"0-1\"]\n"
                       "[Termination \"time forfeit\"]\n\n1. C2.5 H8+7 0-1\n");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->record_header().players[FIRST], "Lü Qin");
  EXPECT_EQ(g->record_header().players[SECOND], "Xu \"Tian\" Hong");
  EXPECT_EQ(g->record_header().date, "1998-10-12");
  EXPECT_EQ(g->result().score(), "0-1");
  EXPECT_EQ(g->result().reason, "time forfeit");
  const std::string pgn = write_record(*g, RecordFormat::PGN);
  EXPECT_NE(pgn.find("[Date \"1998.10.12\"]\n[Round \"?\"]\n[Red \"Lü Qin\"]\n[Black \"Xu \\\"Tian\\\" Hong\"]\n"),
            std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("[Termination \"time forfeit\"]"), std::string::npos) << pgn;
  EXPECT_NE(write_record(*g, RecordFormat::DHTMLXQ).find("[DhtmlXQ_red]Lü Qin[/DhtmlXQ_red]"), std::string::npos);
  // PGN's catch-all "normal" says nothing: the result's own reason stays.
  auto normal =
      read_record(make_variant(GameId::XIANGQI), "[Result \"1-0\"]\n[Termination \"normal\"]\n\n1. C2.5 H8+7 1-0\n");
  ASSERT_TRUE(normal) << normal.error();
  EXPECT_EQ(normal->result().reason, "resignation");
  EXPECT_EQ(normal->record_header().players[FIRST], "");
  EXPECT_NE(write_record(*normal, RecordFormat::PGN).find("[Date \"????.??.??\"]"), std::string::npos);
}

TEST(RecordHeaders, KifPlayersAndDateAreReadAndWritten) {
  auto g = read_record(
      make_variant(GameId::CHUSHOGI),
      "開始日時：2021/03/04 10:00:00\n先手：Alice\n後手：Bob\n手合割：\n   1 7八歩兵 （←7九）\n   2 投了\n");
  ASSERT_TRUE(g) << g.error();
  EXPECT_EQ(g->record_header().players[FIRST], "Alice");
  EXPECT_EQ(g->record_header().players[SECOND], "Bob");
  EXPECT_EQ(g->record_header().date, "2021-03-04");
  const std::string kif = write_record(*g, RecordFormat::KIF);
  EXPECT_EQ(kif.substr(0, kif.find("手合割")), "開始日時：2021/03/04\n先手：Alice\n後手：Bob\n");
  const std::string usi = write_record(*g, RecordFormat::USI);
  EXPECT_EQ(usi.substr(0, usi.find("position")), "# Black: Alice\n# White: Bob\n# Date: 2021-03-04\n");
  EXPECT_TRUE(read_record(g->variant_ptr(), usi, RecordFormat::USI)) << usi;
  const std::string gc = write_record(*g, RecordFormat::GAME_COURIER);
  EXPECT_NE(gc.find("// Black: Alice\n// White: Bob\n// Date: 2021-03-04\n"), std::string::npos) << gc;
  EXPECT_TRUE(read_record(g->variant_ptr(), gc, RecordFormat::GAME_COURIER)) << gc;
}

// The headers a record has beyond the players and date (Event, Site, Round, a tag of its own)
// are kept in order and written again; PGN's derived tags (Result, Variant, ...) are not kept.
TEST(RecordHeaders, OtherPgnTagsAreKeptAndWrittenAgain) {
  auto g = read_record(make_variant(GameId::XIANGQI),
                       "[Game \"Chinese Chess\"]\n[Event \"Asian Cup\"]\n[Site \"?\"]\n[Round \"3\"]\n"
                       "[Result \"1-0\"]\n[Opening \"Central Cannon\"]\n\n1. C2.5 H8+7 1-0\n");
  ASSERT_TRUE(g) << g.error();
  using Tags = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(g->record_header().tags,
            (Tags{{"Game", "Chinese Chess"}, {"Event", "Asian Cup"}, {"Round", "3"}, {"Opening", "Central Cannon"}}));
  const std::string pgn = write_record(*g, RecordFormat::PGN);
  EXPECT_EQ(pgn.substr(0, pgn.find("\n\n")),
            "[Event \"Asian Cup\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"3\"]\n[Red \"?\"]\n[Black \"?\"]\n"
            "[Result \"1-0\"]\n[Variant \"xiangqi\"]\n[Termination \"resignation\"]\n[Game \"Chinese Chess\"]\n"
            "[Opening \"Central Cannon\"]");
  auto back = read_record(g->variant_ptr(), pgn);
  ASSERT_TRUE(back) << back.error();
  // Read back, the roster's tags come first.
  EXPECT_EQ(back->record_header().tags,
            (Tags{{"Event", "Asian Cup"}, {"Round", "3"}, {"Game", "Chinese Chess"}, {"Opening", "Central Cannon"}}));
}

// KIF's 棋戦 and 場所 read as Event and Site and are written back as themselves; other keys keep
// their own names. DhtmlXQ's players, date, event and place are read.
TEST(RecordHeaders, KifAndDhtmlXqHeadersMapToPgnNames) {
  auto g = read_record(make_variant(GameId::CHUSHOGI),
                       "棋戦：中将棋名人戦\n場所：大阪\n持ち時間：各10分\n先手：Alice\n後手：Bob\n手合割：\n"
                       "   1 7八歩兵 （←7九）\n   2 投了\n");
  ASSERT_TRUE(g) << g.error();
  using Tags = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(g->record_header().tags, (Tags{{"Event", "中将棋名人戦"}, {"Site", "大阪"}, {"持ち時間", "各10分"}}));
  const std::string kif = write_record(*g, RecordFormat::KIF);
  EXPECT_EQ(kif.substr(0, kif.find("手合割")),
            "棋戦：中将棋名人戦\n場所：大阪\n持ち時間：各10分\n先手：Alice\n後手：Bob\n");
  auto d = read_record(make_variant(GameId::XIANGQI),
                       "[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[DhtmlXQ_red]胡荣华[/DhtmlXQ_red]\n"
                       "[DhtmlXQ_black]杨官璘[/DhtmlXQ_black]\n[DhtmlXQ_date]1960-05-01[/DhtmlXQ_date]\n"
                       "[DhtmlXQ_event]全国赛[/DhtmlXQ_event]\n[DhtmlXQ_place]北京[/DhtmlXQ_place]\n[/DhtmlXQ]\n");
  ASSERT_TRUE(d) << d.error();
  EXPECT_EQ(d->record_header().players[FIRST], "胡荣华");
  EXPECT_EQ(d->record_header().players[SECOND], "杨官璘");
  EXPECT_EQ(d->record_header().date, "1960-05-01");
  EXPECT_EQ(d->record_header().tags, (Tags{{"Event", "全国赛"}, {"Site", "北京"}}));
  const std::string again = write_record(*d, RecordFormat::DHTMLXQ);
  EXPECT_NE(again.find("[DhtmlXQ_event]全国赛[/DhtmlXQ_event]\n[DhtmlXQ_place]北京[/DhtmlXQ_place]\n"),
            std::string::npos)
      << again;
}
