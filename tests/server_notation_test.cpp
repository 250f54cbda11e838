// The notation a player chooses, from the server: a game's moves (GET /api/games/ID?notation=)
// and an analysis board's line (GET /api/positions?notation=) in each of the games' notations; a
// game's event stream in the notation its page asked for, beside pages that asked for another.
#include <gtest/gtest.h>

#include <string>

#include "raw_http.h"
#include "server_test_util.h"

using kirin::test::TestServer;
using nlohmann::json;

namespace {

TestServer& server() {
  static TestServer s(kirin::test::test_db(kirin::test::Store::SQLITE, "notation"));
  return s;
}

std::string game_with(const std::string& game, const json& moves) {
  auto [st, g] =
      server().post("/api/games", json{{"game", game}, {"moves", moves}, {"opponent", {{"kind", "human"}}}}.dump());
  EXPECT_EQ(st, 201) << g.dump();
  return g["id"];
}

json notation_of(const std::string& id, const std::string& name) {
  auto [st, g] = server().get("/api/games/" + id + "?notation=" + name);
  EXPECT_EQ(st, 200) << g.dump();
  return g["notation"];
}

}  // namespace

TEST(ServerNotation, AXiangqiGamesMovesInEachOfItsNotations) {
  const std::string id = game_with("xiangqi", {"h2e2", "h9g7", "h0g2"});
  EXPECT_EQ(notation_of(id, "chinese"), json({"炮二平五", "马８进７", "马二进三"}));
  EXPECT_EQ(notation_of(id, "chinese-traditional"), json({"炮二平五", "馬８進７", "傌二進三"}));
  EXPECT_EQ(notation_of(id, "wxf"), json({"C2=5", "H8+7", "H2+3"}));
  EXPECT_EQ(notation_of(id, "iccs"), json({"h2e2", "h9g7", "h0g2"}));
  auto [st, why] = server().get("/api/games/" + id + "?notation=japanese");
  EXPECT_EQ(st, 400);
  EXPECT_EQ(why["error"],
            "unknown notation 'japanese' for xiangqi: it is written in wxf, chinese, chinese-traditional, iccs");
}

TEST(ServerNotation, AChuShogiGamesMovesInWesternJapaneseAndUsi) {
  // Pawns meet on 7f; Black takes back on the same square (同); White's Free King steps up.
  const std::string id = game_with("chushogi", {"7i7h", "7d7e", "7h7g", "7e7f", "7g7f", "7c7d"});
  EXPECT_EQ(notation_of(id, "japanese"), json({"７八歩", "７五歩", "７七歩", "７六歩", "同　歩", "７四奔"}));
  EXPECT_EQ(notation_of(id, "western"), json({"P-78", "P-75", "P-77", "P-76", "Px76", "FK-74"}));
  EXPECT_EQ(notation_of(id, "usi"), json({"7i7h", "7d7e", "7h7g", "7e7f", "7g7f", "7c7d"}));
  auto [st, why] = server().get("/api/games/" + id + "?notation=wxf");
  EXPECT_EQ(st, 400);
  EXPECT_EQ(why["error"], "unknown notation 'wxf' for chushogi: it is written in western, japanese, usi");
}

TEST(ServerNotation, AnAnalysisBoardsLineInTheChosenNotation) {
  auto [st, p] = server().get("/api/positions?game=xiangqi&moves=h2e2,h9g7&notation=chinese");
  ASSERT_EQ(st, 200) << p.dump();
  EXPECT_EQ(p["notation"], json({"炮二平五", "马８进７"}));
  auto [cst, c] = server().get("/api/positions?game=chushogi&moves=7i7h,7d7e&notation=japanese");
  ASSERT_EQ(cst, 200) << c.dump();
  EXPECT_EQ(c["notation"], json({"７八歩", "７五歩"}));
  auto [bad, why] = server().get("/api/positions?game=chushogi&moves=7i7h&notation=kif");
  EXPECT_EQ(bad, 400);
  EXPECT_EQ(why["error"], "unknown notation 'kif' for chushogi: it is written in western, japanese, usi");
}

