// kirin usi as lishogi's tools drive it: exact replies, errors for garbage, determinism.
#include <gtest/gtest.h>

#include "protocol_test_util.h"

using namespace kirin;
using kirin::test::last_starting;
using kirin::test::run_protocol;
using kirin::test::without;

TEST(ProtocolUsi, Handshake) {
  auto out = run_protocol(protocol::run_usi, "usi\nisready\n");
  std::vector<std::string> want = {
      "id name Kirin",
      "id author the Kirin developers",
      "option name USI_Variant type combo default chushogi var chushogi var chushogi-seed var chushogi-lishogi "
      "var chushogi-jcsa var chuseireigi var chuseireigi-legacy",
      "option name Hash type spin default 16 min 1 max 4096",
      "option name Threads type spin default 1 min 1 max " + std::to_string(test::machine_threads()),
      "option name MultiPV type spin default 1 min 1 max 64",
      "option name MoveOverhead type spin default 50 min 0 max 5000",
      "option name Weights type string default <empty>",
      "option name EvalFile type string default <empty>",
      "option name Clear Hash type button",
      "option name Level type spin default 0 min 0 max 8",
      "option name NullMove type combo default game var game var true var false",
      "option name LMR type check default true",
      "option name Futility type check default true",
      "option name Razoring type combo default game var game var true var false",
      "option name CheckExtensions type combo default game var game var true var false",
      "option name HistoryOrdering type check default true",
      "option name Aspiration type check default true",
      "option name IIR type combo default game var game var true var false",
      "option name SingularExtensions type combo default game var game var true var false",
      "option name LionApproach type combo default game var game var true var false",
      "option name MateProbe type check default true",
      "usiok",
      "readyok",
  };
  EXPECT_EQ(out, want);
}

TEST(ProtocolUsi, GarbageAndBadInputGetOneErrorLineEach) {
  auto out = run_protocol(protocol::run_usi,
                          "hello world\n"
                          "position\n"
                          "position startpos moves 7g7f\n"
                          "position sfen xyz\n"
                          "setoption name USI_Variant value shogi\n"
                          "setoption name Hash value lots\n"
                          "setoption name Colour value red\n"
                          "go depth\n"
                          "go sideways 3\n"
                          "go depth 0\n"
                          "go depth 4294967298\n"
                          "go btime -5\n"
                          "position startpos moves " +
                              std::string(300, 'x') +
                              "\n"
                              "stop\nponderhit\n"
                              "isready\n");
  std::vector<std::string> want = {
      "info string error: unknown command 'hello'",
      "info string error: position needs 'startpos', 'sfen' or 'fen'",
      "info string error: bad move 1 '7g7f': illegal move '7g7f': no piece on 7g",
      "info string error: bad position: board field: unknown piece 'y' in row 1 from the top (character 2)",
      "info string error: unknown variant 'shogi'",
      "info string error: option Hash: expected a number from 1 to 4096, got 'lots'",
      "info string error: unknown option 'Colour'",
      "info string error: go: 'depth' needs a value",
      "info string error: go: unknown go argument 'sideways'",
      "info string error: go: 'depth': expected a number from 1 to 120, got '0'",
      "info string error: go: 'depth': expected a number from 1 to 120, got '4294967298'",
      "info string error: go: 'btime': expected a number from 0 to 1000000000000000, got '-5'",
      // The echo of a long garbage line is cut.
      "info string error: bad move 1 '" + std::string(228, 'x') + "... (410 characters)",
      "readyok",
  };
  EXPECT_EQ(out, want);
}

TEST(ProtocolUsi, GoNodesIsDeterministic) {
  const std::string script =
      "setoption name USI_Variant value chushogi\nusinewgame\nposition startpos moves 6i6h 7d7e\ngo nodes 20000\n";
  auto a = run_protocol(protocol::run_usi, script);
  auto b = run_protocol(protocol::run_usi, script);
  auto strip = [](std::vector<std::string> lines) {  // time and nps vary; nothing else may
    for (auto& l : lines) {
      auto nps = l.find(" nps ");
      if (nps != std::string::npos) l.erase(nps, l.find(" pv ") - nps);
    }
    return lines;
  };
  EXPECT_EQ(strip(a), strip(b));
  EXPECT_EQ(last_starting(a, "bestmove").rfind("bestmove ", 0), 0u);
}

TEST(ProtocolUsi, ChuShogiLionTakesTheOnlyKing) {
  // White's King on 6a, Black's Lion two squares below on 6c: the jump takes it and wins.
  auto out = run_protocol(protocol::run_usi,
                          "setoption name USI_Variant value chushogi\n"
                          "position sfen 6k5/12/6N5/12/12/12/12/12/12/12/12/6K5 b - 1\ngo depth 3\n");
  EXPECT_EQ(last_starting(out, "bestmove").substr(0, 13), "bestmove 6c6a");
  EXPECT_NE(last_starting(out, "info depth 1 ").find("score mate 1 "), std::string::npos);
}

