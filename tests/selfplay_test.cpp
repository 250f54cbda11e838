// kirin selfplay: the training file's bytes (round trip, refusals), and the run's promises:
// the same seed gives the same file, no game twice, a resume continues where the run stopped.
#include "selfplay/selfplay.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "cli_test_util.h"
#include "notation/fen.h"
#include "selfplay/sample_reader.h"
#include "selfplay/sample_stats.h"
#include "test_util.h"

using namespace kirin;

namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string temp_path(const std::string& name) {
  const std::string p = ::testing::TempDir() + "kirin_selfplay_" + name;
  std::remove(p.c_str());
  return p;
}

SelfplayConfig short_run(GameId g, const std::string& path) {
  SelfplayConfig c;
  c.variant = make_variant(g);
  c.nodes = 200;
  c.games = 3;
  c.random_plies = 4;
  c.seed = 7;
  c.max_plies = 40;
  c.out_path = path;
  return c;
}

// A Chu Seireigi position with pieces in hand, as the file holds it.
Sample hand_sample() {
  VariantPtr v = make_variant(GameId::CHUSEIREIGI);
  auto pos = parse_fen(v, "3k8/12/12/12/12/12/12/12/12/12/12/8K3 b GSp 1");
  EXPECT_TRUE(pos.ok()) << pos.error();
  Sample s = sample_of(*pos);
  s.game = 70000, s.ply = 513, s.score = -32000, s.result = -1;
  return s;
}

// The error a reader gives for `bytes`: of the header, else of the first bad record.
std::string read_error(const std::string& bytes) {
  std::istringstream in(bytes);
  SampleReader r(in);
  if (std::string e = error_of(r.read_header()); !e.empty()) return e;
  Sample s;
  while (r.next(s)) {
  }
  return r.error();
}

std::string xiangqi_header() {
  std::string bytes;
  encode_header(sample_header(*make_variant(GameId::XIANGQI)), bytes);
  return bytes;
}

}  // namespace

TEST(SelfplayFormat, HeaderNamesTheVariantAndItsKindsInCatalogueOrder) {
  const std::string h = xiangqi_header();
  EXPECT_EQ(h.substr(0, 8), std::string("KIRINSP\x01", 8));
  const int len = uint8_t(h[8]) | uint8_t(h[9]) << 8;
  EXPECT_EQ(h.substr(10), "variant=xiangqi\nfiles=9\nranks=10\nkinds=K,A,B,N,R,C,P\n");
  EXPECT_EQ(len, int(h.size()) - 10);
}

TEST(SelfplayFormat, RecordBytesAsDocumented) {
  Sample s = hand_sample();
  std::string bytes;
  encode_sample(s, bytes);
  // game 70000, ply 513, score -32000, result -1, stm 0, flags 0, 2 on the board, 3 in hand.
  const std::string fixed("\x70\x11\x01\x00\x01\x02\x00\x83\xff\x00\x00\x02\x03", 13);
  EXPECT_EQ(bytes.substr(0, 13), fixed);
  // The first side's King on file index 8 of the first rank (square 8), the second side's on
  // square 11 * 12 + 3 = 135; hands: G and S for the first side, P for the second.
  ASSERT_EQ(s.board.size(), 2u);
  EXPECT_EQ(s.board[0].first, 8);
  EXPECT_EQ(s.board[1].first, 135);
  EXPECT_EQ(s.board[0].second & 0xC0, 0x40);
  EXPECT_EQ(s.board[1].second & 0xC0, 0x80);
  ASSERT_EQ(s.hand.size(), 3u);
  EXPECT_EQ(bytes.size(), 13u + 2 * 5);
}

