// Movement diagrams (src/draw/movement_diagram.h) against the move generator: every piece and
// promoted piece of every game, alone on an empty board, reaches exactly the squares its
// diagram marks.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "draw/movement_diagram.h"
#include "rules/movegen.h"
#include "rules/position.h"

namespace kirin::draw {
namespace {

struct Placement {
  Square piece, own_king, their_king;
  Square their_guard = NO_SQUARE;  // xiangqi: an Advisor between the Generals' files
};

// Where the piece stands: the middle of a shogi board (kings near far corners, outside the
// diagram and off its lines); xiangqi pieces where their region rules let every move of the diagram be made.
Placement placement(const Variant& v, Kind k) {
  if (v.is_shogi_family()) return {make_square(5, 5), make_square(0, 0), make_square(10, 11)};
  const std::string& t = v.kind(k).token;
  const Square at = t == "K" || t == "A" ? make_square(4, 1)
                    : t == "B"           ? make_square(4, 2)
                    : t == "P"           ? make_square(4, 6)  // across the river: sideways steps too
                                         : make_square(4, 4);
  // Black's General on d9 behind its Advisor on d7: the d-file is closed, so a General on d1
  // is not facing it.
  return {at, make_square(4, 0), make_square(3, 9), make_square(3, 7)};
}

// The squares the piece's legal moves end on (its own square for igui and pass left out).
std::set<Square> targets(const VariantPtr& vp, Kind k) {
  const Variant& v = *vp;
  const Placement pl = placement(v, k);
  const Kind king = v.kind_by_token("K");
  Position pos(vp);
  pos.put(pl.piece, make_piece(k, FIRST));
  if (!v.is_royal(k)) pos.put(pl.own_king, make_piece(king, FIRST));
  pos.put(pl.their_king, make_piece(king, SECOND));
  if (pl.their_guard != NO_SQUARE) pos.put(pl.their_guard, make_piece(v.kind_by_token("A"), SECOND));
  const std::string err = error_of(pos.finish_setup());
  EXPECT_EQ(err, "") << v.kind(k).name;
  MoveList list;
  generate_legal(pos, list);
  std::set<Square> out;
  for (Move m : list)
    if (!m.is_drop() && m.from() == pl.piece && m.to() != pl.piece) out.insert(m.to());
  return out;
}

void expect_diagram_matches_moves(const VariantPtr& vp) {
  const Variant& v = *vp;
  for (int k = 0; k < v.kind_count(); ++k) {
    const MoveDiagram d = movement_diagram(v, Kind(k), 3);
    const Square at = placement(v, Kind(k)).piece;
    const std::set<Square> reach = targets(vp, Kind(k));
    int marked = 0;
    for (int dy = -d.radius; dy <= d.radius; ++dy)
      for (int dx = -d.radius; dx <= d.radius; ++dx) {
        const int x = file_x(at) + dx, y = rank_y(at) + dy;
        if ((dx == 0 && dy == 0) || x < 0 || y < 0 || x >= v.files() || y >= v.ranks()) continue;
        const bool drawn = d.at(dx, dy).reach != Reach::NONE;
        marked += drawn;
        EXPECT_EQ(drawn, reach.count(make_square(x, y)) == 1)
            << v.name() << " " << v.kind(Kind(k)).name << " at (" << dx << "," << dy << ")";
      }
    EXPECT_GT(marked, 0) << v.kind(Kind(k)).name;
    // Beyond the grid, a piece goes only where one of its drawn lines leads.
    for (Square t : reach) {
      const int dx = file_x(t) - file_x(at), dy = rank_y(t) - rank_y(at);
      if (std::abs(dx) <= d.radius && std::abs(dy) <= d.radius) continue;
      bool on_ray = false;
      for (const Ray& r : d.rays)
        for (int i = 1; i <= 12 && r.kind != Ray::HOP; ++i) on_ray |= r.dx * i == dx && r.dy * i == dy;
      EXPECT_TRUE(on_ray) << v.kind(Kind(k)).name << " reaches (" << dx << "," << dy << ") off its lines";
    }
  }
}

int count(const MoveDiagram& d, Reach r) {
  int n = 0;
  for (const Cell& c : d.cells) n += c.reach == r;
  return n;
}

TEST(MovementDiagram, ChuSeireigiEveryPieceMatchesItsMovesOnAnEmptyBoard) {
  expect_diagram_matches_moves(make_variant(GameId::CHUSEIREIGI));
}

TEST(MovementDiagram, ChuSeireigiLionHawkMatchesItsMoves) {
  RuleOptions o;
  o.seireigi_lion = RuleOptions::SeireigiLion::HAWK;
  expect_diagram_matches_moves(make_variant(GameId::CHUSEIREIGI, o));
}

TEST(MovementDiagram, ChuSeireigiLegacyEveryPieceMatchesItsMovesOnAnEmptyBoard) {
  RuleOptions o;
  o.seireigi_rules = RuleOptions::SeireigiRules::LEGACY;
  expect_diagram_matches_moves(make_variant(GameId::CHUSEIREIGI, o));
}

TEST(MovementDiagram, LegacyLionStingsInEveryDirection) {
  RuleOptions o;
  o.seireigi_rules = RuleOptions::SeireigiRules::LEGACY;
  auto v = make_variant(GameId::CHUSEIREIGI, o);
  const MoveDiagram d = movement_diagram(*v, v->kind_by_token("I"), 3);
  EXPECT_EQ(count(d, Reach::STING), 8);
  EXPECT_EQ(count(d, Reach::JUMP), 16);
}

TEST(MovementDiagram, ChuShogiEveryPieceMatchesItsMovesOnAnEmptyBoard) {
  expect_diagram_matches_moves(make_variant(GameId::CHUSHOGI));
}

TEST(MovementDiagram, XiangqiEveryPieceMatchesItsMovesOnAnEmptyBoard) {
  expect_diagram_matches_moves(make_variant(GameId::XIANGQI));
}

TEST(MovementDiagram, ChuShogiLionHasEightLionStepsAndSixteenLionJumps) {
  auto v = make_variant(GameId::CHUSHOGI);
  const MoveDiagram d = movement_diagram(*v, v->kind_by_token("N"), 3);
  EXPECT_EQ(count(d, Reach::LION_STEP), 8);
  EXPECT_EQ(count(d, Reach::LION_JUMP), 16);
  EXPECT_EQ(count(d, Reach::STEP) + count(d, Reach::JUMP) + count(d, Reach::SLIDE), 0);
  EXPECT_TRUE(d.rays.empty());
}

TEST(MovementDiagram, HornedFalconHasLionPowerOnlyStraightForward) {
  auto v = make_variant(GameId::CHUSHOGI);
  const MoveDiagram d = movement_diagram(*v, v->kind_by_token("+H"), 3);
  EXPECT_EQ(d.at(0, 1).reach, Reach::LION_STEP);
  EXPECT_EQ(d.at(0, 2).reach, Reach::LION_JUMP);
  EXPECT_EQ(d.at(0, 3).reach, Reach::NONE);  // no slide forward
  EXPECT_EQ(d.at(0, -3).reach, Reach::SLIDE);
  EXPECT_EQ(d.at(1, 1).reach, Reach::SLIDE);
  EXPECT_EQ(d.rays.size(), 7u);  // four diagonals, both sideways, backward
  EXPECT_TRUE(d.promoted);
}

TEST(MovementDiagram, XiangqiCannonSlidesWithoutCapturingAndHopsToCapture) {
  auto v = make_variant(GameId::XIANGQI);
  const MoveDiagram d = movement_diagram(*v, v->kind_by_token("C"), 3);
  int move_only = 0, hop = 0;
  for (const Ray& r : d.rays) move_only += r.kind == Ray::MOVE_ONLY, hop += r.kind == Ray::HOP;
  EXPECT_EQ(move_only, 4);
  EXPECT_EQ(hop, 4);
  EXPECT_EQ(count(d, Reach::SLIDE), 4 * 3);
}

TEST(MovementDiagram, XiangqiHorseLeapsAreBlockedOnTheirLeg) {
  auto v = make_variant(GameId::XIANGQI);
  const MoveDiagram d = movement_diagram(*v, v->kind_by_token("N"), 3);
  EXPECT_EQ(count(d, Reach::LAME_LEAP), 8);
  EXPECT_EQ(d.at(1, 2).reach, Reach::LAME_LEAP);
  EXPECT_EQ(d.at(1, 2).leg_dx, 0);
  EXPECT_EQ(d.at(1, 2).leg_dy, 1);
  EXPECT_EQ(d.at(-2, -1).leg_dx, -1);
  EXPECT_EQ(d.at(-2, -1).leg_dy, 0);
}

TEST(MovementDiagram, XiangqiSoldierSidewaysStepsAreMarkedAsAfterTheRiver) {
  auto v = make_variant(GameId::XIANGQI);
  const MoveDiagram d = movement_diagram(*v, v->kind_by_token("P"), 3);
  EXPECT_FALSE(d.at(0, 1).conditional);
  EXPECT_TRUE(d.at(1, 0).conditional);
  EXPECT_TRUE(d.at(-1, 0).conditional);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0], "grey moves: only once across the river");
}

TEST(MovementDiagram, KingIsRoyalAndTokinIsPromoted) {
  auto v = make_variant(GameId::CHUSEIREIGI);
  EXPECT_TRUE(movement_diagram(*v, v->kind_by_token("K")).royal);
  EXPECT_FALSE(movement_diagram(*v, v->kind_by_token("P")).promoted);
  EXPECT_TRUE(movement_diagram(*v, v->kind_by_token("+P")).promoted);
}

}  // namespace
}  // namespace kirin::draw
