// Records as other programs and people write them (issue 18), each replayed to a known end:
// Chinese notation in both scripts, the WXF site's and playOK's WXF, XBoard's SAN, DhtmlXQ,
// old encodings made with iconv here; and records read as played, past the rules' end.
#include <gtest/gtest.h>
#include <iconv.h>

#include <fstream>

#include "cli_test_util.h"
#include "game/record.h"
#include "game/record_encoding.h"
#include "game_test_util.h"
#include "notation/fen.h"

using namespace kirin;
using namespace kirin::test;

namespace {

Game read_ok(const std::string& text, RecordFormat f = RecordFormat::AUTO) {
  auto g = read_record(make_variant(GameId::XIANGQI), text, f);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error()) << "\n" << text;
  return g.ok() ? std::move(*g) : Game(make_variant(GameId::XIANGQI));
}

std::string error_of(const std::string& text) {
  auto g = read_record(make_variant(GameId::XIANGQI), text);
  return g.ok() ? "(read fine)" : g.error();
}

// The same game played from ICCS moves.
Game iccs_game(const std::string& moves, const std::string& fen = "") {
  Game g = game_at(GameId::XIANGQI, fen);
  EXPECT_EQ(play_all(g, moves), "");
  return g;
}

// A UTF-8 text in another encoding, converted by glibc's iconv.
std::string encoded(const std::string& utf8, const char* to) {
  iconv_t cd = iconv_open(to, "UTF-8");
  EXPECT_NE(cd, iconv_t(-1)) << to;
  std::string out(utf8.size() * 4, '\0');
  char* in = const_cast<char*>(utf8.data());
  char* o = out.data();
  size_t in_left = utf8.size(), out_left = out.size();
  EXPECT_NE(iconv(cd, &in, &in_left, &o, &out_left), size_t(-1)) << to;
  iconv_close(cd);
  out.resize(out.size() - out_left);
  return out;
}

// A short game with the moves from the notation rules: the ICCS of each Chinese move worked
// out by hand (Red's files from its right, Black's from its own).
const char* OPENING_ICCS = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7 h6g6 i7i8";
const char* OPENING_SIMPLIFIED =
    "[Game \"Chinese Chess\"]\n[Format \"Chinese\"]\n[Site \"棋馆\"]\n[Result \"1-0\"]\n\n"
    "1. 炮二平五 马８进７ 2. 马二进三 车９平８\n3. 车一平二 马２进３ 4. 兵七进一 卒７进１\n"
    "5. 车二进六 炮８平９ 6. 车二平三 炮９退１ 1-0\n";
// Red's Chariot as 車 too: 俥 is not in Big5 (the notation tests read 俥 and 伡).
const char* OPENING_TRADITIONAL =
    "[Game \"Chinese Chess\"]\n[Site \"棋館\"]\n[Result \"1-0\"]\n\n"
    "１．炮二平五　馬８進７　２．傌二進三　車９平８\n３．車一平二　馬２進３　４．兵七進一　卒７進１\n"
    "５．車二進六　砲８平９　６．車二平三　砲９退１　紅勝\n";
// Cannons in tandem on Red's file 2 (h): C2+2, C8=2, then the front one to file 5, checking;
// Black's Advisor blocks.
const char* TANDEM_ICCS = "h2h4 h9g7 b2h2 b9c7 h4e4 d9e8";

}  // namespace

TEST(RecordChinese, SimplifiedPgnReplaysToTheKnownPosition) {
  const Game g = read_ok(OPENING_SIMPLIFIED);
  EXPECT_EQ(g.moves(), iccs_game(OPENING_ICCS).moves());
  EXPECT_EQ(to_fen(g.position()), "r1bakabr1/8c/1cn3n2/p1p1p1R1p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2 w - - 12 7");
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "resignation"));
}

TEST(RecordChinese, TraditionalWithFullWidthNumbersAndTheResultTag) {
  const Game g = read_ok(OPENING_TRADITIONAL);
  EXPECT_EQ(g.moves(), iccs_game(OPENING_ICCS).moves());
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "resignation"));  // 紅勝 at the end, as [Result] says
}

