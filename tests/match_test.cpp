// kirin match end to end: Kirin against itself over each protocol, refereed by Game.
#include "match/match.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

using namespace kirin;

namespace {

MatchConfig self_play(GameId g, const std::string& protocol) {
  MatchConfig c;
  c.game = g;
  for (int i = 0; i < 2; ++i) {
    c.players[i].command = std::string(KIRIN_BINARY) + " " + protocol;
    c.players[i].protocol = protocol;
    c.players[i].name = "K" + std::to_string(i + 1);
  }
  c.tc.depth = 1;
  c.max_plies = 30;
  return c;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(Match, XiangqiPairOverUciWithRecords) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.games = 2;
  c.record_path = ::testing::TempDir() + "kirin_match_test.pgn";
  c.record_format = "pgn";
  std::remove(c.record_path.c_str());
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0);
  const std::string text = out.str();
  EXPECT_NE(text.find("Game 1/2: K1 - K2 "), std::string::npos) << text;
  EXPECT_NE(text.find("Game 2/2: K2 - K1 "), std::string::npos) << text;
  EXPECT_NE(text.find("Score of K1 vs K2: "), std::string::npos);
  std::ifstream f(c.record_path);
  std::stringstream pgn;
  pgn << f.rdbuf();
  EXPECT_EQ(count(pgn.str(), "[Variant \"xiangqi\"]"), 2);
  EXPECT_EQ(count(pgn.str(), "[Red \"K1\"]"), 1);
}

TEST(Match, ChuShogiOverXboardAndChuSeireigiOverUsi) {
  for (auto [g, proto] : {std::pair{GameId::CHUSHOGI, "xboard"}, std::pair{GameId::CHUSEIREIGI, "usi"}}) {
    MatchConfig c = self_play(g, proto);
    c.games = 1;
    c.max_plies = 12;
    std::ostringstream out, err;
    ASSERT_EQ(run_match(c, out, err), 0);
    // Depth 1 on both sides for 12 plies: no engine error, the referee's move limit ends it.
    EXPECT_NE(out.str().find("1/2-1/2 move limit (adjudicated) (12 plies"), std::string::npos) << out.str();
  }
}

// Kirin's USI plays "chushogi" by lishogi's rules, where a Horned Falcon may take a Lion on its
// first step just after a Lion trade (8g here). The referee plays the seed's rules, which forbid
// it, so the match asks for "chushogi-seed": at depth 1 the Falcon's 7i7j7k, a lost game by
// illegal move before, is not played (a Kirin-HaChu game, 2026-11-27).
TEST(Match, ChuShogiOverUsiByTheRefereesRules) {
  MatchConfig c = self_play(GameId::CHUSHOGI, "usi");
  c.openings = {
      Opening{"lfcsgekgs1fl/a3txot2ca/mb2d2d1rvm/pp1p1pp1pppp/4p2pi3/1P3q1h4/4R7/2PI3PI3/2MP1+hP1PPPP/"
              "1V3N1D1RVM/A1BDTOXTG2A/LFCSGKE1SCFL w 8g 56",
              {}}};
  c.games = 2;
  c.max_plies = 2;
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0) << err.str();
  EXPECT_EQ(count(out.str(), "1/2-1/2 move limit (adjudicated) (2 plies, opening 1)"), 2) << out.str();
}

TEST(Match, OpeningsFileAndBadEngine) {
  const std::string path = ::testing::TempDir() + "kirin_openings.txt";
  std::ofstream(path) << "# comment\nmoves h2e2 h9g7\n\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w "
                         "- - 0 1 moves b2e2\n";
  auto ops = read_openings(path);
  ASSERT_TRUE(ops.ok());
  ASSERT_EQ(ops->size(), 2u);
  EXPECT_EQ((*ops)[0].moves.size(), 2u);
  EXPECT_EQ((*ops)[1].moves, std::vector<std::string>{"b2e2"});
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.players[1].command = "/nonexistent/engine";
  std::ostringstream out, err;
  EXPECT_EQ(run_match(c, out, err), 1);
  EXPECT_EQ(err.str(), "kirin match: K2: '/nonexistent/engine' exited before uciok (not found, or not a uci engine)\n");
  EXPECT_EQ(out.str(), "");
}

