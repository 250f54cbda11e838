// Chu Shogi's rule sets (../shared/rules/chu_shogi.md section 11): rules=seed (the default),
// rules=lishogi and rules=jcsa, point by point, each tested under the rule sets it sets apart.
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "game_test_util.h"
#include "rules/perft.h"
#include "test_util.h"

using namespace kirin;
using namespace kirin::test;

namespace {

const std::vector<std::string> kSeed = {}, kLishogi = {"rules=lishogi"}, kJcsa = {"rules=jcsa"};

// A Chu Shogi SFEN from pieces on squares ({"7f", "n"}: a White Lion on 7f), the side to move
// and the counter-strike field.
std::string sfen(const std::vector<std::pair<std::string, std::string>>& pieces, char side = 'b',
                 const std::string& counter_strike = "-") {
  std::map<std::pair<int, int>, std::string> at;  // (rank a=0.., file) -> token
  for (const auto& [square, token] : pieces) at[{square.back() - 'a', std::stoi(square)}] = token;
  std::string out;
  for (int rank = 0; rank < 12; ++rank) {
    int empty = 0;
    for (int file = 12; file >= 1; --file) {
      auto it = at.find({rank, file});
      if (it == at.end()) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      out += it->second;
      empty = 0;
    }
    if (empty) out += std::to_string(empty);
    if (rank < 11) out += '/';
  }
  return out + " " + side + " " + counter_strike + " 1";
}

Position at(const std::string& fen, const std::vector<std::string>& options) {
  auto v = make_variant("chushogi", options);
  EXPECT_TRUE(v.ok()) << v.error();
  auto p = parse_fen(*v, fen);
  if (!p) ADD_FAILURE() << "bad test SFEN " << fen << ": " << p.error();
  return std::move(*p);
}

// "" if the move is legal there, else the referee's reason.
std::string refusal(const std::string& fen, const std::vector<std::string>& options, const std::string& move) {
  Position pos = at(fen, options);
  auto m = parse_move(pos, move);
  return m.ok() ? "" : m.error();
}

Game game(const std::string& fen, const std::vector<std::string>& options) {
  auto v = make_variant("chushogi", options);
  EXPECT_TRUE(v.ok()) << v.error();
  auto g = Game::from_fen(*v, fen);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error());
  return std::move(*g);
}

const std::pair<std::string, std::string> kWhiteKing = {"12a", "k"}, kBlackKing = {"1l", "K"};

TEST(ChuShogiRuleSets, OptionsAreParsedWithExactErrors) {
  auto bad = make_variant("chushogi", {"rules=fide"});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "option rules: expected seed, lishogi or jcsa, got 'fide'");
  auto bad_cs = make_variant("chushogi", {"counterstrike=mid"});
  ASSERT_FALSE(bad_cs.ok());
  EXPECT_EQ(bad_cs.error(), "option counterstrike: expected seed, destination, foot or lishogi, got 'mid'");
  auto unknown = make_variant("chushogi", {"sakishishi=on"});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error(), "unknown rule option 'sakishishi' for chushogi");

  auto jcsa = make_variant("chushogi", kJcsa);
  ASSERT_TRUE(jcsa.ok());
  const RuleOptions& o = (*jcsa)->options();
  EXPECT_EQ(o.counter_strike, RuleOptions::CounterStrike::FOOT);
  EXPECT_TRUE(o.captured_minor_protects);
  EXPECT_FALSE(o.pass_after_pass);
  EXPECT_EQ(o.last_rank, RuleOptions::LastRankPromotion::PAWN);
  EXPECT_EQ(o.bare_king, RuleOptions::BareKing::JCSA);
  // A finer option after rules= changes that point only.
  auto live_lance = make_variant("chushogi", {"rules=jcsa", "lastrank=pawn+lance"});
  ASSERT_TRUE(live_lance.ok());
  EXPECT_EQ((*live_lance)->options().last_rank, RuleOptions::LastRankPromotion::PAWN_AND_LANCE);
  EXPECT_EQ((*live_lance)->options().counter_strike, RuleOptions::CounterStrike::FOOT);
}