// A hint's move and line come in the chosen notation too, written as the analysis board writes
// the same move.
TEST(ServerNotation, AHintIsInTheChosenNotation) {
  auto [st, hint] = server().post(
      "/api/analyse", json{{"game", "xiangqi"}, {"moves", {"h2e2"}}, {"strength", 1}, {"notation", "chinese"}}.dump());
  ASSERT_EQ(st, 200) << hint.dump();
  const std::string best = hint["best"];
  auto [pst, p] = server().get("/api/positions?game=xiangqi&moves=h2e2," + best + "&notation=chinese");
  ASSERT_EQ(pst, 200) << p.dump();
  EXPECT_EQ(hint["best_notation"], p["notation"][1]);
  EXPECT_EQ(hint["line_notation"].size(), hint["line"].size());
  if (!hint["line"].empty()) EXPECT_EQ(hint["line_notation"][0], hint["best_notation"]);
  auto [bad, why] =
      server().post("/api/analyse", json{{"game", "xiangqi"}, {"strength", 1}, {"notation", "western"}}.dump());
  EXPECT_EQ(bad, 400);
  EXPECT_EQ(why["error"],
            "unknown notation 'western' for xiangqi: it is written in wxf, chinese, chinese-traditional, iccs");
}

// A puzzle's verdict names the move, and Kirin's reply, in the chosen notation.
TEST(ServerNotation, APuzzlesAnswerIsInTheChosenNotation) {
  kirin::test::ServerSetup setup;
  auto sets = kirin::server::PuzzleSets::load(std::string(KIRIN_TEST_DATA) + "/../../data/puzzles");
  ASSERT_TRUE(sets) << sets.error();
  setup.api.puzzles = std::make_shared<const kirin::server::PuzzleSets>(std::move(*sets));
  TestServer s(kirin::test::test_db(kirin::test::Store::SQLITE, "notation-puzzles"), setup);
  auto [st, p] = s.get("/api/puzzles/xiangqi/1");
  ASSERT_EQ(st, 200) << p.dump();
  auto [sst, solution] = s.get("/api/puzzles/xiangqi/1/solution");
  ASSERT_EQ(sst, 200) << solution.dump();
  const std::string first = solution["solution"][0];
  auto [mst, answer] =
      s.post("/api/puzzles/xiangqi/1/move", json{{"moves", {first}}, {"notation", "chinese-traditional"}}.dump());
  ASSERT_EQ(mst, 200) << answer.dump();
  std::string fen = p["fen"];
  for (size_t at; (at = fen.find(' ')) != std::string::npos;) fen.replace(at, 1, "%20");
  auto [pst, line] =
      s.get("/api/positions?game=xiangqi&fen=" + fen + "&moves=" + first + "&notation=chinese-traditional");
  ASSERT_EQ(pst, 200) << line.dump();
  EXPECT_EQ(answer["move_notation"], line["notation"][0]);
}

