// GET /api/rules/GAME/pieces and /api/rules/GAME/diagram: the piece guide's data, piece by piece
// exactly as the web's board marks and /learn pages read it, and the movement diagrams.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server_test_util.h"

using kirin::test::TestServer;
using nlohmann::json;

namespace {

json piece(const json& answer, const std::string& token) {
  for (const json& p : answer["pieces"])
    if (p["token"] == token) return p;
  return nullptr;
}

// Every square within two, row by row from the far side: the Lion's 8 steps and 16 jumps.
json lion_moves() {
  json moves = json::array();
  for (int dy = 2; dy >= -2; --dy)
    for (int dx = -2; dx <= 2; ++dx)
      if (dx || dy)
        moves.push_back(
            {{"dx", dx}, {"dy", dy}, {"reach", std::max(std::abs(dx), std::abs(dy)) == 1 ? "lion_step" : "lion_jump"}});
  return moves;
}

}  // namespace

TEST(ServerRulesGuide, ChuShogiPiecesAreGivenExactly) {
  TestServer s(kirin::test::temp_db("guide-chu"));
  auto [status, body] = s.get("/api/rules/chushogi/pieces");
  ASSERT_EQ(status, 200) << body.dump();
  EXPECT_EQ(body["game"], "chushogi");
  EXPECT_EQ(body["pieces"].size(), 39u);
  EXPECT_EQ(piece(body, "N"), json({{"token", "N"},
                                    {"name", "Lion"},
                                    {"kanji", "獅子"},
                                    {"kanji_board", "獅"},
                                    {"promotes_to", ""},
                                    {"promoted_from", ""},
                                    {"royal", false},
                                    {"moves", lion_moves()},
                                    {"rays", json::array()},
                                    {"notes", {"a Lion for the Lion-trading rules"}}}));
  EXPECT_EQ(piece(body, "O"), json::parse(R"({"token": "O", "name": "Kirin", "kanji": "麒麟", "kanji_board": "麒",
    "promotes_to": "+O", "promoted_from": "", "royal": false, "rays": [], "notes": [],
    "moves": [{"dx": 0, "dy": 2, "reach": "jump"}, {"dx": -1, "dy": 1, "reach": "step"},
              {"dx": 1, "dy": 1, "reach": "step"}, {"dx": -2, "dy": 0, "reach": "jump"},
              {"dx": 2, "dy": 0, "reach": "jump"}, {"dx": -1, "dy": -1, "reach": "step"},
              {"dx": 1, "dy": -1, "reach": "step"}, {"dx": 0, "dy": -2, "reach": "jump"}]})"));
  // The promoted Kirin is a Lion in all but name.
  json promoted = piece(body, "+O");
  EXPECT_EQ(promoted["name"], "Lion-mover");
  EXPECT_EQ(promoted["promoted_from"], "O");
  EXPECT_EQ(promoted["kanji_board"], "成獅");
  EXPECT_EQ(promoted["moves"], lion_moves());
  // A ranging piece: the slides as rays, the diagonal steps as moves.
  EXPECT_EQ(piece(body, "D"), json::parse(R"({"token": "D", "name": "Dragon King", "kanji": "龍王",
    "kanji_board": "龍", "promotes_to": "+D", "promoted_from": "", "royal": false, "notes": [],
    "moves": [{"dx": -1, "dy": 1, "reach": "step"}, {"dx": 1, "dy": 1, "reach": "step"},
              {"dx": -1, "dy": -1, "reach": "step"}, {"dx": 1, "dy": -1, "reach": "step"}],
    "rays": [{"dx": 1, "dy": 0, "ray": "slide"}, {"dx": 0, "dy": 1, "ray": "slide"},
             {"dx": 0, "dy": -1, "ray": "slide"}, {"dx": -1, "dy": 0, "ray": "slide"}]})"));
  // The Horned Falcon: slides everywhere but forward, where it has the Lion's power.
  json falcon = piece(body, "+H");
  EXPECT_EQ(falcon["moves"], json::parse(R"([{"dx": 0, "dy": 2, "reach": "lion_jump"},
                                            {"dx": 0, "dy": 1, "reach": "lion_step"}])"));
  EXPECT_EQ(falcon["rays"].size(), 7u);
  for (const json& r : falcon["rays"]) EXPECT_FALSE(r["dx"] == 0 && r["dy"] == 1) << r.dump();
  EXPECT_EQ(piece(body, "K")["notes"], json({"royal: a player who has lost every royal piece loses"}));
  EXPECT_EQ(body["legend"][0], json({{"mark", "step"}, {"text", "steps to this square"}}));
}