TEST(ProtocolUsi, ChuSeireigiMateInOneByDrop) {
  // A Gold dropped on 1b, guarded by the Pawn on 1c, mates the King in the corner.
  auto out = run_protocol(protocol::run_usi,
                          "setoption name USI_Variant value chuseireigi\n"
                          "position sfen 11k/12/11P/12/12/12/12/12/12/12/12/K11 b G 1\ngo depth 3\n");
  EXPECT_EQ(last_starting(out, "bestmove"), "bestmove G*1b");
  EXPECT_NE(last_starting(out, "info depth").find("score mate 1 "), std::string::npos);
}

// Chu Seireigi's legacy rules (rules=legacy) as a variant of their own: the Lion's sting
// 7f7e7d (take on 7e, step on to 7d) is a move there and not in the primary rules.
TEST(ProtocolUsi, ChuSeireigiLegacyVariantKnowsTheSting) {
  const std::string pos = "position sfen 11k/12/12/12/5p6/5I6/12/12/12/12/12/K11 b - 1 moves 7f7e7d\ngo depth 1\n";
  auto legacy = run_protocol(protocol::run_usi, "setoption name USI_Variant value chuseireigi-legacy\n" + pos);
  EXPECT_TRUE(without(legacy, "info").size() == 1 && legacy.back().rfind("bestmove ", 0) == 0) << legacy.back();
  auto primary = run_protocol(protocol::run_usi, "setoption name USI_Variant value chuseireigi\n" + pos);
  EXPECT_EQ(primary.front().rfind("info string error: ", 0), 0u) << primary.front();
}

// Chu Shogi's rule sets as variants: lishogi lets the White Lion pass right after the Black
// Lion's pass (6i6h6i, then 6d6e6d); the seed's rules and the JCSA's refuse it. In USI plain
// "chushogi" is lishogi's variant key, and so lishogi's rules (as is the default).
TEST(ProtocolUsi, ChuShogiRuleSetVariants) {
  const std::string pos =
      "position sfen 6k5/12/12/6n5/12/12/12/12/6N5/12/12/6K5 b - 1 moves 6i6h6i 6d6e6d\ngo depth 1\n";
  for (const char* variant : {"chushogi", "chushogi-lishogi", ""}) {
    const std::string choice = *variant ? std::string("setoption name USI_Variant value ") + variant + "\n" : "";
    auto lishogi = run_protocol(protocol::run_usi, choice + pos);
    EXPECT_TRUE(without(lishogi, "info").size() == 1 && lishogi.back().rfind("bestmove ", 0) == 0)
        << variant << ": " << lishogi.back();
  }
  for (const char* variant : {"chushogi-seed", "chushogi-jcsa"}) {
    auto refused =
        run_protocol(protocol::run_usi, std::string("setoption name USI_Variant value ") + variant + "\n" + pos);
    EXPECT_EQ(refused.front().rfind("info string error: ", 0), 0u) << variant << ": " << refused.front();
  }
}

// A "go" without any limit runs until "stop", like "go infinite"; "btime 0" is a limit (move
// now), not the absence of one; "ponderhit" turns a pondering search into a finite one.
TEST(ProtocolUsi, WhatEndsASearch) {
  auto out = run_protocol(protocol::run_usi,
                          "position startpos\ngo\nposition startpos moves 7i7h\nstop\n"
                          "go btime 0 wtime 0\n"
                          "go ponder btime 1000 wtime 1000\nponderhit\nposition startpos moves 7i7h\ngo depth 1\n");
  out = without(out, "info depth");
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[0], "info string error: 'position' during an infinite search: send stop first");
  for (int i = 1; i < 5; ++i) EXPECT_EQ(out[i].rfind("bestmove ", 0), 0u) << out[i];
}

// "quit" ends a long search at once (it still answers).
TEST(ProtocolUsi, QuitStopsTheSearch) {
  auto out = run_protocol(protocol::run_usi, "position startpos\ngo depth 120\nquit\n");
  out = without(out, "info depth");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].rfind("bestmove ", 0), 0u);
}

