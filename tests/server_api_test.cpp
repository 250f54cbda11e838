// The JSON API against a real server on a loopback port.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>

#include "raw_http.h"
#include "server_test_util.h"

using kirin::test::TestServer;
using nlohmann::json;

namespace {

struct Created {
  std::string id, token, other;
};

Created create_human_game(const TestServer& s, const std::string& game) {
  auto [status, body] = s.post("/api/games", json{{"game", game}, {"opponent", {{"kind", "human"}}}}.dump());
  EXPECT_EQ(status, 201) << body.dump();
  return {body["id"], body["token"], body["opponent_token"]};
}

json move(const std::string& token, const std::string& m) { return {{"token", token}, {"move", m}}; }

}  // namespace

class ServerApi : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerApi);

TEST_P(ServerApi, CreatesGamesOfEachKindWithLegalMoves) {
  TestServer s(db("create"));
  for (const char* game : {"chushogi", "chuseireigi", "xiangqi"}) {
    auto [status, body] = s.post("/api/games", json{{"game", game}}.dump());
    ASSERT_EQ(status, 201) << body.dump();
    EXPECT_EQ(body["you"], "first");
    EXPECT_EQ(body["token"].get<std::string>().size(), 32u);
    EXPECT_EQ(body["players"]["second"]["kind"], "kirin");
    EXPECT_FALSE(body["legal_moves"].empty());
  }
  EXPECT_EQ(s.post("/api/games", R"({"game":"chess"})").first, 400);
}

// The editor writes hands in the order of hand_kinds; the server must write them the same way.
TEST_P(ServerApi, HandKindsAreListedInTheSfenOrder) {
  TestServer s(db("handkinds"));
  auto [status, body] = s.get("/api/variants");
  ASSERT_EQ(status, 200);
  for (const json& g : body["games"]) {
    if (!g["drops"].get<bool>()) {
      EXPECT_TRUE(g["hand_kinds"].empty()) << g["id"];
      continue;
    }
    std::string first, second;
    for (const json& t : g["hand_kinds"]) {
      first += t.get<std::string>();
      second += char(std::tolower(static_cast<unsigned char>(t.get<std::string>()[0])));
    }
    ASSERT_FALSE(first.empty());
    // Given in reverse, the hands come back in the listed order.
    std::string reversed(second.rbegin(), second.rend());
    reversed += std::string(first.rbegin(), first.rend());
    std::string start = g["start_fen"];
    std::string fen = start.substr(0, start.find(' ')) + " b " + reversed + " 1";
    auto [st, created] = s.post("/api/games", json{{"game", g["id"]}, {"fen", fen}}.dump());
    ASSERT_EQ(st, 201) << created.dump();
    std::string written = created["fen"];
    EXPECT_EQ(written.substr(written.find(" b ") + 3), first + second + " 1");
  }
}

TEST_P(ServerApi, RejectsBadJsonAndBadFields) {
  TestServer s(db("badjson"));
  auto g = create_human_game(s, "xiangqi");
  auto [st1, b1] = s.post("/api/games/" + g.id + "/move", "{bad");
  EXPECT_EQ(st1, 400);
  EXPECT_EQ(b1["error"].get<std::string>().rfind("bad JSON: ", 0), 0u) << b1.dump();
  auto [st2, b2] = s.post("/api/games/" + g.id + "/move", "[1,2]");
  EXPECT_EQ(st2, 400);
  EXPECT_EQ(b2["error"], "bad JSON: the body must be an object");
  auto [st3, b3] = s.post("/api/games/" + g.id + "/move", R"({"token":5,"move":"h2e2"})");
  EXPECT_EQ(st3, 400);
  EXPECT_EQ(b3["error"], "bad request: token: expected a string");
  auto [st7, b7] = s.post("/api/games", R"({"game":"xiangqi","opponent":{"kind":"kirin","strength":"max"}})");
  EXPECT_EQ(st7, 400);
  EXPECT_EQ(b7["error"], "bad request: opponent.strength: expected a whole number");
  auto [st5, b5] = s.post("/api/games", json{{"game", "chushogi"}, {"options", 5}}.dump());
  EXPECT_EQ(st5, 400);
  EXPECT_EQ(b5["error"], "bad request: options: expected a list of strings");
  auto [st6, b6] = s.post("/api/games", json{{"game", "chushogi"}, {"moves", {"7g7f", 3}}}.dump());
  EXPECT_EQ(st6, 400);
  EXPECT_EQ(b6["error"], "bad request: moves: expected a list of strings");
  auto [st4, b4] = s.post("/api/games/" + g.id + "/move", json{{"token", g.token}}.dump());
  EXPECT_EQ(st4, 400);
  EXPECT_EQ(b4["error"], "missing field 'move'");
  EXPECT_EQ(s.get("/api/games/ffffffffffff").first, 404);
}