// A White non-Lion has just taken a Black Lion on 3c. The Black Gold on 7g may take the White
// Lion on 7f: never under the seed's and lishogi's rule (not the square of that capture); under
// the JCSA's only when that Lion has no foot (here the White Gold on 7e, behind it).
TEST(ChuShogiRuleSets, CounterStrikeWithAndWithoutAFoot) {
  const std::vector<std::pair<std::string, std::string>> base = {
      kWhiteKing, kBlackKing, {"3c", "g"}, {"7f", "n"}, {"7g", "G"}};
  auto with_foot = base;
  with_foot.push_back({"7e", "g"});
  const std::string footed = sfen(with_foot, 'b', "3c"), bare = sfen(base, 'b', "3c");
  const std::string seed_refusal =
      "illegal move '7g7f': counter-strike: a Lion was just taken by a non-Lion, so a non-Lion may take a Lion only on "
      "3c";
  for (const auto& options : {kSeed, kLishogi}) {
    EXPECT_EQ(refusal(footed, options, "7g7f"), seed_refusal);
    EXPECT_EQ(refusal(bare, options, "7g7f"), seed_refusal);
  }
  EXPECT_EQ(refusal(footed, kJcsa, "7g7f"),
            "illegal move '7g7f': counter-strike: a Lion was just taken by a non-Lion, so a non-Lion may not take "
            "a protected Lion now");
  EXPECT_EQ(refusal(bare, kJcsa, "7g7f"), "");
  // Without a Lion just taken, every rule set allows it.
  for (const auto& options : {kSeed, kLishogi, kJcsa}) EXPECT_EQ(refusal(sfen(with_foot), options, "7g7f"), "");
}

// The Black Horned Falcon on 7h takes the White Lion on 7g on the mid square of its double move
// (igui 7h7g7h) while a Black Lion was just lost on 3c. The seed and shogiops 0.18.0
// (rules=lishogi,counterstrike=seed) refuse it; lishogi's server (scalashogi, rules=lishogi)
// tests only the final square and accepts it, and the move through the Lion onto an empty square
// too; the JCSA refuse it when the Lion has a foot (the White Gold on 7f);
// counterstrike=destination tests only the final square, which igui leaves unchanged.
TEST(ChuShogiRuleSets, CounterStrikeOnTheMidSquare) {
  const std::vector<std::pair<std::string, std::string>> base = {
      kWhiteKing, kBlackKing, {"3c", "g"}, {"7g", "n"}, {"7h", "+H"}};
  auto with_foot = base;
  with_foot.push_back({"7f", "g"});
  const std::string footed = sfen(with_foot, 'b', "3c"), bare = sfen(base, 'b', "3c");
  const std::vector<std::string> shogiops = {"rules=lishogi", "counterstrike=seed"};
  for (const auto& options : {kSeed, shogiops}) {
    EXPECT_NE(refusal(footed, options, "7h7g7h"), "");
    EXPECT_NE(refusal(bare, options, "7h7g7h"), "");
  }
  EXPECT_EQ(refusal(footed, kLishogi, "7h7g7h"), "");
  EXPECT_EQ(refusal(bare, kLishogi, "7h7g7h"), "");
  EXPECT_EQ(refusal(bare, kLishogi, "7h7g7f"), "");
  // The final square is still tested: a Falcon's single step onto the Lion is refused.
  EXPECT_NE(refusal(bare, kLishogi, "7h7g"), "");
  EXPECT_NE(refusal(footed, kJcsa, "7h7g7h"), "");
  EXPECT_NE(refusal(footed, kJcsa, "7h7g7f"), "");  // through the Lion and on to take the Gold
  EXPECT_EQ(refusal(bare, kJcsa, "7h7g7h"), "");
  const std::vector<std::string> destination = {"counterstrike=destination"};
  EXPECT_EQ(refusal(footed, destination, "7h7g7h"), "");
  EXPECT_NE(refusal(footed, destination, "7h7g"), "");  // a single step ends on the Lion
}