TEST(Match, ContinuesAnEarlierRunOnOpeningsItDidNotReach) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.openings = {Opening{"", {"h2e2"}}, Opening{"", {"b2e2"}}, Opening{"", {"c3c4"}}};
  c.first_opening = 2;
  c.prior = Score{5, 1, 2};
  c.games = 2;
  c.max_plies = 8;
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0);
  const std::string text = out.str();
  // Depth 1 to the move limit: two draws, added to the earlier 5-1-2.
  EXPECT_NE(text.find("Game 1/2: K1 - K2 1/2-1/2 move limit (adjudicated) (8 plies, opening 3)  K1 6.5/9 +5 -1 =3"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Score of K1 vs K2: 5 - 1 - 4  [0.700] 10 games"), std::string::npos) << text;
}

TEST(Match, EachEngineItsOwnNodeLimit) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.tc.depth = 0;
  c.players[0].nodes = 1;  // plays its first root move
  c.players[1].nodes = 4000;
  c.games = 2;
  c.max_plies = 300;
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0);
  // Node-limited searches are deterministic, so the handicap decides both games.
  EXPECT_NE(out.str().find("Score of K1 vs K2: 0 - 2 - 0"), std::string::npos) << out.str();
}

// A mistyped option would silently turn an SPRT into a self-match: the match refuses to start.
TEST(Match, RefusedOptionStopsTheMatch) {
  for (const char* protocol : {"uci", "xboard"}) {
    MatchConfig c = self_play(GameId::XIANGQI, protocol);
    c.players[1].options = {{"NullMove", "flase"}};
    std::ostringstream out, err;
    EXPECT_EQ(run_match(c, out, err), 1) << protocol;
    const std::string refusal = std::string(protocol) == "uci"
                                    ? "info string error: option NullMove: expected game, true or false, got 'flase'"
                                    : "Error (option NullMove: expected game, true or false, got 'flase'): option";
    EXPECT_EQ(err.str(), "kirin match: K2: an option was refused: " + refusal + "\n");
  }
}

// An engine that dies when asked to move lost by a crash, not by time.
TEST(Match, EngineThatDiesLosesByCrash) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.players[1].command =
      "sh -c 'while read l; do case $l in uci) echo uciok;; isready) echo readyok;; go*) exit 3;; esac; done'";
  c.games = 1;
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("Game 1/1: K1 - K2 1-0 engine crashed (1 plies"), std::string::npos) << out.str();
}

TEST(Match, IllegalOpeningIsBadInput) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.openings = {Opening{"", {"h2e2"}}, Opening{"", {"h2e2", "h9g7", "e2e9"}}};
  std::ostringstream out, err;
  EXPECT_EQ(run_match(c, out, err), 2);
  EXPECT_EQ(err.str().rfind("kirin match: opening 2: ", 0), 0u) << err.str();
}

// An SPRT that the earlier run already decided plays no more games.
TEST(Match, DecidedPriorPlaysNoGame) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.sprt = Sprt{0, 30};
  c.prior = Score{300, 100, 0};
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0);
  EXPECT_EQ(out.str().find("Game "), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("H1 accepted"), std::string::npos) << out.str();
}

// Fairy-Stockfish after "ucci" takes "setoption Hash 16" and answers "setoption name Hash value
// 16" with "No such option: name": options must go in UCCI's form.
TEST(Match, UcciOptionsInUccisOwnForm) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.players[1].command = "/usr/games/fairy-stockfish";
  c.players[1].protocol = "ucci";
  c.players[1].options = {{"Hash", "16"}};
  c.games = 1;
  c.max_plies = 2;
  std::ostringstream out, err;
  EXPECT_EQ(run_match(c, out, err), 0) << err.str();
  c.players[1].options = {{"Nope", "1"}};
  EXPECT_EQ(run_match(c, out, err), 1);
  EXPECT_NE(err.str().find("K2: an option was refused: No such option: Nope"), std::string::npos) << err.str();
}

TEST(Match, ScoresReadFromEngineOutput) {
  EXPECT_EQ(info_score("info depth 5 seldepth 7 multipv 1 score cp -35 nodes 10 pv 7g7f"), -35);
  EXPECT_EQ(info_score("info depth 9 score mate -3 nodes 10 pv 7g7f"), -MATE_SCORE);
  EXPECT_EQ(info_score("info depth 9 score mate 2 pv 7g7f"), MATE_SCORE);
  EXPECT_EQ(info_score("info depth 9 multipv 2 score cp 50 pv 7g7f"), std::nullopt);
  EXPECT_EQ(info_score("info depth 9 score cp 50 lowerbound pv 7g7f"), std::nullopt);
  EXPECT_EQ(info_score("info string score cp 50"), std::nullopt);
  EXPECT_EQ(info_score("bestmove 7g7f"), std::nullopt);
  EXPECT_EQ(thinking_score("7 -120 35 102345 f3g5 g10f8"), -120);
  EXPECT_EQ(thinking_score("move f3g5"), std::nullopt);
}