// USI's "go mate" is a tsume search (not UCI's mate in n): the problem leaves out Black's King.
// Two Rooks mate at once; the start position has no check at all; a lone Dragon King cannot
// finish in 1 ms; and the time must be a number or "infinite".
TEST(ProtocolUsi, GoMateAnswersCheckmate) {
  auto out = run_protocol(protocol::run_usi,
                          "position sfen 11k/R11/1R10/12/12/12/12/12/12/12/12/12 b - 1\ngo mate 5000\n"
                          "position startpos\ngo mate 1000\n"
                          "position sfen 7l3R/8k3/12/12/10+D1/12/12/12/12/12/12/12 b - 1\ngo mate 1\n"
                          "go mate soon\n");
  out = without(out, "info nodes");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0], "checkmate 11c11a");
  EXPECT_EQ(out[1], "checkmate nomate");
  EXPECT_EQ(out[2], "checkmate timeout");
  EXPECT_EQ(out[3], "info string error: go mate: expected a time in ms or 'infinite', got 'soon'");
}

// "go mate infinite" runs until it knows, or until stop: then "checkmate timeout".
TEST(ProtocolUsi, GoMateInfiniteEndsWithStop) {
  auto out = run_protocol(protocol::run_usi,
                          "position sfen 7l3R/8k3/12/12/10+D1/12/12/12/12/12/12/12 b - 1\ngo mate infinite\nstop\n");
  // `stop` is read while the solver runs, and it answers "checkmate timeout"; on a loaded machine
  // the solver may prove this 17-ply mate before the stop is read (2 runs in 15 at load 4), and
  // then the proof is the one answer. Either way exactly one line, and nothing after the stop.
  const std::vector<std::string> answer = without(out, "info nodes");
  const std::vector<std::string>
      stopped = {"checkmate timeout"},
      proved = {
          "checkmate 2e4e 4b5b 4e5d 5b6b 1a5a+ 6b7c 5a7a 7c8c 5d7d 8c9c 7a9a 9c10c 7d9d 10c11c 9a11a 11c12c 11a11b"};
  EXPECT_TRUE(answer == stopped || answer == proved) << ::testing::PrintToString(answer);
}

TEST(ProtocolUsi, InfiniteSearchEndsWithStop) {
  auto out = run_protocol(protocol::run_usi, "position startpos\ngo infinite\ngo depth 2\nstop\n");
  EXPECT_EQ(without(out, "info depth").front(), "info string error: 'go' during an infinite search: send stop first");
  EXPECT_EQ(last_starting(out, "bestmove").rfind("bestmove ", 0), 0u);
}

// A position the engine refuses leaves it with none: "go" answers with an error and no move,
// never a search of the position before (whose move could be for the other side). The next
// good position is searched as usual.
TEST(ProtocolUsi, RefusedPositionLeavesNoneAndGoAnswersWithoutAMove) {
  auto out = run_protocol(protocol::run_usi,
                          "setoption name USI_Variant value chushogi-seed\n"
                          "position startpos moves 7j7h 6c6e 7h7g7h 6e5e6e\n"
                          "go btime 1000 wtime 1000\n"
                          "go mate 100\n"
                          "banmoves 7h7g7h\n"
                          "position startpos moves 7j7h\n"
                          "go depth 1\n");
  out = without(out, "info depth");
  const std::string refused = "bad move 4 '6e5e6e': illegal move '6e5e6e': no pass right after a pass";
  ASSERT_EQ(out.size(), 7u);
  EXPECT_EQ(out[0], "info string error: " + refused);
  EXPECT_EQ(out[1], "info string error: go: no position (the last position command was refused: " + refused + ")");
  EXPECT_EQ(out[2], "bestmove (none)");
  EXPECT_EQ(out[3], "info string error: go: no position (the last position command was refused: " + refused + ")");
  EXPECT_EQ(out[4], "checkmate nomate");
  EXPECT_EQ(out[5], "info string error: banmoves: no position (the last position command was refused)");
  EXPECT_EQ(out[6].rfind("bestmove ", 0), 0u);
  EXPECT_NE(out[6], "bestmove (none)");
}

// Lishogi-Bot's option names: Threads, USI_Hash, and "Move Overhead" for MoveOverhead; an
// unknown option keeps its one-line error, and so does a value out of range.
TEST(ProtocolUsi, TheBridgesOptionNames) {
  auto out = run_protocol(protocol::run_usi,
                          "setoption name Threads value 1\n"
                          "setoption name USI_Hash value 32\n"
                          "setoption name Move Overhead value 300\n"
                          "setoption name MoveOverhead value 5001\n"
                          "setoption name Move Overhead value -1\n"
                          "setoption name Threads value 0\n"
                          "setoption name Move Overheads value 1\n"
                          "isready\n");
  const std::string threads_max = std::to_string(test::machine_threads());
  std::vector<std::string> want = {
      "info string error: option MoveOverhead: expected a number from 0 to 5000, got '5001'",
      "info string error: option MoveOverhead: expected a number from 0 to 5000, got '-1'",
      "info string error: option Threads: expected a number from 1 to " + threads_max + ", got '0'",
      "info string error: unknown option 'Move Overheads'",
      "readyok",
  };
  EXPECT_EQ(out, want);
}