TEST_P(ServerApi, IllegalMovesWrongPlayerAndWrongToken) {
  TestServer s(db("illegal"));
  auto g = create_human_game(s, "xiangqi");
  std::string path = "/api/games/" + g.id + "/move";
  auto [st1, b1] = s.post(path, move(g.token, "a0a5").dump());
  EXPECT_EQ(st1, 400);
  EXPECT_EQ(b1["error"].get<std::string>().rfind("illegal move a0a5: ", 0), 0u) << b1.dump();
  auto [st2, b2] = s.post(path, move(g.other, "h7e7").dump());
  EXPECT_EQ(st2, 403);
  EXPECT_EQ(b2["error"], "not your turn");
  auto [st3, b3] = s.post(path, move("00000000000000000000000000000000", "h2e2").dump());
  EXPECT_EQ(st3, 403);
  EXPECT_EQ(b3["error"], "only the players of game " + g.id + " may do that (bad or missing token)");
  auto [st4, b4] = s.post(path, move(g.token, "h2e2").dump());
  ASSERT_EQ(st4, 200) << b4.dump();
  EXPECT_EQ(b4["moves"], json::array({"h2e2"}));
  EXPECT_EQ(b4["side_to_move"], "second");
  // A spectator sees the game but no seat.
  auto [st5, b5] = s.get("/api/games/" + g.id);
  EXPECT_EQ(st5, 200);
  EXPECT_TRUE(b5["you"].is_null());
  EXPECT_EQ(b5["ply"], 1);
}

// A trailing slash names the same route: the action is the path's last segment before it.
TEST_P(ServerApi, ATrailingSlashIsTheSameRoute) {
  TestServer s(db("slash"));
  auto g = create_human_game(s, "xiangqi");
  auto [st, b] = s.post("/api/games/" + g.id + "/move/", move(g.token, "h2e2").dump());
  ASSERT_EQ(st, 200) << b.dump();
  EXPECT_EQ(b["moves"], json::array({"h2e2"}));
  EXPECT_EQ(s.get("/api/games/" + g.id + "/").second["ply"], 1);
}

TEST_P(ServerApi, IdleGamesLeaveMemoryNotTheStore) {
  TestServer s(db("cache"), {.service = {.cache_games = 4}});
  std::vector<Created> games;
  for (int i = 0; i < 10; ++i) {
    games.push_back(create_human_game(s, "xiangqi"));
    auto [st, b] = s.post("/api/games/" + games.back().id + "/move", move(games.back().token, "h2e2").dump());
    ASSERT_EQ(st, 200) << b.dump();
    EXPECT_LE(s.loaded_games(), 4u);
  }
  EXPECT_EQ(s.loaded_games(), 4u);
  // Every game comes back from the store intact and playable.
  for (const Created& g : games) {
    auto [st, b] = s.post("/api/games/" + g.id + "/move", move(g.other, "h7e7").dump());
    ASSERT_EQ(st, 200) << b.dump();
    EXPECT_EQ(b["moves"], json::array({"h2e2", "h7e7"}));
    EXPECT_LE(s.loaded_games(), 4u);
  }
}