// What starts a ban: a non-Lion taking a Lion, anywhere under seed, lishogi and JCSA rules (the
// Falcon's igui included), only on the final square under counterstrike=destination; a Lion
// taking a Lion never.
TEST(ChuShogiRuleSets, WhatStartsACounterStrikeBan) {
  const std::string falcon = sfen({kWhiteKing, kBlackKing, {"7g", "n"}, {"7h", "+H"}});
  for (const auto& options : {kSeed, kLishogi, kJcsa}) {
    Position pos = at(falcon, options);
    play(pos, "7h7g7h");
    EXPECT_EQ(pos.variant().square_name(pos.counter_strike()), "7g");
  }
  Position dest = at(falcon, {"counterstrike=destination"});
  play(dest, "7h7g7h");
  EXPECT_EQ(dest.counter_strike(), NO_SQUARE);
  const std::string lions = sfen({kWhiteKing, kBlackKing, {"7g", "n"}, {"7h", "N"}});
  for (const auto& options : {kSeed, kLishogi, kJcsa}) {
    Position pos = at(lions, options);
    play(pos, "7h7g");
    EXPECT_EQ(pos.counter_strike(), NO_SQUARE);
  }
}

// A Black Kirin takes the White Lion on 7d and promotes: it is now a Lion, on the square of the
// capture. The seed (and lishogi) let the White Gold take it back there; the JCSA do not while
// the Black Gold on 7e gives it a foot.
TEST(ChuShogiRuleSets, KirinPromotingOnALionCapture) {
  const std::vector<std::pair<std::string, std::string>> base = {
      kWhiteKing, kBlackKing, {"7c", "g"}, {"7d", "n"}, {"7f", "O"}};
  auto with_foot = base;
  with_foot.push_back({"7e", "G"});
  using Case = std::tuple<std::vector<std::string>, bool, bool>;  // options, foot on 7e, recapture legal
  for (const auto& [options, footed, legal] :
       std::vector<Case>{{kSeed, true, true}, {kLishogi, true, true}, {kJcsa, true, false}, {kJcsa, false, true}}) {
    Game g = game(sfen(footed ? with_foot : base), options);
    ASSERT_EQ(play_all(g, "7f7d+"), "");
    EXPECT_EQ(g.position().variant().square_name(g.position().counter_strike()), "7d");
    EXPECT_EQ(play_all(g, "7c7d").empty(), legal) << options.size() << " foot " << footed;
  }
}

// Tsukegui: the Black Lion takes the White Silver between and then the White Lion behind it,
// which the White Gold protects. A Lion is never under the counter-strike ban, and a first
// capture of a Silver lifts the bridge rule, so every rule set allows it during the ban too.
TEST(ChuShogiRuleSets, TsukeguiDuringTheBan) {
  const std::string fen =
      sfen({kWhiteKing, kBlackKing, {"3c", "g"}, {"7e", "g"}, {"7f", "n"}, {"7g", "s"}, {"7h", "N"}}, 'b', "3c");
  for (const auto& options : {kSeed, kLishogi, kJcsa}) EXPECT_EQ(refusal(fen, options, "7h7g7f"), "") << options.size();
  // Through a Pawn instead of the Silver, the protected Lion stays out of reach.
  const std::string pawn =
      sfen({kWhiteKing, kBlackKing, {"3c", "g"}, {"7e", "g"}, {"7f", "n"}, {"7g", "p"}, {"7h", "N"}}, 'b', "3c");
  for (const auto& options : {kSeed, kLishogi, kJcsa})
    EXPECT_EQ(refusal(pawn, options, "7h7g7f"),
              "illegal move '7h7g7f': bridge capture: the Lion would take a protected Lion from a distance");
}