TEST(SelfplayFormat, RecordsRoundTrip) {
  std::string bytes = xiangqi_header();
  std::vector<Sample> written;
  VariantPtr v = make_variant(GameId::XIANGQI);
  Position pos(v);
  pos = *parse_fen(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  for (int i = 0; i < 3; ++i) {
    Sample s = sample_of(pos);
    s.game = uint32_t(i), s.ply = uint16_t(10 * i), s.score = int16_t(-150 + 200 * i), s.result = int8_t(i - 1);
    s.flags |= i == 2 ? Sample::NOT_QUIET : 0;
    written.push_back(s);
    encode_sample(s, bytes);
  }
  EXPECT_EQ(written[0].board.size(), 32u);
  std::istringstream in(bytes);
  SampleReader r(in);
  ASSERT_EQ(error_of(r.read_header()), "");
  EXPECT_TRUE(r.header().same_board(sample_header(*v)));
  Sample s;
  for (const Sample& w : written) {
    ASSERT_TRUE(r.next(s)) << r.error();
    EXPECT_EQ(s, w);
  }
  EXPECT_FALSE(r.next(s));
  EXPECT_EQ(r.error(), "");
  EXPECT_EQ(r.offset(), bytes.size());
}

TEST(SelfplayFormat, HandsRoundTrip) {
  std::string bytes;
  encode_header(sample_header(*make_variant(GameId::CHUSEIREIGI)), bytes);
  encode_sample(hand_sample(), bytes);
  std::istringstream in(bytes);
  SampleReader r(in);
  ASSERT_EQ(error_of(r.read_header()), "");
  Sample s;
  ASSERT_TRUE(r.next(s)) << r.error();
  EXPECT_EQ(s, hand_sample());
}

TEST(SelfplayFormat, CorruptFilesRefusedWithTheByteOffset) {
  const std::string h = xiangqi_header();
  EXPECT_EQ(read_error("KIRINSQ\x01"), "not a Kirin self-play file (no KIRINSP magic)");
  EXPECT_EQ(read_error(std::string("KIRINSP\x02\x00\x00", 10)),
            "self-play format version 2 is not supported (expected 1)");
  EXPECT_EQ(read_error(h.substr(0, 20)), "header ends early");
  EXPECT_EQ(read_error(std::string("KIRINSP\x01\x08\x00", 10) + "files=9\n"), "header has no variant= line");
  Sample s = hand_sample();
  s.board.clear(), s.hand.clear();
  s.board = {{0, 0x40 | 4}};
  std::string rec;
  encode_sample(s, rec);
  const size_t at = h.size();
  EXPECT_EQ(read_error(h + rec + rec.substr(0, 7)),
            "file ends inside the record at byte " + std::to_string(at + rec.size()));
  std::string bad = rec;
  bad[8] = 2;  // result
  EXPECT_EQ(read_error(h + bad), "result 2 is not -1, 0 or 1 in the record at byte " + std::to_string(at));
  bad = rec;
  bad[14] = char(0x40 | 7);  // xiangqi has kinds 0-6
  EXPECT_EQ(read_error(h + bad),
            "piece byte 71 names no piece of this file's kinds in the record at byte " + std::to_string(at));
  bad = rec;
  bad[13] = char(90);  // 9x10 squares: 0-89
  EXPECT_EQ(read_error(h + bad), "square 90 is off the board in the record at byte " + std::to_string(at));
  bad = rec;
  bad[6] = char(0x01), bad[7] = char(0x80);  // -32767
  EXPECT_EQ(read_error(h + bad), "score -32767 beyond +-32000 in the record at byte " + std::to_string(at));
}

TEST(SelfplayFormat, CapturesAndPromotionsAreNotQuietButDropsAre) {
  // Quiescence searches captures, not drops: a position whose best move is a drop is one the
  // static evaluation decides, so it is kept for training.
  Position p = test::position(GameId::CHUSEIREIGI, "k11/12/12/12/9P2/12/12/12/5p6/5P6/12/11K b P 1");
  auto move = [&](const char* text) {
    auto m = parse_move(p, text);
    EXPECT_TRUE(m.ok()) << text;
    return *m;
  };
  EXPECT_FALSE(is_noisy(p, move("P*4f")));
  EXPECT_TRUE(is_noisy(p, move("7j7i")));
  EXPECT_TRUE(is_noisy(p, move("3e3d+")));
  EXPECT_FALSE(is_noisy(p, move("1l2l")));
}

TEST(SelfplayFormat, ScoresClampedAndMatesAtTheLimit) {
  EXPECT_EQ(sample_score(123), 123);
  EXPECT_EQ(sample_score(-29990), -32000);  // mated in 10 plies
  EXPECT_EQ(sample_score(29999), 32000);
}

TEST(Selfplay, SameSeedSameBytes) {
  SelfplayConfig a = short_run(GameId::XIANGQI, temp_path("a.bin"));
  SelfplayConfig b = short_run(GameId::XIANGQI, temp_path("b.bin"));
  std::ostringstream out, err;
  ASSERT_EQ(run_selfplay(a, out, err), 0) << err.str();
  ASSERT_EQ(run_selfplay(b, out, err), 0) << err.str();
  const std::string bytes = file_bytes(a.out_path);
  EXPECT_EQ(bytes, file_bytes(b.out_path));
  SelfplayConfig other = short_run(GameId::XIANGQI, temp_path("c.bin"));
  other.seed = 8;
  ASSERT_EQ(run_selfplay(other, out, err), 0) << err.str();
  EXPECT_NE(bytes, file_bytes(other.out_path));
  std::istringstream in(bytes);
  auto st = read_sample_stats(in);
  ASSERT_TRUE(st.ok()) << st.error();
  EXPECT_EQ(st->games, 3u);
  EXPECT_EQ(st->header.extra.size(), 3u);
}

TEST(Selfplay, ResumeContinuesAsAnUnbrokenRun) {
  SelfplayConfig whole = short_run(GameId::CHUSHOGI, temp_path("whole.bin"));
  SelfplayConfig part = short_run(GameId::CHUSHOGI, temp_path("part.bin"));
  whole.max_plies = part.max_plies = 24;
  part.games = 1;
  std::ostringstream out, err;
  ASSERT_EQ(run_selfplay(whole, out, err), 0) << err.str();
  ASSERT_EQ(run_selfplay(part, out, err), 0) << err.str();
  part.games = 2;
  ASSERT_EQ(run_selfplay(part, out, err), 0) << err.str();
  EXPECT_EQ(file_bytes(part.out_path), file_bytes(whole.out_path));
  EXPECT_NE(out.str().find("game 2 (2/2): "), std::string::npos) << out.str();
}

TEST(Selfplay, HeaderMismatchRefusedOnResume) {
  SelfplayConfig x = short_run(GameId::XIANGQI, temp_path("mismatch.bin"));
  x.games = 1;
  std::ostringstream out, err;
  ASSERT_EQ(run_selfplay(x, out, err), 0) << err.str();
  const std::string before = file_bytes(x.out_path);
  SelfplayConfig chu = short_run(GameId::CHUSHOGI, x.out_path);
  EXPECT_EQ(run_selfplay(chu, out, err), 2);
  EXPECT_EQ(err.str(), "kirin selfplay: " + x.out_path +
                           " holds xiangqi positions (9x10, 7 kinds), not chushogi: refusing to append\n");
  EXPECT_EQ(file_bytes(x.out_path), before);
}

TEST(Selfplay, NoGameWrittenTwiceEvenAfterResume) {
  // No openings and no random plies: every attempt plays the same game.
  SelfplayConfig c = short_run(GameId::XIANGQI, temp_path("dedup.bin"));
  c.random_plies = 0;
  c.max_plies = 6;
  c.games = 1;
  std::ostringstream out, err;
  ASSERT_EQ(run_selfplay(c, out, err), 0) << err.str();
  const std::string one = file_bytes(c.out_path);
  EXPECT_EQ(run_selfplay(c, out, err), 1);
  EXPECT_EQ(err.str(),
            "kirin selfplay: no new game for game 1 in 100 attempts (more --random-plies or openings would help)\n");
  EXPECT_EQ(file_bytes(c.out_path), one);
}

TEST(Selfplay, GameIdentityIgnoresNumberScoreAndResult) {
  std::vector<Sample> a = {hand_sample()}, b = a;
  b[0].game = 1, b[0].score = 5, b[0].result = 0;
  EXPECT_EQ(game_identity(a), game_identity(b));
  b[0].ply = 1;
  EXPECT_NE(game_identity(a), game_identity(b));
}

TEST(Selfplay, EveryPositionCarriesItsGamesResultFromItsSideToMove) {
  SelfplayConfig c = short_run(GameId::XIANGQI, temp_path("unused.bin"));
  Engine engine;
  SelfplayGame g = play_selfplay_game(c, engine, 0, 0);
  ASSERT_FALSE(g.samples.empty());
  const int first = g.result.outcome == Outcome::FIRST_WINS ? 1 : g.result.outcome == Outcome::DRAW ? 0 : -1;
  for (const Sample& s : g.samples) EXPECT_EQ(s.result, s.stm == FIRST ? first : -first);
  EXPECT_EQ(g.samples.front().ply, 4);  // the first searched position follows the random plies
  EXPECT_EQ(g.samples.back().ply, g.plies - 1);
}

TEST(SelfplayCli, StatsCountsAndRefusesACorruptFile) {
  SelfplayConfig c = short_run(GameId::XIANGQI, temp_path("cli.bin"));
  c.games = 2;
  std::ostringstream out, err;
  ASSERT_EQ(run_selfplay(c, out, err), 0) << err.str();
  auto r = test::run_kirin("selfplay --stats " + c.out_path);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "variant xiangqi 9x10, 7 kinds, nodes 200, random_plies 4, seed 7");
  EXPECT_NE(r.out.find("games 2: "), std::string::npos) << r.out;
  {
    std::ofstream f(c.out_path, std::ios::binary | std::ios::app);
    f.write("\x01\x02", 2);
  }
  const size_t size = file_bytes(c.out_path).size();
  r = test::run_kirin("selfplay --stats " + c.out_path);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "kirin selfplay: " + c.out_path + ": file ends inside the record at byte " +
                       std::to_string(size - 2) + "\n");
  r = test::run_kirin("selfplay --game shogi --out " + c.out_path);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "kirin selfplay: unknown game 'shogi' (expected xiangqi, chushogi or chuseireigi)\n");
}

