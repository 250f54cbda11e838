// Whole games analysed (src/analysis/game_analysis.h): composed games with a known blunder judged
// so, a forced sequence judged not at all, Kirin's own moves found accurate, the annotated records
// read back with the same moves, and the command line.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "analysis/game_analysis.h"
#include "cli_test_util.h"
#include "game/record.h"

using namespace kirin;

namespace {

// Small searches, so the suite stays quick; lichess's own curve, so no data file is needed.
AnalysisSettings quick() {
  AnalysisSettings s;
  s.nodes = 20000;
  return s;
}

Game played(GameId id, const std::string& fen, const std::vector<std::string>& moves) {
  auto g = fen.empty() ? Result<Game>(Game(make_variant(id))) : Game::from_fen(make_variant(id), fen);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error());
  for (const std::string& m : moves) {
    auto r = g->play(m);
    EXPECT_TRUE(r.ok()) << m << ": " << (r.ok() ? "" : r.error());
  }
  return std::move(*g);
}

GameAnalysis analysed(const Game& g) {
  Engine engine;
  return analyse_game(g, engine, WinCurve{}, quick());
}

// Xiangqi without cannons or elephants: Red's Chariot goes to d8, where the Horse on b9 takes it.
Game hanging_chariot() {
  return played(GameId::XIANGQI, "rn1aka1nr/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/RN1AKA1NR w - - 0 1",
                {"a0a1", "c6c5", "a1d1", "g6g5", "d1d8", "b9d8", "h0g2"});
}

// Chu Shogi from the start: Black's Lion walks to 7e, where the Pawn on 7d takes it.
Game lion_given_away() { return played(GameId::CHUSHOGI, "", {"7j7h", "1d1e", "7h7f", "12d12e", "7f7e", "7d7e"}); }

// A mate in five plies as `kirin mate` solves it: every move forced or the fastest.
Game forced_mate() {
  return played(GameId::XIANGQI, "5N3/5k3/7b1/8C/1R7/9/9/9/9/3K5 w - - 0 1", {"f9h8", "f8e8", "b5e5", "e8f8", "i6i8"});
}

}  // namespace

TEST(AnalysisGame, ChariotLeftHangingIsABlunder) {
  const GameAnalysis a = analysed(hanging_chariot());
  ASSERT_TRUE(a.complete);
  ASSERT_EQ(a.plies.size(), 7u);
  EXPECT_EQ(a.plies[4].move_text, "d1d8");
  EXPECT_EQ(a.plies[4].judgement, Judgement::BLUNDER);
  EXPECT_NE(a.plies[4].best_text, "d1d8");
  EXPECT_EQ(a.plies[5].judgement, Judgement::NONE);  // the Horse takes: the best reply
  EXPECT_EQ(a.counts[FIRST].blunder, 1);
  EXPECT_EQ(a.counts[SECOND].blunder, 0);
  EXPECT_LT(a.accuracy.first, a.accuracy.second);
}

TEST(AnalysisGame, LionGivenAwayIsABlunder) {
  const GameAnalysis a = analysed(lion_given_away());
  ASSERT_EQ(a.plies.size(), 6u);
  EXPECT_EQ(a.plies[4].move_text, "7f7e");
  EXPECT_EQ(a.plies[4].judgement, Judgement::BLUNDER);
  EXPECT_EQ(a.counts[FIRST].blunder, 1);
  EXPECT_EQ(a.counts[SECOND].blunder, 0);
}

// Red mates with i1i9 (the Chariot on a8 holds e8); the King's step instead lets Black live.
TEST(AnalysisGame, MissedMateIsABlunder) {
  const GameAnalysis a = analysed(played(GameId::XIANGQI, "4k4/R8/9/9/1rn6/1c7/9/9/8R/3K5 w - - 0 1", {"d0d1"}));
  ASSERT_EQ(a.plies.size(), 1u);
  EXPECT_EQ(a.start_score, mate_in(1));
  EXPECT_EQ(a.plies[0].best_text, "i1i9");
  EXPECT_FALSE(is_mate_score(a.plies[0].score));
  EXPECT_EQ(a.plies[0].judgement, Judgement::BLUNDER);
}