// The White Go-Between on 7g alone protects the White Lion on 7f. The seed lets the Black Lion
// take both (the Go-Between protects nothing once taken); lishogi and the JCSA agree that the
// captured Go-Between still counts as the Lion's foot.
TEST(ChuShogiRuleSets, CapturedPawnOrGoBetweenStillCountsAsFoot) {
  const std::string fen = sfen({kWhiteKing, kBlackKing, {"7f", "n"}, {"7g", "i"}, {"7h", "N"}});
  EXPECT_EQ(refusal(fen, kSeed, "7h7g7f"), "");
  for (const auto& options : {kLishogi, kJcsa, std::vector<std::string>{"bridge=pawnfoot"}})
    EXPECT_NE(refusal(fen, options, "7h7g7f"), "");
  // A slider behind the Go-Between protects under every rule set.
  const std::string rook = sfen({kWhiteKing, kBlackKing, {"7d", "r"}, {"7f", "n"}, {"7g", "i"}, {"7h", "N"}});
  EXPECT_NE(refusal(rook, kSeed, "7h7g7f"), "");
}

// JCSA: only the Pawn has the last-rank relief; a Lance that reaches the last rank unpromoted is
// dead. The seed and lishogi let the Lance promote there too.
TEST(ChuShogiRuleSets, DeadLanceOnTheLastRank) {
  const std::string fen = sfen({kWhiteKing, kBlackKing, {"7c", "L"}, {"5b", "P"}});
  for (const auto& options : {kSeed, kLishogi}) {
    Position pos = at(fen, options);
    EXPECT_EQ(legal_moves(pos, "7c"), (std::set<std::string>{"7c7a", "7c7a+", "7c7b"}));
    EXPECT_EQ(legal_moves(pos, "5b"), (std::set<std::string>{"5b5a", "5b5a+"}));
  }
  Position pos = at(fen, kJcsa);
  EXPECT_EQ(legal_moves(pos, "7c"), (std::set<std::string>{"7c7a", "7c7b"}));
  EXPECT_EQ(legal_moves(pos, "5b"), (std::set<std::string>{"5b5a", "5b5a+"}));
  play(pos, "7c7a");
  play(pos, "12a11a");
  EXPECT_TRUE(legal_moves(pos, "7a").empty());
}

// The result once the moves are played (not over() while the game goes on).
GameResult result_after(const std::string& fen, const std::vector<std::string>& options, const std::string& moves) {
  Game g = game(fen, options);
  EXPECT_EQ(play_all(g, moves), "");
  return g.result();
}

const GameResult kBlackBaresTheKing = GameResult::win(FIRST, "bare king");

// Bare King: the Black Rook takes the last White piece but the King.
// One piece left (the Rook; the Lance on 4a is dead): JCSA and lishogi score it; the seed has
// no such rule.
TEST(ChuShogiRuleSets, BareKingWithOnePiece) {
  const std::string fen = sfen({{"1a", "k"}, {"12d", "s"}, {"7l", "K"}, {"12h", "R"}, {"4a", "L"}});
  EXPECT_EQ(result_after(fen, kLishogi, "12h12d"), kBlackBaresTheKing);
  EXPECT_EQ(result_after(fen, kJcsa, "12h12d"), kBlackBaresTheKing);
  EXPECT_FALSE(result_after(fen, kSeed, "12h12d").over());
}

// Two pieces left (a Rook and a Gold): lishogi scores the bare King, the JCSA play on.
TEST(ChuShogiRuleSets, BareKingWithTwoPieces) {
  const std::string fen = sfen({{"1a", "k"}, {"12d", "s"}, {"7l", "K"}, {"12h", "R"}, {"5l", "G"}});
  EXPECT_EQ(result_after(fen, kLishogi, "12h12d"), kBlackBaresTheKing);
  EXPECT_FALSE(result_after(fen, kJcsa, "12h12d").over());
}

// The one piece left must be able to win: not an unpromoted Pawn (a Tokin is), and not next to
// the lone King, which could take it at once.
TEST(ChuShogiRuleSets, BareKingPieceThatCannotWin) {
  EXPECT_FALSE(result_after(sfen({{"1a", "k"}, {"12h", "s"}, {"7l", "K"}, {"12i", "P"}}), kJcsa, "12i12h").over());
  EXPECT_EQ(result_after(sfen({{"1a", "k"}, {"12h", "s"}, {"7l", "K"}, {"12i", "+P"}}), kJcsa, "12i12h"),
            kBlackBaresTheKing);
  const std::string next_to_king = sfen({{"1a", "k"}, {"2b", "s"}, {"7l", "K"}, {"2h", "R"}});
  for (const auto& options : {kLishogi, kJcsa}) EXPECT_FALSE(result_after(next_to_king, options, "2h2b").over());
}