TEST(RecordChinese, BareMoveListWithGluedMovesAndNumbers) {
  const Game g = read_ok("1.炮二平五马８进７2.马二进三车９平８\n3.车一平二马２进３0-1\n");
  EXPECT_EQ(g.moves(), iccs_game("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7").moves());
  EXPECT_EQ(g.result(), GameResult::win(SECOND, "resignation"));
}

TEST(RecordChinese, WrittenAndReadBack) {
  const Game g = iccs_game(OPENING_ICCS + std::string(" ") + "e2e6 a9a8 b2e2 a8d8 e6e7");
  for (RecordFormat f : {RecordFormat::CHINESE, RecordFormat::CHINESE_TRADITIONAL}) {
    const std::string text = write_record(g, f);
    EXPECT_NE(text.find("[Format \"Chinese\"]"), std::string::npos);
    EXPECT_EQ(read_ok(text).moves(), g.moves()) << text;
  }
  EXPECT_NE(write_record(g, RecordFormat::CHINESE).find("1. 炮二平五 马８进７ 2. 马二进三 车９平８"),
            std::string::npos);
  EXPECT_NE(write_record(g, RecordFormat::CHINESE_TRADITIONAL).find("1. 炮二平五 馬８進７ 2. 傌二進三 車９平８"),
            std::string::npos);
}

TEST(RecordChinese, IllegalMoveNamesLineAndColumn) {
  EXPECT_EQ(error_of("[Format \"Chinese\"]\n1. 炮二平五 马８进７\n2. 马二进四 *\n"),
            "line 3, column 4: move 3: illegal move '马二进四': the Horse on h0 cannot move to f1");
}

TEST(RecordWxf, TheWxfSitesFormsAndPlayOk) {
  const std::vector<Move> want = iccs_game(TANDEM_ICCS).moves();
  EXPECT_EQ(read_ok("[Variant \"xiangqi\"]\n1. C2+2 H8+7 2. C8=2 H2+3 3. +C=5 A4+5 *\n").moves(), want);
  EXPECT_EQ(read_ok("1. C2+2 H8+7 2. C8.2 H2+3 3.+C.5A4+5\n").moves(), want);    // glued
  EXPECT_EQ(read_ok("1. c2+2 h8+7 2. c8.2 h2+3 3. c+.5 a4+5\n").moves(), want);  // playOK
  EXPECT_EQ(read_ok("1. Ｃ２＋２ Ｈ８＋７ 2. Ｃ８＝２ Ｈ２＋３ 3. Ｃ＋＝５ Ａ４＋５\n").moves(), want);
}

TEST(RecordSan, XBoardPgnOfAXiangqiGame) {
  const Game g =
      read_ok("[Event \"xboard\"]\n[Variant \"xiangqi\"]\n\n1. Ch4 Hg7 2. Cbh2 Hc7 3. Che4 Ade8 {end} 0-1\n");
  EXPECT_EQ(g.moves(), iccs_game(TANDEM_ICCS).moves());
  EXPECT_EQ(g.result(), GameResult::win(SECOND, "resignation"));
}

TEST(RecordDhtmlXQ, MoveListReplays) {
  const Game g = read_ok(
      "[DhtmlXQ]\n[DhtmlXQ_title]例[/DhtmlXQ_title]\n"
      "[DhtmlXQ_movelist]777570621777102275453041[/DhtmlXQ_movelist]\n"
      "[DhtmlXQ_result]黑胜[/DhtmlXQ_result]\n[/DhtmlXQ]\n");
  EXPECT_EQ(g.moves(), iccs_game(TANDEM_ICCS).moves());
  EXPECT_EQ(g.result(), GameResult::win(SECOND, "resignation"));
}