// A refusal names its reason by a code and gives the values its words name (docs/api.md), so a
// page can say it in the reader's language; a refusal that is only its words has its kind's code.
TEST_P(ServerApi, RefusalsNameTheirReasonByCode) {
  TestServer s(db("codes"));
  auto g = create_human_game(s, "xiangqi");
  const std::string path = "/api/games/" + g.id + "/move";
  auto [st1, b1] = s.post(path, move(g.token, "a0a5").dump());
  EXPECT_EQ(st1, 400);
  // The rules' "illegal move 'a0a5': " is said once, not twice.
  EXPECT_EQ(b1.dump(), R"j({"code":"illegal_move","error":"illegal move a0a5: the Chariot on a0 cannot move to a5",)j"
                       R"j("params":{"move":"a0a5","reason":"the Chariot on a0 cannot move to a5"}})j");
  auto [st2, b2] = s.post(path, move(g.other, "h7e7").dump());
  EXPECT_EQ(st2, 403);
  EXPECT_EQ(b2.dump(), R"j({"code":"not_your_turn","error":"not your turn"})j");
  auto [st3, b3] = s.post(path, json{{"token", g.token}}.dump());
  EXPECT_EQ(st3, 400);
  EXPECT_EQ(b3.dump(), R"j({"code":"bad_request","error":"missing field 'move'"})j");
  auto [st4, b4] = s.get("/api/nothing");
  EXPECT_EQ(st4, 404);
  EXPECT_EQ(b4["code"], "no_such_api");
  EXPECT_EQ(b4["params"], json({{"path", "/api/nothing"}}));
  auto [st5, b5] = s.get("/api/games/" + g.id + "/resign");
  EXPECT_EQ(st5, 405);
  EXPECT_EQ(b5["code"], "method_not_allowed");
  ASSERT_EQ(s.post("/api/games/" + g.id + "/resign", json{{"token", g.other}}.dump()).first, 200);
  auto [st6, b6] = s.post(path, move(g.token, "h2e2").dump());
  EXPECT_EQ(st6, 409);
  EXPECT_EQ(b6.dump(),
            R"j({"code":"game_over","error":"the game is over (resignation)","params":{"reason":"resignation"}})j");
}

TEST_P(ServerApi, NoMovesAfterTheEnd) {
  TestServer s(db("end"));
  auto g = create_human_game(s, "chushogi");
  auto [st1, b1] = s.post("/api/games/" + g.id + "/resign", json{{"token", g.other}}.dump());
  ASSERT_EQ(st1, 200);
  EXPECT_EQ(b1["result"], "1-0");
  EXPECT_EQ(b1["reason"], "resignation");
  EXPECT_TRUE(b1["legal_moves"].empty());
  auto [st2, b2] = s.post("/api/games/" + g.id + "/move", move(g.token, "7i7h").dump());
  EXPECT_EQ(st2, 409);
  EXPECT_EQ(b2["error"], "the game is over (resignation)");
}

TEST_P(ServerApi, DrawOfferAndTakeback) {
  TestServer s(db("draw"));
  auto g = create_human_game(s, "xiangqi");
  std::string base = "/api/games/" + g.id;
  EXPECT_EQ(s.post(base + "/move", move(g.token, "h2e2").dump()).first, 200);
  auto [st1, b1] = s.post(base + "/takeback", json{{"token", g.token}}.dump());
  EXPECT_EQ(st1, 200);
  EXPECT_EQ(b1["takeback_request"], "first");
  auto [st2, b2] = s.post(base + "/takeback", json{{"token", g.other}, {"action", "accept"}}.dump());
  EXPECT_EQ(st2, 200);
  EXPECT_EQ(b2["ply"], 0);
  EXPECT_EQ(s.post(base + "/draw", json{{"token", g.token}, {"action", "accept"}}.dump()).second["error"],
            "no draw offer to accept");
  EXPECT_EQ(s.post(base + "/draw", json{{"token", g.token}}.dump()).first, 200);
  auto [st3, b3] = s.post(base + "/draw", json{{"token", g.other}, {"action", "accept"}}.dump());
  EXPECT_EQ(st3, 200);
  EXPECT_EQ(b3["result"], "1/2-1/2");
  EXPECT_EQ(b3["reason"], "agreed draw");
}

