// Bad input never crashes or corrupts: malformed FEN/SFEN gives an exact one-line reason,
// positions that break a game's invariants are rejected while merely unusual ones are
// accepted, the command line exits 2 with one line on stderr, and a bad move leaves the
// position untouched.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <string>

#include "differential/external_program.h"
#include "notation/fen.h"
#include "notation/move_text.h"

using namespace kirin;

namespace {

const char* const kXiangqiStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
const char* const kChuStart =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
    "LFCSGKEGSCFL";
const char* const kSeireigiStart =
    "lacsgekgscal/1n1juxouj1n1/f1w1rqib1y1f/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/F1Y1BIQR1W1F/1N1JUOXUJ1N1/"
    "LACSGKEGSCAL";

struct BadFen {
  GameId game;
  std::string fen, error;
};

std::string with(const char* board, const char* rest) { return std::string(board) + " " + rest; }

const BadFen kBadFens[] = {
    // Malformed text.
    {GameId::XIANGQI, "", "empty FEN"},
    {GameId::XIANGQI, "   ", "empty FEN"},
    {GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",
     "board field: row 10 from the top has 8 files, the board has 9"},
    {GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1",
     "board field: row 10 from the top has more than 9 files"},
    {GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w - - 0 1",
     "board field: the board has 10 ranks, found 9"},
    {GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1",
     "board field: too many ranks: the board has 10"},
    {GameId::XIANGQI, "rnbaqabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "board field: unknown piece 'q' in row 1 from the top (character 5)"},
    {GameId::XIANGQI, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB+R w - - 0 1",
     "board field: unexpected '+' in row 10 from the top (character 58)"},
    {GameId::XIANGQI, "rnbakabnr/0/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "board field: empty run of 0 in row 2 from the top (character 11)"},
    {GameId::XIANGQI, with(kXiangqiStart, "x - - 0 1"), "side field: expected w (or r) or b, got 'x'"},
    {GameId::XIANGQI, with(kXiangqiStart, "w KQ - 0 1"),
     "third field: xiangqi has no castling rights, expected '-', got 'KQ'"},
    {GameId::XIANGQI, with(kXiangqiStart, "w - e3 0 1"),
     "fourth field: xiangqi has no en passant, expected '-', got 'e3'"},
    {GameId::XIANGQI, with(kXiangqiStart, "w - - x 1"), "halfmove clock: expected a number, got 'x'"},
    {GameId::XIANGQI, with(kXiangqiStart, "w - - 0 0"), "move number: expected a positive number, got '0'"},
    {GameId::XIANGQI, with(kXiangqiStart, "w - - 0 1 extra"), "FEN has 7 fields, expected at most 6"},
    {GameId::CHUSHOGI,
     "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/13/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
     "LFCSGKEGSCFL b - 1",
     "board field: row 6 from the top has more than 12 files"},
    {GameId::CHUSHOGI,
     "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
     "LFCSGzEGSCFL b - 1",
     "board field: unknown piece 'z' in row 12 from the top (character 115)"},
    {GameId::CHUSHOGI, "5k6/12/12/12/5N6/12/12/12/12/12/12/6K+K4 b - 1",
     "board field: unknown piece 'K' (promoted) in row 12 from the top (character 38)"},
    {GameId::CHUSHOGI, "5k6/12/12/12/5N6/12/12/12/12/12/12/6K4+ b - 1",
     "board field: '+' not followed by a piece letter in row 12 from the top (character 39)"},
    {GameId::CHUSHOGI, "5k6/12/12/12/5N6/12/12/12/12/12/12/6K4\x01 b - 1",
     "board field: unexpected byte 0x01 in row 12 from the top (character 39)"},
    {GameId::CHUSHOGI, with(kChuStart, "x - 1"), "side field: expected b or w, got 'x'"},
    {GameId::CHUSHOGI, with(kChuStart, "b Z 1"), "third field: expected '-' or the counter-strike square, got 'Z'"},
    {GameId::CHUSHOGI, with(kChuStart, "b 13a 1"), "third field: expected '-' or the counter-strike square, got '13a'"},
    {GameId::CHUSHOGI, with(kChuStart, "b - 0"), "move number: expected a positive number, got '0'"},
    {GameId::CHUSHOGI, with(kChuStart, "b - 1 x"), "SFEN has 5 fields, expected at most 4"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b 2 1"), "hands field: hand count without a piece"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b 0P 1"), "hands field: hand count 0 for 'P'"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b 99P 1"), "hands field: hand count too large at character 2"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b P! 1"), "hands field: unexpected '!' in hands at character 2"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b +P 1"), "hands field: unexpected '+' in hands at character 1"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b Z 1"), "hands field: unknown piece 'Z' in hands"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "w - 1 2"), "SFEN has 5 fields, expected at most 4"},
    // Positions that break the games' invariants.
    {GameId::XIANGQI, "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     "invalid position: Black has no General"},
    {GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1", "invalid position: Red General on a0 is outside its palace"},
    {GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", "invalid position: Red has 2 Generals"},
    {GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/A8/4K4 w - - 0 1",
     "invalid position: Red Advisor on a1 is outside its palace"},
    {GameId::XIANGQI, "3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1",
     "invalid position: Red Elephant on c5 has crossed the river"},
    {GameId::XIANGQI, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "invalid position: Black is in check but it is Red to move"},
    {GameId::CHUSHOGI, "5k6/12/12/12/5N6/12/12/12/12/12/12/12 b - 1", "invalid position: Black has no King"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b K 1"), "hands field: a King cannot be in hand"},
    {GameId::CHUSEIREIGI, with(kSeireigiStart, "b k 1"), "hands field: a King cannot be in hand"},
    {GameId::CHUSEIREIGI, "P4k6/12/12/12/12/12/12/12/12/12/12/6K5 b - 1",
     "invalid position: Black unpromoted Pawn on 12a could never move"},
    {GameId::CHUSEIREIGI, "4k7/12/12/12/12/12/12/12/12/12/12/5p1K4 b - 1",
     "invalid position: White unpromoted Pawn on 7l could never move"},
    {GameId::CHUSEIREIGI, "4k7/12/12/12/12/12/12/12/12/12/12/5K1K4 b - 1", "invalid position: Black has 2 Kings"},
};

TEST(Robustness, MalformedOrImpossiblePositionsGiveTheExactReason) {
  for (const BadFen& b : kBadFens) {
    auto pos = parse_fen(make_variant(b.game), b.fen);
    ASSERT_FALSE(pos.ok()) << game_name(b.game) << " accepted " << b.fen;
    EXPECT_EQ(pos.error(), b.error) << game_name(b.game) << ": " << b.fen;
  }
}

TEST(Robustness, UnusualButPossiblePositionsAreAccepted) {
  const std::pair<GameId, const char*> unusual[] = {
      {GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/9/P3K4 w - - 0 1"},              // a Soldier on its own back rank
      {GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/RRR6/4K4 w - - 0 1"},            // three Chariots
      {GameId::XIANGQI, "3k5/9/9/9/9/9/9/9/4K4/9 b - - 77 300"},            // a bare General, late in the game
      {GameId::CHUSHOGI, "P4k6/12/12/12/5N6/12/12/12/12/12/12/6K5 b - 1"},  // Chu Shogi Pawns may stay on the last rank
      {GameId::CHUSHOGI,
       "12/12/12/12/5N6/12/12/3n8/12/12/12/12 b - 1"},  // lishogi's movement tests: no King on either side
      {GameId::CHUSHOGI, "5k6/12/12/12/4NN+O5/12/12/12/12/12/12/6K+E4 w - 9"},    // three Lions and a Prince
      {GameId::CHUSEIREIGI, "4k7/12/12/12/12/12/12/12/12/12/12/5+p1K4 b - 1"},    // a promoted Pawn on the last rank
      {GameId::CHUSEIREIGI, "4k7/12/12/12/12/12/12/12/12/12/12/6K5 b 12P20p 1"},  // many Pawns in hand
  };
  for (const auto& [game, fen] : unusual) {
    auto pos = parse_fen(make_variant(game), fen);
    EXPECT_TRUE(pos.ok()) << game_name(game) << ": " << fen << ": " << pos.error();
  }
}

struct CliRun {
  int exit_code;
  std::vector<std::string> stderr_lines;
  std::string stdout_text;
};

CliRun run_kirin(const std::string& args) {
  auto run = testing_support::run_filter(std::string("'") + KIRIN_BINARY + "' " + args, "", "robustness");
  CliRun r{WIFEXITED(run.status) ? WEXITSTATUS(run.status) : -1, {}, ""};
  std::stringstream ss(run.error_text);
  for (std::string line; std::getline(ss, line);) r.stderr_lines.push_back(line);
  for (const auto& l : run.lines) r.stdout_text += l + "\n";
  return r;
}

TEST(Robustness, PerftWithABadFenExitsTwoWithOneLine) {
  const std::pair<std::string, std::string> cases[] = {
      {"--game xiangqi --fen 'rnbakabnr/9 w - - 0 1'",
       "kirin perft: bad --fen: board field: the board has 10 ranks, found 2"},
      {"--game xiangqi --fen '3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1'",
       "kirin perft: bad --fen: invalid position: Red Elephant on c5 has crossed the river"},
      {"--game chushogi --fen '12/12/12/12/12/12/12/12/12/12/12/12/12 b - 1'",
       "kirin perft: bad --fen: board field: too many ranks: the board has 12"},
      {"--game chushogi --fen \"$(printf 'k11/12/12/12/12/12/12/12/12/12/12/11K b - 1\\nsecond line')\"",
       "kirin perft: bad --fen: SFEN has 6 fields, expected at most 4"},
      {"--game chuseireigi --fen 'P4k6/12/12/12/12/12/12/12/12/12/12/6K5 b - 1'",
       "kirin perft: bad --fen: invalid position: Black unpromoted Pawn on 12a could never move"},
  };
  for (const auto& [args, error] : cases) {
    CliRun r = run_kirin("perft --depth 1 " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    ASSERT_EQ(r.stderr_lines.size(), 1u) << args;
    EXPECT_EQ(r.stderr_lines[0], error);
    EXPECT_EQ(r.stdout_text, "") << args;
  }
}

struct BadMove {
  GameId game;
  const char* fen;  // nullptr: the start position
  std::string move, error;
};

const BadMove kBadMoves[] = {
    {GameId::XIANGQI, nullptr, "zz", "bad move text 'zz': expected a move like h2e2"},
    {GameId::XIANGQI, nullptr, "", "bad move text '': expected a move like h2e2"},
    {GameId::XIANGQI, nullptr, "h2h9x", "bad move text 'h2h9x': expected a move like h2e2"},
    {GameId::XIANGQI, nullptr, "h2\ne2", "bad move text 'h2\\x0ae2': expected a move like h2e2"},
    // A megabyte-long "move" is named by its first 32 bytes, not echoed whole.
    {GameId::XIANGQI, nullptr, std::string(1 << 20, 'x'),
     "bad move text '" + std::string(32, 'x') + "...': expected a move like h2e2"},
    {GameId::XIANGQI, nullptr, "h2e3", "illegal move 'h2e3': the Cannon on h2 cannot move to e3"},
    {GameId::XIANGQI, nullptr, "h7e7", "illegal move 'h7e7': the piece on h7 belongs to Black"},
    {GameId::XIANGQI, nullptr, "e5e6", "illegal move 'e5e6': no piece on e5"},
    {GameId::CHUSHOGI, nullptr, "7i7h7g7f", "bad move text '7i7h7g7f': expected a move like 7g7f, 7g7f+ or 7g7f7e"},
    {GameId::CHUSHOGI, nullptr, "P*5e", "bad move text 'P*5e': expected a move like 7g7f, 7g7f+ or 7g7f7e"},
    {GameId::CHUSHOGI, nullptr, "13i13h", "bad move text '13i13h': expected a move like 7g7f, 7g7f+ or 7g7f7e"},
    {GameId::CHUSHOGI, nullptr, "7i7g", "illegal move '7i7g': the Pawn on 7i cannot move to 7g"},
    {GameId::CHUSHOGI, nullptr, "7i7h+", "illegal move '7i7h+': the Pawn on 7i may not promote on this move"},
    {GameId::CHUSHOGI, nullptr, "6j6i6j", "illegal move '6j6i6j': the Queen on 6j cannot move 6j-6i-6j"},
    {GameId::CHUSEIREIGI, nullptr, "P*5e", "illegal move 'P*5e': no Pawn in hand"},
    {GameId::CHUSEIREIGI, nullptr, "K*5e", "bad move text 'K*5e': no piece 'K' can be dropped"},
    {GameId::CHUSEIREIGI, "4k7/12/12/12/12/12/12/12/12/12/12/6K5 b P 1", "P*3a",
     "illegal move 'P*3a': a Pawn dropped on 3a could never move"},
};

TEST(Robustness, ABadMoveLeavesThePositionUnchanged) {
  for (const BadMove& b : kBadMoves) {
    auto v = make_variant(b.game);
    auto pos = parse_fen(v, b.fen ? b.fen : v->start_fen());
    ASSERT_TRUE(pos.ok()) << pos.error();
    const std::string fen = to_fen(*pos);
    const Key key = pos->key();
    const int ply = pos->game_ply();
    auto m = parse_move(*pos, b.move);
    ASSERT_FALSE(m.ok()) << game_name(b.game) << " accepted '" << b.move << "'";
    EXPECT_EQ(m.error(), b.error);
    EXPECT_EQ(to_fen(*pos), fen) << b.move;
    EXPECT_EQ(pos->key(), key) << b.move;
    EXPECT_EQ(pos->game_ply(), ply) << b.move;
  }
}

TEST(Robustness, MovesCommandRejectsABadMoveWithOneLine) {
  CliRun r = run_kirin("moves --game chushogi 7i7h 7h7g");
  EXPECT_EQ(r.exit_code, 2);
  ASSERT_EQ(r.stderr_lines.size(), 1u);
  EXPECT_EQ(r.stderr_lines[0], "kirin moves: move 2: illegal move '7h7g': the piece on 7h belongs to Black");
}

}  // namespace

namespace {

// Found by fuzz_position: 61 Rooks in hand were accepted as 61 letters but written back as
// "61r", which the count syntax then refused (it stopped at 60).
TEST(Robustness, LargeHandsReadBackAsWritten) {
  auto v = make_variant(GameId::CHUSEIREIGI);
  const std::string fen =
      "4k7/12/12/12/5p6/12/12/12/12/12/12/7K4 b "
      "BBBBBBBBBBBBrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrPPPPPPAPPPPpp";
  auto pos = parse_fen(v, fen);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(to_fen(*pos), "4k7/12/12/12/5p6/12/12/12/12/12/12/7K4 b 12BA10P61r2p 1");
  auto back = parse_fen(v, to_fen(*pos));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->key(), pos->key());
}

// A capture adds to a hand, so pieces of a kind in both hands and on the board are limited
// together; otherwise a later capture would overflow the hand.
TEST(Robustness, HandsThatACaptureWouldOverflowAreRejected) {
  auto v = make_variant(GameId::CHUSEIREIGI);
  auto pos = parse_fen(v, "4k7/12/12/12/5p6/12/12/12/12/12/12/7K4 b 62Pp 1");
  ASSERT_FALSE(pos.ok());
  EXPECT_EQ(pos.error(), "hands field: too many Pawns: 64 in the hands and on the board, at most 63");
  EXPECT_TRUE(parse_fen(v, "4k7/12/12/12/5p6/12/12/12/12/12/12/7K4 b 61Pp 1").ok());
}

}  // namespace

namespace {

// Found by fuzz_move: the Falcon on 6h names a pass (6h6g6h) although Kirin's list holds the
// position's one pass under another piece. It is accepted as that pass: same effect.
TEST(Robustness, APassNamedByAnyPieceThatCanPassIsThePass) {
  auto v = make_variant(GameId::CHUSHOGI);
  auto pos = parse_fen(v, "5k6/12/3+h2+d5/2p2n1p4/4o1x5/3P2N5/5O1T4/4+D1+H5/12/2R9/12/6K5 b 8e 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  auto m = parse_move(*pos, "6h6g6h");
  ASSERT_TRUE(m.ok()) << m.error();
  const std::string board = to_fen(*pos).substr(0, to_fen(*pos).find(' '));
  pos->do_move(*m);
  EXPECT_TRUE(pos->last_was_pass());
  EXPECT_EQ(to_fen(*pos), board + " w - 2");
  auto again = parse_move(*pos, "7d7c7d");  // White's Lion may not pass right after a pass
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error(), "illegal move '7d7c7d': no pass right after a pass");
}

}  // namespace

// std::cin was tied to std::cout, so each command read flushed std::cout from the reading thread
// while the search thread wrote its answer: now and then a "bestmove" went out twice and was taken
// as the answer to the next "go" (in about 7% of fast engine games). 20,000 one-ply searches sent
// at once give the race many chances; before the fix this test failed in two runs of three.
TEST(Robustness, EveryGoGetsExactlyOneBestmove) {
  std::string input = "uci\n";
  const int searches = 20000;
  for (int i = 0; i < searches; ++i) input += "go depth 1\n";
  input += "quit\n";
  auto run = testing_support::run_filter(std::string("'") + KIRIN_BINARY + "' uci", input, "bestmove_race");
  int bestmoves = 0;
  for (const std::string& line : run.lines) bestmoves += line.rfind("bestmove ", 0) == 0;
  EXPECT_EQ(bestmoves, searches);
}