TEST(RecordDhtmlXQ, BinitStartsFromItsPosition) {
  // Red Chariot a1 and General d0, Black General e9; 99 for every other piece.
  const std::string binit =
      "08" + std::string(6, '9') + "39" + std::string(22, '9') + std::string(8, '9') + "40" + std::string(22, '9');
  const Game g = read_ok("[DhtmlXQ]\n[DhtmlXQ_binit]" + binit +
                         "[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]08014050[/DhtmlXQ_movelist]\n"
                         "[DhtmlXQ_result]和棋[/DhtmlXQ_result]\n[/DhtmlXQ]\n");
  EXPECT_EQ(to_fen(g.start()), "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
  EXPECT_EQ(to_fen(g.position()), "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 2 2");
  EXPECT_EQ(g.result(), GameResult::draw("agreed draw"));
  const Game back = read_ok(write_record(g, RecordFormat::DHTMLXQ));
  EXPECT_EQ(to_fen(back.start()), to_fen(g.start()));
  EXPECT_EQ(back.moves(), g.moves());
}

TEST(RecordDhtmlXQ, BadMoveListSaysWhere) {
  EXPECT_EQ(error_of("[DhtmlXQ]\n[DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist]\n"),
            "line 2, column 23: move 2 '7747': illegal move 'h2e2': no piece on h2");
}

TEST(RecordAsPlayed, RepetitionIsNotedAndTheRecordGoesOn) {
  const Game g =
      read_ok("[Variant \"xiangqi\"]\n1. H2+3 H8+7 2. H3-2 H7-8 3. H2+3 H8+7 4. H3-2 H7-8 5. C2=5 1/2-1/2\n");
  EXPECT_EQ(g.ply(), 9);
  EXPECT_EQ(g.result(), GameResult::draw("agreed draw"));
  EXPECT_EQ(record_notes(g),
            std::vector<std::string>{"note: by the rules the game ended after move 4: 1/2-1/2 threefold repetition"});
}

TEST(RecordAsPlayed, WithoutAResultTheRulesJudgeTheLastPosition) {
  const Game g = read_ok("position startpos moves h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h2e2\n");
  EXPECT_EQ(g.ply(), 9);
  EXPECT_FALSE(g.over());
  EXPECT_EQ(record_notes(g).size(), 1u);
}

// The game of issue 18 went on after the General's steps; by the rules it ended there, lost by
// Black, whose Chariot checked and chased the crossed Soldier in turn (GameXiangqi.GeneralStep...).
TEST(RecordAsPlayed, TheIssuesGameIsReadToItsLastMove) {
  const Game g = read_ok(
      "position fen 3aka2R/9/4P4/c7p/C5p2/2p6/P4r2P/3AB4/4K4/3A5 b - - 1 33 moves "
      "f3e3 e1f1 e3f3 f1e1 f3e3 e1f1 e3f3 f1e1 f3f7 e2c4\n");
  EXPECT_EQ(g.ply(), 10);
  EXPECT_EQ(record_notes(g),
            std::vector<std::string>{"note: by the rules the game ended after move 37: 1-0 perpetual chase"});
}

TEST(RecordAsPlayed, TheRecordsResultOverridesTheRules) {
  const Game g = read_ok("[FEN \"4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1\"]\n1. b0b9 0-1\n");
  EXPECT_EQ(g.result(), GameResult::win(SECOND, "as recorded"));
  EXPECT_EQ(record_notes(g), std::vector<std::string>{"note: by the rules the game ended after move 1: 1-0 checkmate"});
}

// A 1990s computer game went on with an illegal move after the mate: the record is read to the
// mate, keeps its result, and a note names the moves left unread (issue 29).
TEST(RecordAsPlayed, MovesAfterCheckmateAreLeftUnreadWithANote) {
  const Game g = read_ok("[FEN \"4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1\"]\n1. b0b9 e9e8 2. a8a9 1-0\n");
  EXPECT_EQ(g.ply(), 1);
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "checkmate"));
  EXPECT_EQ(record_notes(g),
            std::vector<std::string>{"note: the record goes on after the game ended (1-0 checkmate): 2 "
                                     "moves left unread from line 2, column 9: e9e8 a8a9"});
  // Without a result of its own the rules' verdict stands.
  const Game bare = read_ok("[FEN \"4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1\"]\n1. b0b9 e9e8\n");
  EXPECT_EQ(bare.result(), GameResult::win(FIRST, "checkmate"));
  EXPECT_EQ(record_notes(bare).size(), 1u);
}