// An offer's step is read before anything else is done: an unknown word is a 400 that lists the
// words, whoever sends it and whatever the game's state.
TEST_P(ServerApi, UnknownOfferStepsAreRefusedWithTheirWords) {
  TestServer s(db("offer-words"));
  auto g = create_human_game(s, "xiangqi");
  const std::string base = "/api/games/" + g.id;
  auto [st1, b1] = s.post(base + "/draw", json{{"token", g.token}, {"action", "propose"}}.dump());
  EXPECT_EQ(st1, 400);
  EXPECT_EQ(b1["error"], "unknown draw action 'propose' (offer, accept, decline or claim)");
  auto [st2, b2] = s.post(base + "/takeback", json{{"token", g.token}, {"action", "offer"}}.dump());
  EXPECT_EQ(st2, 400);
  EXPECT_EQ(b2["error"], "unknown takeback action 'offer' (request, accept or decline)");
  auto [st3, b3] = s.post(base + "/rematch", json{{"token", g.token}, {"action", "claim"}}.dump());
  EXPECT_EQ(st3, 400);
  EXPECT_EQ(b3["error"], "unknown rematch action 'claim' (offer, accept or decline)");
  // Nothing changed: the game goes on with no offer standing.
  auto [st4, b4] = s.get(base);
  ASSERT_EQ(st4, 200);
  EXPECT_EQ(b4["result"], "");
  EXPECT_TRUE(b4["draw_offer"].is_null()) << b4.dump();
  EXPECT_TRUE(b4["takeback_request"].is_null()) << b4.dump();
}