// A weak engine (300 nodes a move) against a strong one (2000): both soon agree who is lost.
TEST(Match, ResignationWhenBothScoresAgree) {
  MatchConfig c = self_play(GameId::CHUSEIREIGI, "usi");
  c.tc.depth = 0;
  c.tc.nodes = 2000;
  c.players[0].nodes = 300;
  c.max_plies = 400;
  c.resign_moves = 3;
  c.resign_score = 800;
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("Game 1/2: K1 - K2 0-1 resignation (adjudicated: both scores agreed for 3 moves) (13 plies"),
            std::string::npos)
      << out.str();
}

namespace {

// The "position ... moves ..." lines of a --record file in the usi format, one per game.
std::vector<std::string> recorded_lines(const std::string& path) {
  std::ifstream f(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(f, line);)
    if (line.rfind("position ", 0) == 0) lines.push_back(line);
  return lines;
}

MatchConfig fixed_nodes_match(const std::string& record) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  c.tc.depth = 0;
  c.tc.nodes = 1000;
  c.max_plies = 30;
  c.record_path = ::testing::TempDir() + record;
  c.record_format = "usi";
  std::remove(c.record_path.c_str());
  return c;
}

}  // namespace

TEST(Match, ConcurrencyTwoGivesTheSameGamesInGameOrder) {
  MatchConfig one = fixed_nodes_match("kirin_match_j1.txt");
  MatchConfig two = fixed_nodes_match("kirin_match_j2.txt");
  one.games = two.games = 4;
  two.concurrency = 2;
  std::ostringstream out1, out2, err;
  ASSERT_EQ(run_match(one, out1, err), 0) << err.str();
  ASSERT_EQ(run_match(two, out2, err), 0) << err.str();
  EXPECT_EQ(out2.str(), out1.str());
  EXPECT_EQ(count(out2.str(), "Game "), 4);
  for (int n = 1; n <= 4; ++n) EXPECT_NE(out2.str().find("Game " + std::to_string(n) + "/4: "), std::string::npos);
  EXPECT_NE(out2.str().find("Score of K1 vs K2: "), std::string::npos);
  const std::vector<std::string> games = recorded_lines(two.record_path);
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games, recorded_lines(one.record_path));
  std::ifstream f(two.record_path);
  std::stringstream text;
  text << f.rdbuf();
  for (int n = 1; n <= 4; ++n)
    EXPECT_NE(text.str().find("# game " + std::to_string(n) + ": K" + (n % 2 ? "1 - K2" : "2 - K1")),
              std::string::npos);
}

TEST(Match, ConcurrencyBeyondTheGamesPlaysEachGameOnce) {
  MatchConfig c = fixed_nodes_match("kirin_match_j8.txt");
  c.games = 3;
  c.concurrency = 8;
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0) << err.str();
  EXPECT_EQ(count(out.str(), "Game "), 3);
  EXPECT_NE(out.str().find("Score of K1 vs K2: "), std::string::npos);
  EXPECT_NE(out.str().find(" 3 games\n"), std::string::npos) << out.str();
  EXPECT_EQ(recorded_lines(c.record_path).size(), 3u);
}

// Deterministic engines at exact node limits replay the same game for both colours of an
// opening (and for an opening met again); the per-game jitter makes them new games.
TEST(Match, FixedNodesSelfPlayVariesFromGameToGame) {
  MatchConfig exact = fixed_nodes_match("kirin_match_exact.txt");
  exact.games = 2;
  exact.nodes_jitter_percent = 0;
  std::ostringstream out, err;
  ASSERT_EQ(run_match(exact, out, err), 0) << err.str();
  std::vector<std::string> games = recorded_lines(exact.record_path);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0], games[1]);
  MatchConfig jittered = fixed_nodes_match("kirin_match_jitter.txt");
  jittered.games = 2;
  jittered.tc.nodes = 3000;
  ASSERT_EQ(run_match(jittered, out, err), 0) << err.str();
  games = recorded_lines(jittered.record_path);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_NE(games[0], games[1]);
}