TEST(ServerRulesGuide, XiangqiPiecesCarryTheirLegsRegionsAndScreens) {
  TestServer s(kirin::test::temp_db("guide-xq"));
  auto [status, body] = s.get("/api/rules/xiangqi/pieces");
  ASSERT_EQ(status, 200) << body.dump();
  EXPECT_EQ(body["pieces"].size(), 7u);
  EXPECT_EQ(piece(body, "N"), json::parse(R"({"token": "N", "name": "Horse", "kanji": "傌", "kanji_board": "傌",
    "kanji_second": "馬", "promotes_to": "", "promoted_from": "", "royal": false, "rays": [], "notes": [],
    "moves": [{"dx": -1, "dy": 2, "leg": [0, 1], "reach": "lame_leap"}, {"dx": 1, "dy": 2, "leg": [0, 1], "reach": "lame_leap"},
              {"dx": -2, "dy": 1, "leg": [-1, 0], "reach": "lame_leap"}, {"dx": 2, "dy": 1, "leg": [1, 0], "reach": "lame_leap"},
              {"dx": -2, "dy": -1, "leg": [-1, 0], "reach": "lame_leap"}, {"dx": 2, "dy": -1, "leg": [1, 0], "reach": "lame_leap"},
              {"dx": -1, "dy": -2, "leg": [0, -1], "reach": "lame_leap"}, {"dx": 1, "dy": -2, "leg": [0, -1], "reach": "lame_leap"}]})"));
  EXPECT_EQ(piece(body, "P")["moves"], json::parse(R"([{"dx": 0, "dy": 1, "reach": "step"},
    {"dx": -1, "dy": 0, "reach": "step", "from": "enemy_half"}, {"dx": 1, "dy": 0, "reach": "step", "from": "enemy_half"}])"));
  EXPECT_EQ(piece(body, "K")["moves"][0], json::parse(R"({"dx": 0, "dy": 1, "reach": "step", "to": "palace"})"));
  EXPECT_EQ(piece(body, "B")["notes"], json({"never crosses the river"}));
  json cannon_rays = json::array();
  for (const char* kind : {"move_only", "hop"})
    for (auto [dx, dy] : {std::pair{1, 0}, {0, 1}, {0, -1}, {-1, 0}})
      cannon_rays.push_back({{"dx", dx}, {"dy", dy}, {"ray", kind}});
  EXPECT_EQ(piece(body, "C")["rays"], cannon_rays);
  EXPECT_EQ(piece(body, "C")["moves"], json::array());
}

TEST(ServerRulesGuide, RuleOptionsChangeThePieces) {
  TestServer s(kirin::test::temp_db("guide-options"));
  auto [status, hawk] = s.get("/api/rules/chuseireigi/pieces?options=lion=hawk");
  ASSERT_EQ(status, 200) << hawk.dump();
  // The Lion Hawk slides diagonally; its diagonal jumps two away stay jumps (they pass a block).
  json lion = piece(hawk, "I");
  EXPECT_EQ(lion["rays"].size(), 4u);
  EXPECT_EQ(lion["moves"][0], json::parse(R"({"dx": -2, "dy": 2, "reach": "jump"})"));
  auto [status2, legacy] = s.get("/api/rules/chuseireigi/pieces?options=rules=legacy");
  ASSERT_EQ(status2, 200);
  EXPECT_EQ(piece(legacy, "+O")["moves"][6], json::parse(R"({"dx": -1, "dy": 1, "reach": "sting"})"));
  EXPECT_EQ(piece(legacy, "+H")["name"], "Horned Falcon");
  EXPECT_EQ(piece(legacy, "P")["notes"], json({"must promote on reaching the last rank, and may not be dropped there",
                                               "may not be dropped on a file that holds an unpromoted one of its side",
                                               "may not be dropped to give mate at once"}));
}

TEST(ServerRulesGuide, BadGamesOptionsAndPiecesAreRefused) {
  TestServer s(kirin::test::temp_db("guide-bad"));
  auto [st1, b1] = s.get("/api/rules/chess/pieces");
  EXPECT_EQ(st1, 404);
  EXPECT_EQ(b1["error"], "unknown game 'chess' (expected xiangqi, chushogi or chuseireigi)");
  auto [st2, b2] = s.get("/api/rules/xiangqi/pieces?options=lion=hawk");
  EXPECT_EQ(st2, 400);
  EXPECT_EQ(b2["error"], "unknown rule option 'lion' for xiangqi");
  auto [st3, b3] = s.get("/api/rules/xiangqi/diagram?piece=Z");
  EXPECT_EQ(st3, 400);
  EXPECT_EQ(b3["error"], "no piece 'Z' in xiangqi");
  auto [st4, b4] = s.get("/api/rules/xiangqi/diagram?piece=N&pieces=runes");
  EXPECT_EQ(st4, 400);
  EXPECT_EQ(b4["error"], "unknown piece style 'runes' (expected kanji, mnemonic, letters or westernized)");
  EXPECT_EQ(s.get("/api/rules/xiangqi/moves").first, 404);
  EXPECT_EQ(s.post("/api/rules/xiangqi/pieces", "{}").first, 405);
}

TEST(ServerRulesGuide, MovementDiagramsAreSvgAndKept) {
  TestServer s(kirin::test::temp_db("guide-svg"));
  auto c = s.client();
  auto first = c.Get("/api/rules/chushogi/diagram?piece=%2BO");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->status, 200);
  EXPECT_EQ(first->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_NE(first->body.find("<svg"), std::string::npos);
  EXPECT_NE(first->body.find("width=\"240pt\""), std::string::npos);
  // The same piece under other rule options is the same drawing; another piece is not.
  auto again = c.Get("/api/rules/chushogi/diagram?piece=%2BO&options=lastrank=pawn");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->body, first->body);
  auto lion = c.Get("/api/rules/chushogi/diagram?piece=N");
  ASSERT_TRUE(lion);
  EXPECT_NE(lion->body, first->body);
  // Not limited like the position diagrams: a /learn page asks for every piece at once.
  int ok = 0;
  for (int i = 0; i < 40; ++i) {
    auto r = c.Get("/api/rules/xiangqi/diagram?piece=C");
    ok += r && r->status == 200;
  }
  EXPECT_EQ(ok, 40);
}