// Each watcher is told every change in the notation it asked for, the pages' own beside it.
TEST(ServerNotation, AGamesEventStreamWritesItsMovesInTheNotationAsked) {
  auto [st, g] = server().post(
      "/api/games", json{{"game", "xiangqi"}, {"moves", {"h2e2"}}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201) << g.dump();
  const std::string id = g["id"], token = g["opponent_token"];
  kirin::test::RawConn chinese(server().port()), own(server().port()), bad(server().port());
  chinese.send("GET /api/games/" + id + "/events?notation=chinese HTTP/1.1\r\nHost: t\r\n\r\n");
  own.send("GET /api/games/" + id + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_NE(chinese.read_until("event: state\n", 5000).find("200 OK"), std::string::npos);
  EXPECT_NE(chinese.read_until("\n\n", 5000).find(R"("notation":["炮二平五"])"), std::string::npos);
  EXPECT_NE(own.read_until("event: state\n", 5000).find("200 OK"), std::string::npos);
  EXPECT_NE(own.read_until("\n\n", 5000).find(R"("notation":["C2=5"])"), std::string::npos);
  auto [moved, after] = server().post("/api/games/" + id + "/move", json{{"move", "h9g7"}, {"token", token}}.dump());
  ASSERT_EQ(moved, 200) << after.dump();
  EXPECT_NE(chinese.read_until("\n\n", 5000).find(R"("notation":["炮二平五","马８进７"])"), std::string::npos);
  EXPECT_NE(own.read_until("\n\n", 5000).find(R"("notation":["C2=5","H8+7"])"), std::string::npos);
  bad.send("GET /api/games/" + id + "/events?notation=western HTTP/1.1\r\nHost: t\r\n\r\n");
  const std::string refused = bad.read_until("}", 5000);
  EXPECT_NE(refused.find("400 Bad Request"), std::string::npos) << refused;
  EXPECT_NE(
      refused.find("unknown notation 'western' for xiangqi: it is written in wxf, chinese, chinese-traditional, iccs"),
      std::string::npos)
      << refused;
}

// A move's answer is written in the notation the page asked for, as its stream is; a notation the
// game is not written in is refused before the move is made.
TEST(ServerNotation, AnActionsAnswerWritesItsMovesInTheNotationAsked) {
  auto [st, g] = server().post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(st, 201) << g.dump();
  const std::string base = "/api/games/" + g["id"].get<std::string>();
  auto [bad, why] =
      server().post(base + "/move", json{{"move", "h2e2"}, {"token", g["token"]}, {"notation", "japanese"}}.dump());
  EXPECT_EQ(bad, 400);
  EXPECT_EQ(why["error"],
            "unknown notation 'japanese' for xiangqi: it is written in wxf, chinese, chinese-traditional, iccs");
  EXPECT_EQ(server().get(base).second["moves"], json::array());  // not made
  auto [moved, after] =
      server().post(base + "/move", json{{"move", "h2e2"}, {"token", g["token"]}, {"notation", "chinese"}}.dump());
  ASSERT_EQ(moved, 200) << after.dump();
  EXPECT_EQ(after["notation"], json({"炮二平五"}));
}

// A typed move is matched against the legal moves written in the player's notation: one request.
TEST(ServerNotation, ThePositionsLegalMovesInTheNotationAsked) {
  auto [st, p] = server().get("/api/positions?game=xiangqi&moves=h2e2&notation=chinese");
  ASSERT_EQ(st, 200) << p.dump();
  ASSERT_EQ(p["legal_notation"].size(), p["legal_moves"].size());
  int found = 0;
  for (size_t i = 0; i < p["legal_moves"].size(); ++i)
    if (p["legal_moves"][i] == "h9g7") found += p["legal_notation"][i] == "马８进７";
  EXPECT_EQ(found, 1);
  EXPECT_FALSE(server().get("/api/positions?game=xiangqi&moves=h2e2").second.contains("legal_notation"));
  // Japanese writes a recapture on the last move's square 同.
  auto [sst, s] = server().get("/api/positions?game=chushogi&moves=7i7h,7d7e,7h7g,7e7f&notation=japanese");
  ASSERT_EQ(sst, 200) << s.dump();
  found = 0;
  for (size_t i = 0; i < s["legal_moves"].size(); ++i)
    if (s["legal_moves"][i] == "7g7f") found += s["legal_notation"][i] == "同　歩";
  EXPECT_EQ(found, 1);
}

// A problem's position may lack the attacker's royal (a tsume's): `setup=problem` writes its moves
// as a game's; without it such a start is refused as no game's.
TEST(ServerNotation, AProblemsLineIsWrittenFromAPositionWithoutTheAttackersKing) {
  const std::string fen = "9/3k5/9/5P3/9/9/9/9/9/9%20w%20-%20-%200%201";  // no Red General
  auto [st, p] = server().get("/api/positions?game=xiangqi&setup=problem&fen=" + fen + "&moves=f6f7&notation=wxf");
  ASSERT_EQ(st, 200) << p.dump();
  EXPECT_EQ(p["notation"], json({"P4+1"}));
  EXPECT_EQ(p["positions"].size(), 2u);
  EXPECT_EQ(server().get("/api/positions?game=xiangqi&fen=" + fen).first, 400);
  auto [bad, why] = server().get("/api/positions?game=xiangqi&setup=tsume&fen=" + fen);
  EXPECT_EQ(bad, 400);
  EXPECT_EQ(why["error"], "setup must be 'game' or 'problem'");
}