TEST(Match, NodeJitterIsSeededPerMoveAndBounded) {
  MatchConfig c;
  TimeControl tc;
  for (int ply = 0; ply < 200; ++ply) {
    tc.nodes_scale = nodes_scale(c, 0, ply);
    EXPECT_GE(tc.scaled_nodes(10000), 9000u);
    EXPECT_LE(tc.scaled_nodes(10000), 11000u);
    EXPECT_EQ(tc.nodes_scale, nodes_scale(c, 0, ply));
  }
  EXPECT_NE(nodes_scale(c, 0, 0), nodes_scale(c, 1, 0));
  EXPECT_NE(nodes_scale(c, 0, 0), nodes_scale(c, 0, 1));
  MatchConfig later = c;
  later.first_opening = 3;  // a continued run: its game 0 is game 6 of the unbroken run
  EXPECT_EQ(nodes_scale(later, 0, 7), nodes_scale(c, 6, 7));
  c.seed = 2;
  EXPECT_NE(nodes_scale(c, 0, 0), nodes_scale(later, 0, 0));
  c.nodes_jitter_percent = 0;
  tc.nodes_scale = nodes_scale(c, 5, 9);
  EXPECT_EQ(tc.scaled_nodes(10000), 10000u);
  EXPECT_EQ(tc.scaled_nodes(0), 0u);
  EXPECT_EQ(tc.scaled_nodes(1), 1u);
}

// Games still being played when the SPRT decides are not counted: the verdict, the games and
// the score are those of one game after another.
TEST(Match, ConcurrencyStopsAtTheSameSprtVerdict) {
  std::string outputs[2];
  for (int j = 1; j <= 2; ++j) {
    MatchConfig c = self_play(GameId::XIANGQI, "uci");
    c.tc.depth = 0;
    c.players[0].nodes = 1;  // loses every game
    c.players[1].nodes = 2000;
    c.games = 40;
    c.max_plies = 200;
    c.concurrency = j;
    Sprt s;
    ASSERT_EQ(error_of(parse_sprt("elo0=0,elo1=50", s)), "");
    c.sprt = s;
    std::ostringstream out, err;
    ASSERT_EQ(run_match(c, out, err), 0) << err.str();
    outputs[j - 1] = out.str();
  }
  EXPECT_EQ(outputs[1], outputs[0]);
  EXPECT_NE(outputs[1].find("H0 accepted"), std::string::npos) << outputs[1];
  EXPECT_LT(count(outputs[1], "Game "), 40);
}

// Time odds (--tc1/--tc2, as cutechess-cli's per-engine tc=): each engine gets its own clock and
// increment, both engines are told both sides' increments, and the progress lines and records
// name both time controls. The engines' input is logged through tee.
TEST(Match, TimeOddsGiveEachEngineItsOwnClock) {
  MatchConfig c = self_play(GameId::XIANGQI, "uci");
  const std::string log = ::testing::TempDir() + "kirin_match_odds.log";
  std::remove(log.c_str());
  c.players[0].command = "tee -a '" + log + "' | " + std::string(KIRIN_BINARY) + " uci";
  c.tc = TimeControl{};
  c.tc.base_ms = 1000, c.tc.inc_ms = 10;
  c.players[1].tc = TimeControl{.base_ms = 4000, .inc_ms = 40};
  c.games = 2;
  c.max_plies = 6;
  c.record_path = ::testing::TempDir() + "kirin_match_odds.pgn";
  c.record_format = "pgn";
  std::remove(c.record_path.c_str());
  std::ostringstream out, err;
  ASSERT_EQ(run_match(c, out, err), 0) << err.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("opening 1, 1+0.01 - 4+0.04)"), std::string::npos) << text;  // K1 has Red
  EXPECT_NE(text.find("opening 1, 4+0.04 - 1+0.01)"), std::string::npos) << text;  // K2 has Red
  std::ifstream f(log);
  std::stringstream sent;
  sent << f.rdbuf();
  // K1 as Red (wtime, winc) in game 1, as Black in game 2; its own clock starts at 1 s.
  EXPECT_NE(sent.str().find("go wtime 1000 btime 4000 winc 10 binc 40\n"), std::string::npos) << sent.str();
  EXPECT_NE(sent.str().find(" winc 40 binc 10\n"), std::string::npos) << sent.str();
  std::ifstream p(c.record_path);
  std::stringstream pgn;
  pgn << p.rdbuf();
  EXPECT_EQ(count(pgn.str(), "[RedTimeControl \"1+0.01\"]\n[BlackTimeControl \"4+0.04\"]"), 1) << pgn.str();
  EXPECT_EQ(count(pgn.str(), "[RedTimeControl \"4+0.04\"]\n[BlackTimeControl \"1+0.01\"]"), 1) << pgn.str();
  std::remove(log.c_str());
  std::remove(c.record_path.c_str());
}