TEST(SelfplayFormat, StatsCountGamesResultsAndScoreBands) {
  std::string bytes = xiangqi_header();
  Sample s;
  s.board = {{4, 0x40}, {85, 0x80}};
  auto add = [&](uint32_t game, uint8_t stm, int8_t result, int16_t score, uint8_t flags) {
    s.game = game, s.stm = stm, s.result = result, s.score = score, s.flags = flags;
    encode_sample(s, bytes);
  };
  add(0, 0, 1, 30, 0);       // game 0: the first side won
  add(0, 1, -1, -32000, 1);  // mated
  add(1, 0, 0, 0, 2);        // game 1: a draw
  add(2, 1, 1, 1200, 0);     // game 2: the second side won
  std::istringstream in(bytes);
  auto st = read_sample_stats(in);
  ASSERT_TRUE(st.ok()) << st.error();
  EXPECT_EQ(st->positions, 4u);
  EXPECT_EQ(st->games, 3u);
  EXPECT_EQ(st->game_results[0], 1u);
  EXPECT_EQ(st->game_results[1], 1u);
  EXPECT_EQ(st->game_results[2], 1u);
  EXPECT_EQ(st->results[2], 2u);
  EXPECT_EQ(st->in_check, 1u);
  EXPECT_EQ(st->not_quiet, 1u);
  std::ostringstream out;
  print_sample_stats(*st, out);
  EXPECT_EQ(out.str(),
            "variant xiangqi 9x10, 7 kinds\n"
            "games 3: first side wins 1, draws 1, second side wins 1\n"
            "positions 4: side to move wins 2, draws 1, loses 1; in check 1, best move not quiet 1\n"
            "scores (cp, side to move):\n"
            "  mated         1\n  <= -1000      0\n  -999..-500    0\n  -499..-250    0\n  -249..-100    0\n"
            "  -99..-25      0\n  -24..25       1\n  26..100       1\n  101..250      0\n  251..500      0\n"
            "  501..1000     0\n  > 1000        1\n  mates         0\n");
}