// White to move has no move at all (its King boxed in by its own Pawns, one of them dead on the
// last rank): a loss under every rule set (lishogi scores stalemate so; the JCSA texts are
// silent and Kirin scores it as the seed does).
TEST(ChuShogiRuleSets, StalemateLosesUnderEveryRuleSet) {
  const std::string fen = sfen({{"1l", "k"}, {"2l", "p"}, {"1k", "p"}, {"2k", "p"}, {"12a", "K"}, {"12b", "G"}}, 'w');
  for (const auto& options : {kSeed, kLishogi, kJcsa}) {
    Game g = game(fen, options);
    EXPECT_EQ(g.result(), GameResult::win(FIRST, "stalemate")) << options.size();
  }
}

// lishogi adjudicates no mate: the mated King must move, and is then taken. Seed and JCSA end
// the game at the mate.
TEST(ChuShogiRuleSets, MatedKingIsTakenUnderLishogiRules) {
  // White keeps a Pawn, so that no rule set scores a bare King first.
  const std::string fen = sfen({{"1a", "k"}, {"6e", "p"}, {"12b", "R"}, {"11c", "R"}, {"6l", "K"}});
  for (const auto& options : {kSeed, kJcsa}) {
    Game g = game(fen, options);
    ASSERT_EQ(play_all(g, "11c11a"), "");
    EXPECT_EQ(g.result(), GameResult::win(FIRST, "checkmate"));
  }
  Game g = game(fen, kLishogi);
  ASSERT_EQ(play_all(g, "11c11a"), "");
  EXPECT_FALSE(g.over());
  ASSERT_EQ(play_all(g, "1a1b 12b1b"), "");
  EXPECT_EQ(g.result(), GameResult::win(FIRST, "king captured"));
}

// With a Prince, both royals must be taken, under every rule set; two lone royals then draw
// (JCSA: jishogi, lack of material; lishogi: a draw).
TEST(ChuShogiRuleSets, KingAndPrinceMustBothBeTaken) {
  const std::string fen = "5+ek5/6N5/12/12/12/12/12/12/12/12/12/6K5 b - 1";
  for (const auto& options : {kSeed, kLishogi, kJcsa}) {
    Game g = game(fen, options);
    expect_ends_on(g, "6b6a", "7a6a", GameResult::draw("impossible to win"));
  }
}

// lishogi: a pass right after the opponent's pass is legal; seed and JCSA forbid it (jitto).
TEST(ChuShogiRuleSets, PassRightAfterAPass) {
  const std::string fen = "6k5/12/12/6n5/12/12/12/12/6N5/12/12/6K5 b - 1";
  using Case = std::pair<std::vector<std::string>, bool>;  // options, second pass legal
  for (const auto& [options, allowed] : std::vector<Case>{{kSeed, false}, {kJcsa, false}, {kLishogi, true}}) {
    Game g = game(fen, options);
    ASSERT_EQ(play_all(g, "6i6h6i"), "");
    EXPECT_EQ(play_all(g, "6d6e6d").empty(), allowed) << options.size();
  }
}

// lishogi: repeating is legal; the fourth occurrence of a position ends the game. Go-Betweens
// shuffling from the start: a draw. Seed and JCSA forbid the move instead.
TEST(ChuShogiRuleSets, FourfoldRepetitionDrawsUnderLishogiRules) {
  const std::string start =
      "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
      "LFCSGKEGSCFL b - 1";
  const std::string shuffle = times(2, "9h9g 4e4f 9g9h 4f4e") + "9h9g 4e4f 9g9h";
  Game lishogi = game(start, kLishogi);
  expect_ends_on(lishogi, shuffle, "4f4e", GameResult::draw("fourfold repetition"));
  for (const auto& options : {kSeed, kJcsa}) {
    Game g = game(start, options);
    ASSERT_EQ(play_all(g, shuffle), "");
    EXPECT_NE(play_all(g, "4f4e").find("fourfold repetition"), std::string::npos);
  }
}