// A tag value with quotes inside it, as a 1994 tournament file in Big5 has it ([Event "...
// "...".."]): read to the last '"]' of the line, as other xiangqi readers do.
TEST(RecordPgnTags, AQuoteInsideATagValueReadsToTheLastQuoteBracket) {
  const std::string event = "1994 全國\"個人\"賽";
  const std::string text = "[Event \"" + event + "\"]\n[Variant \"xiangqi\"]\n\n1. h2e2 h9g7 *\n";
  const Game g = read_ok(text);
  EXPECT_EQ(g.ply(), 2);
  const std::string big5 = encoded(text, "BIG5");
  auto decoded = decode_record_bytes(big5);
  ASSERT_TRUE(decoded.ok()) << decoded.error();
  EXPECT_EQ(read_ok(*decoded).ply(), 2);
  // A quoted value followed by more than a ']' on its line still needs its closing bracket.
  EXPECT_EQ(error_of("[Event \"a\" b\n1. h2e2 *\n"), "line 1, column 1: unclosed tag pair");
}

TEST(RecordEncoding, GbkAndBig5FilesAreDetected) {
  for (const char* enc : {"GBK", "GB2312", "GB18030"}) {
    auto text = decode_record_bytes(encoded(OPENING_SIMPLIFIED, enc));
    ASSERT_TRUE(text.ok()) << enc << ": " << text.error();
    EXPECT_EQ(*text, OPENING_SIMPLIFIED) << enc;
    const Game g = read_ok(*text);
    EXPECT_EQ(to_fen(g.position()), "r1bakabr1/8c/1cn3n2/p1p1p1R1p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2 w - - 12 7")
        << enc;
    EXPECT_EQ(g.result(), GameResult::win(FIRST, "resignation")) << enc;
  }
  // 館 is 0xC0 0x5D in Big5: its second byte is ']', which must not end the tag.
  const std::string big5 = encoded(OPENING_TRADITIONAL, "BIG5");
  EXPECT_NE(big5.find("\xC0\x5D"), std::string::npos);
  auto text = decode_record_bytes(big5);
  ASSERT_TRUE(text.ok()) << text.error();
  EXPECT_EQ(*text, OPENING_TRADITIONAL);
  EXPECT_EQ(read_ok(*text).moves(), iccs_game(OPENING_ICCS).moves());
}

TEST(RecordEncoding, Utf8WithOrWithoutMarkAndUtf16) {
  EXPECT_EQ(*decode_record_bytes("\xEF\xBB\xBF" + std::string(OPENING_SIMPLIFIED)), OPENING_SIMPLIFIED);
  EXPECT_EQ(*decode_record_bytes(OPENING_SIMPLIFIED), OPENING_SIMPLIFIED);
  EXPECT_EQ(*decode_record_bytes("\xFF\xFE" + encoded(OPENING_SIMPLIFIED, "UTF-16LE")), OPENING_SIMPLIFIED);
}

TEST(RecordEncoding, UndecidableOrUnknownBytesSayWhichEncodingsWereTried) {
  EXPECT_EQ(decode_record_bytes("[Red \"\xB0\xA1\"]\n").error(),
            "cannot tell the record's encoding: it reads as both GB18030 and Big5 (tried UTF-8, GB18030 (GBK, GB2312) "
            "and Big5)");
  EXPECT_EQ(decode_record_bytes("\xFF\xFF\xFF").error(),
            "cannot read the record's text: it is in none of the encodings Kirin knows (tried UTF-8, GB18030 (GBK, "
            "GB2312) and Big5)");
}

TEST(RecordEncoding, ReplayReadsABig5FileAndSavesChinese) {
  const std::string path = testing::TempDir() + "/kirin_big5.pgn", out = testing::TempDir() + "/kirin_out.pgn";
  std::ofstream(path, std::ios::binary) << encoded(OPENING_TRADITIONAL, "BIG5");
  CliRun r = run_kirin("replay --game xiangqi --record " + path + " --save " + out + " --save-format chinese");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "r1bakabr1/8c/1cn3n2/p1p1p1R1p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2 w - - 12 7");
  EXPECT_NE(r.out.find("\nresult 1-0 resignation\n"), std::string::npos) << r.out;
  std::ifstream saved(out);
  const std::string text((std::istreambuf_iterator<char>(saved)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("1. 炮二平五 马８进７ 2. 马二进三 车９平８"), std::string::npos) << text;
}