// A Horse sacrifice, the King's forced steps and the mate: nothing to judge, and the last
// position, mated, is scored without a search.
TEST(AnalysisGame, ForcedMateSequenceIsNotJudged) {
  const Game g = forced_mate();
  ASSERT_TRUE(ended_on_board(g));
  const GameAnalysis a = analysed(g);
  ASSERT_EQ(a.plies.size(), 5u);
  for (const PlyAnalysis& p : a.plies) EXPECT_EQ(p.judgement, Judgement::NONE) << p.move_text;
  EXPECT_EQ(mate_in_moves(a.start_score), 3);
  EXPECT_EQ(mate_in_moves(a.plies[0].score), 2);
  EXPECT_EQ(mate_in_moves(a.plies[4].score), 0);
  EXPECT_EQ(a.accuracy.first, 100);
  EXPECT_EQ(a.accuracy.second, 100);
  EXPECT_EQ(analysis_json(a),
            "{\"plies\":[{\"ply\":1,\"move\":\"f9h8\",\"mate\":2,\"best\":\"f9h8\",\"judgement\":null},"
            "{\"ply\":2,\"move\":\"f8e8\",\"mate\":2,\"best\":\"f8e8\",\"judgement\":null},"
            "{\"ply\":3,\"move\":\"b5e5\",\"mate\":1,\"best\":\"b5e5\",\"judgement\":null},"
            "{\"ply\":4,\"move\":\"e8f8\",\"mate\":1,\"best\":\"e8f8\",\"judgement\":null},"
            "{\"ply\":5,\"move\":\"i6i8\",\"mate\":0,\"best\":\"i6i8\",\"judgement\":null}],"
            "\"accuracy\":{\"first\":100.0,\"second\":100.0},"
            "\"counts\":{\"first\":{\"inaccuracy\":0,\"mistake\":0,\"blunder\":0},"
            "\"second\":{\"inaccuracy\":0,\"mistake\":0,\"blunder\":0}}}");
}

// Both sides play Kirin's own best move, each from a search three to eight times the size of the
// analysis's (the analysis sees further than a search of its own size: it reuses what it learnt
// from the later positions). Judged on Chu Shogi's own curve (data/nets/chushogi.winrate), both
// are accurate over three such games. One game alone is too few: a single 20,000-node judgement
// can cost a side five points, as at ply 13 of the 5x game with the Lion approach (5i5h judged
// 1.2 pawns below 10k7h, where a million nodes put 5i5h 0.8 pawns above it).
TEST(AnalysisGame, KirinsOwnBestMovesAreAccurate) {
  double first = 0, second = 0;
  std::string tables;
  for (const uint64_t times : {3, 5, 8}) {
    Game g(make_variant(GameId::CHUSHOGI));
    Engine player;
    for (int ply = 0; ply < 16; ++ply) {
      player.set_position(g.position());
      player.new_game();
      ASSERT_TRUE(g.play(player.search(SearchLimits{.nodes = times * quick().nodes}).best).ok());
    }
    Engine engine;
    const GameAnalysis a = analyse_game(g, engine, WinCurve{0.00148506}, quick());
    first += a.accuracy.first / 3;
    second += a.accuracy.second / 3;
    tables += analysis_table(a, g);
  }
  EXPECT_GE(first, 95) << tables;
  EXPECT_GE(second, 95) << tables;
}