// lishogi: the side that completes the fourth occurrence having checked with every move since
// the first (and with the move that led to it) loses. The Black Rook checks from 11c onwards.
TEST(ChuShogiRuleSets, PerpetualCheckLosesUnderLishogiRules) {
  const std::string fen = sfen({{"1a", "k"}, {"6e", "p"}, {"11c", "R"}, {"6l", "K"}});
  const std::string cycle = "11c1c " + times(3, "1a2a 1c2c 2a1a 2c1c");
  Game lishogi = game(fen, kLishogi);
  ASSERT_EQ(play_all(lishogi, cycle.substr(0, cycle.rfind("2c1c"))), "");
  EXPECT_FALSE(lishogi.over());
  ASSERT_EQ(play_all(lishogi, "2c1c"), "");
  EXPECT_EQ(lishogi.result(), GameResult::win(SECOND, "perpetual check"));
  Game seed = game(fen, kSeed);
  ASSERT_EQ(play_all(seed, cycle.substr(0, cycle.rfind("2c1c"))), "");
  EXPECT_NE(play_all(seed, "2c1c").find("fourfold repetition"), std::string::npos);
}

// lishogi counts an attack on a piece like a check: the Black Rook chases the White Gold between
// 1d and 2d from 1h and 2h, each move leaving it able to take the Gold, and loses when it
// completes the fourth occurrence. The seed refuses that move instead.
TEST(ChuShogiRuleSets, PerpetualAttackOnAPieceLosesUnderLishogiRules) {
  const std::string fen = sfen({{"12a", "k"}, {"1d", "g"}, {"3h", "R"}, {"12l", "K"}});
  const std::string before_last = "3h1h " + times(2, "1d2d 1h2h 2d1d 2h1h") + "1d2d 1h2h 2d1d";
  Game lishogi = game(fen, kLishogi);
  expect_ends_on(lishogi, before_last, "2h1h", GameResult::win(SECOND, "perpetual check"));
  Game seed = game(fen, kSeed);
  ASSERT_EQ(play_all(seed, before_last), "");
  EXPECT_NE(play_all(seed, "2h1h").find("fourfold repetition"), std::string::npos);
}

// Positions `depth` plies from pos, reached by a pass, in which the side to move may pass too.
int passes_after_passes(Position& pos, int depth) {
  MoveList list;
  generate_legal(pos, list);
  if (depth == 0) {
    if (!pos.last_was_pass()) return 0;
    for (Move m : list)
      if (m.stays() && pos.at(m.mid()) == EMPTY) return 1;
    return 0;
  }
  int n = 0;
  for (Move m : list) {
    pos.do_move(m);
    n += passes_after_passes(pos, depth - 1);
    pos.undo_move();
  }
  return n;
}

// Perft from the start position under the three rule sets. No Lion can reach another and no
// Lance the last rank for several moves, so the JCSA's counts are the seed's (at depth 5 too:
// 71,537,391 with `kirin perft`, lishogi 71,548,181). The first difference is lishogi's at depth
// 4: after a Black pass on ply 3 White may pass too, in exactly 100 positions.
TEST(ChuShogiRuleSets, StartPositionPerftUnderEachRuleSet) {
  const std::string start =
      "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/"
      "LFCSGKEGSCFL b - 1";
  for (const auto& options : {kSeed, kLishogi, kJcsa}) {
    Position pos = at(start, options);
    EXPECT_EQ(perft(pos, 3), 48315u) << options.size();
  }
  Position seed = at(start, kSeed), jcsa = at(start, kJcsa), lishogi = at(start, kLishogi);
  EXPECT_EQ(perft(seed, 4), 1801539u);
  EXPECT_EQ(perft(jcsa, 4), 1801539u);
  EXPECT_EQ(perft(lishogi, 4), 1801639u);
  EXPECT_EQ(passes_after_passes(lishogi, 3), 100);
}

}  // namespace