TEST(RecordAsPlayed, ReplayPrintsTheNote) {
  const std::string path = testing::TempDir() + "/kirin_played_on.usi";
  std::ofstream(path) << "position startpos moves h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h2e2\n";
  CliRun r = run_kirin("replay --game xiangqi --record " + path);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(
      r.out.find("\nnote: by the rules the game ended after move 4: 1/2-1/2 threefold repetition\nresult * ongoing\n"),
      std::string::npos)
      << r.out;
}

// Games XBoard 4.9.1 saved (tests/data, Kirin against itself under xvfb-run): xiangqi SAN with
// rank disambiguation (H8c7), and Chu Shogi with Lion double moves (Nxi8-i7, Nxj3xj4), Lion
// passes (Nxf3), promotions (Bxd10+) and promoted pieces (+Bh9).
TEST(RecordSan, XBoardSavedGamesReadToTheirEnd) {
  struct Case {
    GameId id;
    const char* file;
    int plies;
    const char* fen;
  };
  for (const Case& c :
       {Case{GameId::XIANGQI, "xboard_xiangqi.pgn", 140, "3ak1b2/4a4/4b4/6P2/p8/3p5/6n2/9/9/3r1K3 w - - 0 71"},
        Case{GameId::CHUSHOGI, "xboard_chu.pgn", 140,
             "lfc1ge1gsc1l/a2s3t1f1a/mv1t3k2vm/pppp1p1xpppp/3i1+brp4/12/5N6/12/P2P1Pn4P/M1VT1K2T2M/A2O1GG2X1A/"
             "LFCS2E1SCFL b - 141"}}) {
    std::ifstream in(std::string(KIRIN_TEST_DATA) + "/" + c.file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto g = read_record(make_variant(c.id), text);
    ASSERT_TRUE(g.ok()) << c.file << ": " << g.error();
    EXPECT_EQ(g->ply(), c.plies) << c.file;
    EXPECT_EQ(to_fen(g->position()), c.fen) << c.file;
    EXPECT_EQ(g->result(), GameResult::win(SECOND, "checkmate")) << c.file;
  }
}

TEST(RecordDhtmlXQ, AFileOfSeveralGames) {
  const std::string text =
      "[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
      "[DhtmlXQ]\n[DhtmlXQ_title]2[/DhtmlXQ_title]\n[DhtmlXQ_movelist]7775[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n";
  EXPECT_EQ(count_record_games(text), 2);
  auto second = read_record_game(make_variant(GameId::XIANGQI), text, 2);
  ASSERT_TRUE(second.ok()) << second.error();
  EXPECT_EQ(second->moves(), iccs_game("h2h4").moves());
}

TEST(RecordEncoding, ReplaySaysWhichEncodingsItTried) {
  const std::string path = testing::TempDir() + "/kirin_undecided.pgn";
  std::ofstream(path, std::ios::binary) << "[Red \"\xB0\xA1\"]\n1. C2=5\n";
  CliRun r = run_kirin("replay --game xiangqi --record " + path);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "kirin replay: " + path +
                       ": cannot tell the record's encoding: it reads as both GB18030 and Big5 (tried UTF-8, GB18030 "
                       "(GBK, GB2312) and Big5)\n");
}

TEST(RecordChinese, ResultsInChineseWords) {
  EXPECT_EQ(read_ok("1. 炮二平五 马８进７ 黑胜\n").result(), GameResult::win(SECOND, "resignation"));
  EXPECT_EQ(read_ok("[Result \"和棋\"]\n1. 炮二平五 马８进７\n").result(), GameResult::draw("agreed draw"));
  EXPECT_EQ(read_ok("1. 炮二平五 马８进７ 红先胜\n").result(), GameResult::win(FIRST, "resignation"));
}