// A run stopped in the middle of writing a game leaves a torn record: the next run cuts the file
// back before the last game, plays it again, and the file is as if nothing had happened.
TEST(Selfplay, ResumeAfterATornWriteReplaysTheLastGame) {
  SelfplayConfig whole = short_run(GameId::XIANGQI, temp_path("torn_whole.bin"));
  SelfplayConfig torn = short_run(GameId::XIANGQI, temp_path("torn.bin"));
  whole.games = 2, torn.games = 2;
  std::ostringstream out, err;
  ASSERT_EQ(run_selfplay(whole, out, err), 0) << err.str();
  ASSERT_EQ(run_selfplay(torn, out, err), 0) << err.str();
  const size_t size = file_bytes(torn.out_path).size();
  {
    std::ofstream f(torn.out_path, std::ios::binary | std::ios::app);
    f.write("\x01\x00\x00", 3);  // the first bytes of a third game's record
  }
  torn.games = 1;
  std::ostringstream err2;
  ASSERT_EQ(run_selfplay(torn, out, err2), 0) << err2.str();
  const std::string expected_head = "kirin selfplay: " + torn.out_path + ": file ends inside the record at byte " +
                                    std::to_string(size) + "; its last game (";
  EXPECT_EQ(err2.str().substr(0, expected_head.size()), expected_head);
  EXPECT_EQ(file_bytes(torn.out_path), file_bytes(whole.out_path));
  EXPECT_NE(out.str().find("game 1 (1/1): "), std::string::npos) << out.str();
}