TEST_P(ServerApi, ConcurrentMovesOnOneGameApplyOnce) {
  TestServer s(db("concurrent"));
  auto g = create_human_game(s, "chushogi");
  std::atomic<int> ok{0}, refused{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      auto [st, b] = s.post("/api/games/" + g.id + "/move", move(g.token, "7i7h").dump());
      (st == 200 ? ok : refused)++;
      if (st != 200) {
        EXPECT_EQ(b["error"], "not your turn");
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok, 1);
  EXPECT_EQ(refused, 7);
  EXPECT_EQ(s.get("/api/games/" + g.id).second["moves"], json::array({"7i7h"}));
}

TEST_P(ServerApi, GamesSurviveARestart) {
  std::string stored = db("restart");
  Created g;
  {
    TestServer s(stored);
    g = create_human_game(s, "chuseireigi");
    ASSERT_EQ(s.post("/api/games/" + g.id + "/move", move(g.token, "6i6h").dump()).first, 200);
  }
  TestServer s(stored);
  auto [st, b] = s.get("/api/games/" + g.id + "?token=" + g.other);
  ASSERT_EQ(st, 200);
  EXPECT_EQ(b["moves"], json::array({"6i6h"}));
  EXPECT_EQ(b["you"], "second");
  EXPECT_EQ(s.post("/api/games/" + g.id + "/move", move(g.other, "6d6e").dump()).first, 200);
}

TEST_P(ServerApi, KirinAnswersOnItsWorkerThread) {
  TestServer s(db("kirin"), {.bots = kirin::test::engine_bots()});
  auto [st, b] =
      s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}}.dump());
  ASSERT_EQ(st, 201);
  std::string id = b["id"], token = b["token"];
  ASSERT_EQ(s.post("/api/games/" + id + "/move", move(token, "h2e2").dump()).first, 200);
  json state;
  for (int i = 0; i < 500; ++i) {  // Kirin's reply arrives by itself; poll for it
    state = s.get("/api/games/" + id).second;
    if (state["ply"] == 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(state["ply"], 2);
  EXPECT_EQ(state["side_to_move"], "first");
}

TEST_P(ServerApi, EventsStreamSendsTheState) {
  TestServer s(db("events"));
  auto g = create_human_game(s, "xiangqi");
  auto c = s.client();
  std::string got;
  c.Get("/api/games/" + g.id + "/events", [&](const char* data, size_t n) {
    got.append(data, n);
    return got.find("\n\n") == std::string::npos;  // stop after the first event
  });
  EXPECT_EQ(got.rfind("event: state\ndata: {", 0), 0u) << got;
}

// The state carries the position after each ply: all of them when asked for (and first on the
// stream); after a change, those from the ply before the last move, the page having the others.
TEST_P(ServerApi, StatesCarryThePositionAfterEachPly) {
  TestServer s(db("positions"));
  auto g = create_human_game(s, "chushogi");
  const std::string base = "/api/games/" + g.id;
  kirin::test::RawConn watcher(s.port());
  watcher.send("GET " + base + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  // The JSON of the next event on the stream.
  auto next_event = [&] {
    std::string got = watcher.read_until("\n\n");
    size_t at = got.find("\ndata: {");
    return at == std::string::npos ? json() : json::parse(got.substr(at + 7, got.find('\n', at + 1) - at - 7));
  };
  json first = next_event();
  EXPECT_EQ(first["positions_from"], 0);
  EXPECT_EQ(first["positions"], json::array({first["fen"]}));

  auto [s1, b1] = s.post(base + "/move", move(g.token, "7i7h").dump());
  ASSERT_EQ(s1, 200) << b1.dump();
  EXPECT_EQ(b1["positions_from"], 0);
  EXPECT_EQ(b1["positions"], json::array({first["fen"], b1["fen"]}));
  auto [s2, b2] = s.post(base + "/move", move(g.other, "6d6e").dump());
  ASSERT_EQ(s2, 200) << b2.dump();
  EXPECT_EQ(b2["positions_from"], 1);
  EXPECT_EQ(b2["positions"], json::array({b1["fen"], b2["fen"]}));
  EXPECT_EQ(next_event()["positions"], b1["positions"]);
  json pushed = next_event();
  EXPECT_EQ(pushed["positions_from"], 1);
  EXPECT_EQ(pushed["positions"], b2["positions"]);

  auto [gs, whole] = s.get(base);
  ASSERT_EQ(gs, 200);
  EXPECT_EQ(whole["positions_from"], 0);
  EXPECT_EQ(whole["positions"], json::array({first["fen"], b1["fen"], b2["fen"]}));
  // A new watcher gets them all.
  kirin::test::RawConn late(s.port());
  late.send("GET " + base + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  std::string got = late.read_until("\n\n");
  EXPECT_NE(got.find("\"positions\":" + whole["positions"].dump()), std::string::npos) << got.substr(0, 300);
  // A take-back: the positions before it are the page's already.
  auto [s3, b3] = s.post(base + "/takeback", json{{"token", g.token}, {"action", "request"}}.dump());
  ASSERT_EQ(s3, 200);
  auto [s4, b4] = s.post(base + "/takeback", json{{"token", g.other}, {"action", "accept"}}.dump());
  ASSERT_EQ(s4, 200) << b4.dump();
  EXPECT_EQ(b4["ply"], 0);
  EXPECT_EQ(b4["positions_from"], 0);
  EXPECT_EQ(b4["positions"], json::array({first["fen"]}));
}

// The analysis board's positions: the server plays the line, or says which move is not legal.
TEST_P(ServerApi, PositionsAlongALine) {
  TestServer s(db("positions-line"));
  auto [st, b] = s.get("/api/positions?game=xiangqi&moves=h2e2,h9g7");
  ASSERT_EQ(st, 200) << b.dump();
  ASSERT_EQ(b["positions"].size(), 3u);
  EXPECT_EQ(b["positions"][2], "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
  // The moves as the game page writes them, and the legal moves at the end (the analysis board's dots).
  EXPECT_EQ(b["notation"], json::array({"C2=5", "H8+7"}));
  auto [made, game] = s.post(
      "/api/games", json{{"game", "xiangqi"}, {"moves", {"h2e2", "h9g7"}}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(made, 201);
  EXPECT_EQ(b["legal_moves"], game["legal_moves"]);
  EXPECT_EQ(b["legal_moves"].size(), 35u);
  auto [bad, why] = s.get("/api/positions?game=xiangqi&moves=h2e2,a0a5");
  EXPECT_EQ(bad, 400);
  EXPECT_EQ(why["error"].get<std::string>().rfind("move 2 (a0a5): ", 0), 0u) << why.dump();
  EXPECT_EQ(s.get("/api/positions?moves=h2e2").first, 400);
}

TEST_P(ServerApi, RecordsExportAndImport) {
  TestServer s(db("records"));
  auto g = create_human_game(s, "xiangqi");
  std::string base = "/api/games/" + g.id;
  ASSERT_EQ(s.post(base + "/move", move(g.token, "h2e2").dump()).first, 200);
  auto [st1, b1] = s.post(base + "/move", move(g.other, "h9g7").dump());
  ASSERT_EQ(st1, 200);
  EXPECT_EQ(b1["notation"], json::array({"C2=5", "H8+7"}));
  auto [st2, usi] = s.get(base + "/record?format=usi");
  ASSERT_EQ(st2, 200);
  EXPECT_NE(usi["text"].get<std::string>().find("moves h2e2 h9g7"), std::string::npos) << usi.dump();
  auto [st3, pgn] = s.get(base + "/record?format=pgn");
  ASSERT_EQ(st3, 200);
  EXPECT_NE(pgn["text"].get<std::string>().find("C2=5"), std::string::npos) << pgn.dump();
  EXPECT_EQ(s.get(base + "/record?format=kif").second["error"],
            "KIF records are for the shogi games; use PGN for xiangqi");
  EXPECT_EQ(
      s.get(base + "/record?format=doc").second["error"],
      "unknown record format 'doc' (expected usi, gc, kif, pgn, wxf, iccs, chinese, chinese-traditional or dhtmlxq)");
  // The PGN comes back in as a new game with the same moves.
  auto [st4, imported] = s.post("/api/games", json{{"game", "xiangqi"}, {"record", pgn["text"]}}.dump());
  ASSERT_EQ(st4, 201) << imported.dump();
  EXPECT_EQ(imported["moves"], json::array({"h2e2", "h9g7"}));
}

TEST_P(ServerApi, ResignationSurvivesARestart) {
  std::string stored = db("resign-restart");
  Created g;
  {
    TestServer s(stored);
    g = create_human_game(s, "chushogi");
    ASSERT_EQ(s.post("/api/games/" + g.id + "/resign", json{{"token", g.token}}.dump()).first, 200);
  }
  TestServer s(stored);
  auto [st, b] = s.get("/api/games/" + g.id);
  ASSERT_EQ(st, 200);
  EXPECT_EQ(b["result"], "0-1");
  EXPECT_EQ(b["reason"], "resignation");
  EXPECT_EQ(s.post("/api/games/" + g.id + "/move", move(g.token, "7i7h").dump()).first, 409);
}

TEST_P(ServerApi, AnalysisGivesKirinsBestLine) {
  TestServer s(db("analyse"), {.bots = kirin::test::engine_bots()});
  // Red mates at once: the Chariot to the d-file (the General may not step onto the open e-file).
  auto [st, b] = s.post(
      "/api/analyse", json{{"game", "xiangqi"}, {"fen", "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"}, {"strength", 2}}.dump());
  ASSERT_EQ(st, 200) << b.dump();
  EXPECT_EQ(b["best"], "a1d1");
  EXPECT_EQ(b["line"][0], "a1d1");
  EXPECT_GT(b["score"].get<int>(), 29000);  // a mate score
  EXPECT_EQ(s.post("/api/analyse", R"({"game":"xiangqi","moves":["a0a5"]})").first, 400);
}

// A Chu Shogi game by the JCSA's (or lishogi's) rules keeps its rule set in the store and shows
// it; an unknown rule set is refused by name and no game is made.
TEST_P(ServerApi, ChuShogiRuleSetsAreStoredAndShown) {
  const std::string stored = db("rule-sets");
  std::string id;
  {
    TestServer s(stored);
    auto [bad, refused] = s.post("/api/games", json{{"game", "chushogi"}, {"options", {"rules=fide"}}}.dump());
    EXPECT_EQ(bad, 400);
    EXPECT_EQ(refused["error"], "option rules: expected seed, lishogi or jcsa, got 'fide'");
    EXPECT_EQ(s.get("/api/games?limit=5").second["games"].size(), 0u);
    auto [st, g] =
        s.post("/api/games",
               json{{"game", "chushogi"}, {"options", {"rules=jcsa"}}, {"opponent", {{"kind", "human"}}}}.dump());
    ASSERT_EQ(st, 201) << g.dump();
    id = g["id"];
    EXPECT_EQ(g["options"], json::array({"rules=jcsa"}));
  }
  TestServer s(stored);
  EXPECT_EQ(s.get("/api/games/" + id).second["options"], json::array({"rules=jcsa"}));
}
