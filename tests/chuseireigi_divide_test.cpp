// Chu Seireigi has no outside reference program: small positions whose perft divide was counted
// by hand from ../shared/rules/chu_seireigi.md (the reasoning is in the comments).
#include <map>

#include "rules/perft.h"
#include "test_util.h"

using namespace kirin;
using namespace kirin::test;

namespace {
std::map<std::string, uint64_t> divide(Position& p, int depth) {
  std::map<std::string, uint64_t> out;
  for (const auto& line : perft_divide(p, depth)) out[move_to_text(p, line.move)] = line.nodes;
  return out;
}
}  // namespace

TEST(SeireigiDivide, PawnDropsAroundALoneKing) {
  // Black: King 1l, a Pawn in hand. White: King 12a.
  // Depth 1: 3 King moves + 131 drops (142 empty squares less the 11 empty ones on rank a) = 134.
  // Depth 2: White's King has 11a, 11b, 12b unless the pawn takes one away: P*11b guards 11a
  // (the King may take it), P*11c guards 11b, P*12c guards 12b; P*12b checks but can be taken.
  Position p = position(GameId::CHUSEIREIGI, "k11/12/12/12/12/12/12/12/12/12/12/11K b P 1");
  auto d = divide(p, 2);
  EXPECT_EQ(d.size(), 134u);
  EXPECT_EQ(d["1l2l"], 3u);
  EXPECT_EQ(d["P*12b"], 3u);
  EXPECT_EQ(d["P*11b"], 2u);
  EXPECT_EQ(d["P*11c"], 2u);
  EXPECT_EQ(d["P*12c"], 2u);
  EXPECT_EQ(d["P*5e"], 3u);
  EXPECT_FALSE(d.count("P*5a"));  // a pawn may not be dropped where it could never move
  EXPECT_EQ(perft(p, 2), 9u + 128u * 3u + 3u * 2u);
}

TEST(SeireigiDivide, SilverTakesAPromotedCopper) {
  // Black: King 1l, Silver 5h. White: King 12a, promoted Copper 5g (moves as a Great Leopard:
  // slides sideways, steps diagonally forward and straight back; from White's side forward is
  // towards rank l). The Copper's moves: 7 to the left, 4 to the right, 6h, 4h, 5f = 14.
  Position p = position(GameId::CHUSEIREIGI, "k11/12/12/12/12/12/7+c4/7S4/12/12/12/11K b - 1");
  auto d = divide(p, 2);
  const std::map<std::string, uint64_t> expected = {
      {"5h5g", 3},   // Copper gone: only the King's three moves
      {"5h4g", 14},  // the Silver on 4g cuts the right slide to one capture: 7+1+2+1, +3
      {"5h6g", 11},  // ... or the left slide: 1+4+2+1, +3
      {"5h4i", 17}, {"5h6i", 17}, {"1l1k", 17}, {"1l2l", 17}, {"1l2k", 17},
  };
  EXPECT_EQ(d, expected);
  play(p, "5h5g");
  EXPECT_EQ(p.hand(FIRST, p.variant().kind_by_token("C")), 1);  // a Copper, not a Great Leopard
}