TEST(AnalysisGame, ProgressCountsEveryPositionAndCancelStops) {
  const Game g = lion_given_away();
  Engine engine;
  std::vector<int> seen;
  analyse_game(g, engine, WinCurve{}, quick(), [&](int done, int total) {
    EXPECT_EQ(total, 7);
    seen.push_back(done);
  });
  EXPECT_EQ(seen, (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
  std::atomic<bool> cancel{true};
  const GameAnalysis a = analyse_game(g, engine, WinCurve{}, quick(), {}, &cancel);
  EXPECT_FALSE(a.complete);
  EXPECT_TRUE(a.plies.empty());
}

namespace {

// The annotated record holds each of `marks`, and `kirin replay`'s reader reads it back with the
// game's moves.
void expect_annotated(const Game& g, RecordFormat f, const std::vector<std::string>& marks) {
  const std::string text = write_annotated_record(g, f, analysis_notes(analysed(g)));
  for (const std::string& mark : marks) EXPECT_NE(text.find(mark), std::string::npos) << mark << "\n" << text;
  const auto back = read_record(g.variant_ptr(), text);
  ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
  EXPECT_EQ(back->moves(), g.moves());
}

}  // namespace

// The blunder's glyph glued to the move, the score and judgement in a comment, the better line
// as a variation; the reader skips them all.
TEST(AnalysisGame, AnnotatedPgnReadsBackWithTheSameMoves) {
  expect_annotated(hanging_chariot(), RecordFormat::PGN, {"R6+7?? {[%eval ", "Blunder.} (3. "});
}

// "*" comment lines after the move: glyph, score, judgement, and the better line.
TEST(AnalysisGame, AnnotatedKifReadsBackWithTheSameMoves) {
  expect_annotated(lion_given_away(), RecordFormat::KIF, {"\n*?? [%eval ", "Blunder.\n*Better: "});
}

TEST(AnalysisCli, AnalysesAUsiRecordIntoATable) {
  const std::string path = testing::TempDir() + "analyse_mate.txt";
  std::ofstream(path) << "position fen 5N3/5k3/7b1/8C/1R7/9/9/9/9/3K5 w - - 0 1 moves f9h8 f8e8 b5e5 e8f8 i6i8\n";
  const auto run = test::run_kirin("analyse --game xiangqi --record " + path + " --nodes 20000");
  EXPECT_EQ(run.code, 0) << run.out;
  EXPECT_NE(run.out.find("   5  i6i8            #0  i6i8\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Red: 0 inaccuracies, 0 mistakes, 0 blunders, accuracy 100.0\n"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("6 positions in "), std::string::npos) << run.out;
}

// The 150-ply game of docs/analysis.md's timing, at a token strength: every position, the mate that
// ended it as the last ply, the JSON beside the table.
TEST(AnalysisCli, AnalysesTheLongChuShogiGame) {
  const std::string json = testing::TempDir() + "analyse_chu150.json";
  const auto run = test::run_kirin("analyse --game chushogi --record " + std::string(KIRIN_TEST_DATA) +
                                   "/analysis/chushogi-150.txt --nodes 1000 --json " + json);
  EXPECT_EQ(run.code, 0) << run.out;
  EXPECT_NE(run.out.find("\n151 positions in "), std::string::npos) << run.out;
  std::ifstream in(json);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("{\"ply\":150,\"move\":\"6i8j\",\"mate\":0,"), std::string::npos) << text;
  EXPECT_EQ(text.find("\"ply\":151"), std::string::npos);
}

TEST(AnalysisCli, BadUseIsOneLineAndExitTwo) {
  auto run = test::run_kirin("analyse --game xiangqi");
  EXPECT_EQ(run.code, 2);
  EXPECT_EQ(run.out, "kirin analyse: --game and --record are needed (or --fit FILES --out FILE)\n");
  run = test::run_kirin("analyse --game xiangqi --record /nonexistent/game.pgn");
  EXPECT_EQ(run.code, 2);
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1) << run.out;
  run = test::run_kirin("analyse --fit /nonexistent/selfplay.bin");
  EXPECT_EQ(run.code, 2);
  EXPECT_EQ(run.out, "kirin analyse: --fit needs --out (the curve file, e.g. data/nets/chushogi.winrate)\n");
}
