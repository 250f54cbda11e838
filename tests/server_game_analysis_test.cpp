// The computer analysis of a finished game on the server (/api/games/ID/analysis, GameAnalyses),
// on each store: asked for once, made position by position on the engine pool after Kirin's
// moves, its progress and result pushed on the game's event stream, stored with the game across
// restarts, downloaded as an annotated record; refused for a game not over and past a full
// queue; claimed by exactly one of the servers sharing a PostgreSQL database.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "raw_http.h"
#include "raw_sql.h"
#include "server/engine/pool.h"
#include "server_test_util.h"

using kirin::test::raw_sql;
using kirin::test::ServerSetup;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

// Xiangqi without cannons or elephants: Red's Chariot goes to d8 (ply 5), where the Horse on b9
// takes it (as tests/analysis_game_test.cpp).
const json HANGING_CHARIOT = {{"game", "xiangqi"},
                              {"fen", "rn1aka1nr/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/RN1AKA1NR w - - 0 1"},
                              {"moves", {"a0a1", "c6c5", "a1d1", "g6g5", "d1d8", "b9d8", "h0g2"}},
                              {"opponent", {{"kind", "human"}}}};

// Small searches, as the library's own tests make them, still enough to see the Chariot lost.
ServerSetup quick(uint64_t nodes = 20000) {
  ServerSetup s;
  s.service.game_analysis_nodes = nodes;
  s.api.game_analyses_per_minute = 0;
  return s;
}
// Searches that take far longer than the tests wait: an analysis that stays under way.
constexpr uint64_t ENDLESS = 2000000000;

// A game between people, created as `spec` and resigned by its creator: finished.
std::string finished_game(const TestServer& s, const json& spec = HANGING_CHARIOT) {
  auto [status, g] = s.post("/api/games", spec.dump());
  EXPECT_EQ(status, 201) << g.dump();
  const std::string id = g["id"];
  auto [rs, resigned] = s.post("/api/games/" + id + "/resign", json{{"token", g["token"]}}.dump());
  EXPECT_EQ(rs, 200) << resigned.dump();
  return id;
}

// GETs the analysis until `ready` says yes or 30 s pass; the last answer.
json wait_for(const TestServer& s, const std::string& id, const std::function<bool(const json&)>& ready) {
  json a;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  do {
    auto [status, body] = s.get("/api/games/" + id + "/analysis");
    a = body;
    if (status == 200 && ready(a)) return a;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < end);
  return a;
}
bool is_done(const json& a) { return a.value("status", "") == "done"; }

}  // namespace

class ServerGameAnalysis : public kirin::test::OnEachStore {};
KIRIN_ON_EACH_STORE(ServerGameAnalysis);

// The whole round: 202 while it waits, the second request answered with the first, the result's
// exact fields with the blunder judged, 200 once done, and the annotated record.
TEST_P(ServerGameAnalysis, AFinishedGameIsAnalysedOnceWithItsBlunderJudged) {
  TestServer s(db("analysis-round"), quick());
  const std::string id = finished_game(s), base = "/api/games/" + id + "/analysis";
  auto [none, missing] = s.get(base);
  EXPECT_EQ(none, 404);
  EXPECT_EQ(missing["error"], "game " + id + " has no computer analysis; request one");
  auto [first, asked] = s.post(base, "{}");
  EXPECT_EQ(first, 202) << asked.dump();
  EXPECT_EQ(asked["total"], 8);
  EXPECT_EQ(asked["status"], "queued");
  EXPECT_EQ(asked["done"], 0);
  const json a = wait_for(s, id, is_done);
  ASSERT_TRUE(is_done(a)) << a.dump();
  std::vector<std::string> keys;
  for (const auto& [k, v] : a.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"accuracy", "counts", "done", "plies", "status", "total"}));
  EXPECT_EQ(a["done"], 8);
  EXPECT_EQ(a["total"], 8);
  ASSERT_EQ(a["plies"].size(), 7u);
  const json& blunder = a["plies"][4];
  EXPECT_EQ(blunder["ply"], 5);
  EXPECT_EQ(blunder["move"], "d1d8");
  EXPECT_EQ(blunder["judgement"], "blunder");
  EXPECT_TRUE(blunder["score_cp"].is_number()) << blunder.dump();
  EXPECT_NE(blunder["best"], "d1d8");
  ASSERT_TRUE(blunder["line"].is_array() && !blunder["line"].empty()) << blunder.dump();
  EXPECT_EQ(blunder["line"][0], blunder["best"]);
  EXPECT_TRUE(blunder["best_notation"].is_string()) << blunder.dump();
  EXPECT_EQ(a["plies"][5]["judgement"], nullptr);
  EXPECT_FALSE(a["plies"][5].contains("line"));
  EXPECT_EQ(a["counts"]["first"],
            (json{{"inaccuracy", a["counts"]["first"]["inaccuracy"]}, {"mistake", 0}, {"blunder", 1}}));
  EXPECT_EQ(a["counts"]["second"]["blunder"], 0);
  EXPECT_LT(a["accuracy"]["first"].get<double>(), a["accuracy"]["second"].get<double>());
  // Asked again: the same analysis, now done.
  auto [again, same] = s.post(base, "{}");
  EXPECT_EQ(again, 200);
  EXPECT_EQ(same, a);
  // The better move in the notation a player chose, as the analysis board writes it there.
  auto [cn, chinese] = s.get(base + "?notation=chinese");
  ASSERT_EQ(cn, 200) << chinese.dump();
  const json moves = s.get("/api/games/" + id).second["moves"];
  std::string line;
  for (int i = 0; i < 4; ++i) line += moves[i].get<std::string>() + ",";
  auto [pst, p] =
      s.get("/api/positions?game=xiangqi&notation=chinese&moves=" + line + blunder["best"].get<std::string>());
  ASSERT_EQ(pst, 200) << p.dump();
  EXPECT_EQ(chinese["plies"][4]["best_notation"], p["notation"][4]);
  EXPECT_NE(chinese["plies"][4]["best_notation"], blunder["best_notation"]);  // WXF by default
  EXPECT_EQ(s.get(base + "?notation=usi").first, 400);

  auto c = s.client();
  auto pgn = c.Get(base + "?format=pgn");
  ASSERT_TRUE(pgn);
  EXPECT_EQ(pgn->status, 200);
  EXPECT_EQ(pgn->get_header_value("Content-Disposition"), "attachment; filename=\"kirin-" + id + "-analysis.pgn\"");
  EXPECT_NE(pgn->body.find("?? {[%eval "), std::string::npos) << pgn->body;
  EXPECT_NE(pgn->body.find("Blunder.} (3. "), std::string::npos) << pgn->body;
  // A PGN in Chinese moves is a .pgn file still (it was ".chinese").
  auto chinese_pgn = c.Get(base + "?format=chinese-traditional");
  ASSERT_TRUE(chinese_pgn);
  EXPECT_EQ(chinese_pgn->get_header_value("Content-Disposition"),
            "attachment; filename=\"kirin-" + id + "-analysis.pgn\"");
  auto kif = c.Get(base + "?format=kif");
  ASSERT_TRUE(kif);
  EXPECT_EQ(kif->status, 400);
  EXPECT_EQ(json::parse(kif->body)["error"], "KIF records are for the shogi games; use PGN for xiangqi");
  auto usi = c.Get(base + "?format=usi");
  ASSERT_TRUE(usi);
  EXPECT_EQ(usi->status, 400);
  EXPECT_EQ(json::parse(usi->body)["error"], "an annotated record is pgn (xiangqi) or kif (the shogi games)");
}

TEST_P(ServerGameAnalysis, OnlyAFinishedGameIsAnalysed) {
  TestServer s(db("analysis-unfinished"), quick());
  auto [status, g] = s.post("/api/games", json{{"game", "xiangqi"}, {"opponent", {{"kind", "human"}}}}.dump());
  ASSERT_EQ(status, 201);
  const std::string id = g["id"];
  auto [refused, why] = s.post("/api/games/" + id + "/analysis", "{}");
  EXPECT_EQ(refused, 409);
  EXPECT_EQ(why, (json{{"error", "game " + id + " is not over: only a finished game can be analysed"},
                       {"code", "game_not_over"},
                       {"params", {{"id", id}}}}));
  auto [none, no_game] = s.post("/api/games/zzzzzz/analysis", "{}");
  EXPECT_EQ(none, 404);
  EXPECT_EQ(no_game["error"], "no game zzzzzz");
  auto c = s.client();
  auto put = c.Put("/api/games/" + id + "/analysis", "{}", "application/json");
  ASSERT_TRUE(put);
  EXPECT_EQ(put->status, 405);
}

// A record imported with its ending is a finished game: it is analysed like one played here.
TEST_P(ServerGameAnalysis, AnImportedRecordIsAnalysed) {
  TestServer s(db("analysis-imported"), quick(2000));
  const std::string record = "[Result \"1-0\"]\n\n1. C2.5 C8.5 2. H2+3 H8+7 1-0\n";
  auto [status, g] = s.post("/api/games", json{{"game", "xiangqi"}, {"record", record}}.dump());
  ASSERT_EQ(status, 201) << g.dump();
  EXPECT_EQ(g["status"], "over");
  const std::string id = g["id"];
  EXPECT_EQ(s.post("/api/games/" + id + "/analysis", "{}").first, 202);
  const json a = wait_for(s, id, is_done);
  ASSERT_TRUE(is_done(a)) << a.dump();
  EXPECT_EQ(a["plies"].size(), 4u);
}

// With room for one analysis, a second game's request is refused until the first is done.
TEST_P(ServerGameAnalysis, AFullQueueIs503WithRetryAfter) {
  ServerSetup setup = quick(ENDLESS);
  setup.service.game_analysis_queue = 1;
  TestServer s(db("analysis-full"), setup);
  const std::string first = finished_game(s), second = finished_game(s);
  EXPECT_EQ(s.post("/api/games/" + first + "/analysis", "{}").first, 202);
  auto c = s.client();
  auto full = c.Post("/api/games/" + second + "/analysis", "{}", "application/json");
  ASSERT_TRUE(full);
  EXPECT_EQ(full->status, 503);
  EXPECT_EQ(full->get_header_value("Retry-After"), "60");
  EXPECT_EQ(json::parse(full->body)["error"],
            "the queue of computer analyses is full (1 at most); try again in a few minutes");
  EXPECT_EQ(s.get("/api/games/" + second + "/analysis").first, 404);  // nothing was queued
  // The first, asked for again, is still the one under way.
  auto [again, state] = s.post("/api/games/" + first + "/analysis", "{}");
  EXPECT_EQ(again, 202);
  EXPECT_EQ(state["total"], 8);
}

// Each address asks for a few analyses a minute.
TEST_P(ServerGameAnalysis, RequestsPerAddressAreLimited) {
  ServerSetup setup = quick(ENDLESS);
  setup.api.game_analyses_per_minute = 1;
  setup.api.game_analysis_burst = 1;
  TestServer s(db("analysis-rate"), setup);
  const std::string id = finished_game(s);
  EXPECT_EQ(s.post("/api/games/" + id + "/analysis", "{}").first, 202);
  auto [limited, why] = s.post("/api/games/" + id + "/analysis", "{}");
  EXPECT_EQ(limited, 429);
  EXPECT_EQ(why["error"], "too many analyses asked for from your address (at most 1 a minute); try again later");
}

// Issue 45: the 32 places of the queue were everyone's, and a 2,000-ply game holds one for
// minutes: each address (and account) has two waiting or running.
TEST_P(ServerGameAnalysis, EachAddressHasItsShareOfTheQueue) {
  ServerSetup setup = quick(ENDLESS);
  setup.limits.trusted_proxies = {"127.0.0.1"};
  TestServer s(db("analysis-share"), setup);
  std::vector<std::string> games;
  for (int i = 0; i < 3; ++i) games.push_back(finished_game(s));
  auto ask = [&](const std::string& id, const std::string& from) {
    auto r = s.client().Post("/api/games/" + id + "/analysis", {{"X-Forwarded-For", from}}, "{}", "application/json");
    EXPECT_TRUE(r);
    return std::tuple{r->status, json::parse(r->body, nullptr, false), r->get_header_value("Retry-After")};
  };
  EXPECT_EQ(std::get<0>(ask(games[0], "10.1.1.1")), 202);
  EXPECT_EQ(std::get<0>(ask(games[1], "10.1.1.1")), 202);
  auto [status, body, retry] = ask(games[2], "10.1.1.1");
  EXPECT_EQ(status, 429);
  EXPECT_EQ(body["error"], "you have 2 computer analyses waiting (games " + games[0] + ", " + games[1] +
                               "); ask again when one is done");
  EXPECT_EQ(retry, "60");
  EXPECT_EQ(s.get("/api/games/" + games[2] + "/analysis").first, 404);  // nothing was queued
  EXPECT_EQ(std::get<0>(ask(games[0], "10.1.1.1")), 202);               // asking again for one it has
  EXPECT_EQ(std::get<0>(ask(games[2], "10.2.2.2")), 202);               // another address
}

// The game's event stream carries the analysis: its state when the stream opens, then the
// progress position by position, then the whole result.
TEST_P(ServerGameAnalysis, ProgressAndResultArePushedOnTheGamesStream) {
  TestServer s(db("analysis-events"), quick());
  const std::string id = finished_game(s), base = "/api/games/" + id;
  kirin::test::RawConn watcher(s.port());
  watcher.send("GET " + base + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  ASSERT_NE(watcher.read_until("event: state\n").find("200 OK"), std::string::npos);
  ASSERT_EQ(s.post(base + "/analysis", "{}").first, 202);
  const std::string events = watcher.read_until("event: analysis\ndata: {\"accuracy\"", 30000);
  EXPECT_NE(events.find("event: analysis\ndata: {\"done\":0,\"status\":\"queued\",\"total\":8}"), std::string::npos)
      << events;
  EXPECT_NE(events.find("event: analysis\ndata: {\"done\":3,\"status\":\"running\",\"total\":8}"), std::string::npos)
      << events;
  const std::string result = watcher.read_until("\n\n", 5000);
  EXPECT_NE(result.find("\"judgement\":\"blunder\""), std::string::npos) << result;
  EXPECT_NE(result.find("\"status\":\"done\""), std::string::npos) << result;
  // A page that opens now hears the state at once.
  kirin::test::RawConn late(s.port());
  late.send("GET " + base + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_NE(
      late.read_until("event: analysis\ndata: {\"done\":8,\"status\":\"done\",\"total\":8}").find("event: analysis"),
      std::string::npos);
}

// A restart keeps the result; an analysis under way when its server stopped is made again (a
// clean stop gives it back at once).
TEST_P(ServerGameAnalysis, ARestartKeepsTheResultAndRequeuesOneUnderWay) {
  const std::string stored = db("analysis-restart");
  std::string done_id, running_id;
  json result;
  {
    TestServer s(stored, quick());
    done_id = finished_game(s);
    running_id = finished_game(s);
    ASSERT_EQ(s.post("/api/games/" + done_id + "/analysis", "{}").first, 202);
    result = wait_for(s, done_id, is_done);
    ASSERT_TRUE(is_done(result));
  }
  {
    ServerSetup slow = quick(ENDLESS);
    TestServer s(stored, slow);
    EXPECT_EQ(s.get("/api/games/" + done_id + "/analysis").second, result);
    ASSERT_EQ(s.post("/api/games/" + running_id + "/analysis", "{}").first, 202);
    const json under_way = wait_for(s, running_id, [](const json& a) { return a["status"] == "running"; });
    ASSERT_EQ(under_way["status"], "running");
  }
  TestServer s(stored, quick());
  const json again = wait_for(s, running_id, is_done);
  ASSERT_TRUE(is_done(again)) << again.dump();
  EXPECT_EQ(again["plies"][4]["judgement"], "blunder");
  EXPECT_EQ(s.get("/api/games/" + done_id + "/analysis").second, result);
}

// A database made before game analyses opens with its games, gains the table, and analyses.
TEST_P(ServerGameAnalysis, ADatabaseFromBeforeGameAnalysesIsMigrated) {
  const std::string stored = db("analysis-migrate");
  std::string id;
  {
    TestServer s(stored, quick());
    id = finished_game(s);
  }
  ASSERT_EQ(raw_sql(stored, "DROP TABLE game_analyses"), "");
  ASSERT_EQ(kirin::test::set_schema_version(stored, 6, 5), "");
  TestServer s(stored, quick());
  EXPECT_EQ(s.get("/api/games/" + id).second["status"], "over");
  EXPECT_EQ(raw_sql(stored, "SELECT MAX(version) FROM schema_version"), kirin::test::latest_schema_version(stored));
  ASSERT_EQ(s.post("/api/games/" + id + "/analysis", "{}").first, 202);
  EXPECT_TRUE(is_done(wait_for(s, id, is_done)));
}

// Two servers on one PostgreSQL database: of two claims at once exactly one gets the analysis,
// and the result made on one is pushed to a page following the game on the other.
TEST(ServerGameAnalysisShared, ExactlyOneServerAnalysesAndBothShowIt) {
  const std::string db = kirin::test::test_db(kirin::test::Store::POSTGRESQL, "analysis-shared");
  {
    auto one = kirin::server::open_store(db), two = kirin::server::open_store(db);
    ASSERT_TRUE(one && two);
    kirin::server::GameRecord g;
    g.id = "shared1";
    g.game = "xiangqi";
    g.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    g.result = "1-0";
    g.reason = "resignation";
    ASSERT_TRUE((*one)->create(g));
    auto asked = (*one)->game_analyses().request("shared1", 1, 32);
    ASSERT_TRUE(asked);
    EXPECT_EQ(asked->outcome, kirin::server::GameAnalysisRequest::ADDED);
    EXPECT_EQ((*two)->game_analyses().request("shared1", 1, 32)->outcome, kirin::server::GameAnalysisRequest::EXISTING);
    std::optional<kirin::server::GameAnalysisRecord> claims[2];
    std::thread a([&] { claims[0] = *(*one)->game_analyses().claim("a", 60000); });
    std::thread b([&] { claims[1] = *(*two)->game_analyses().claim("b", 60000); });
    a.join();
    b.join();
    EXPECT_EQ(int(claims[0].has_value()) + int(claims[1].has_value()), 1);
    // The holder alone may note progress and store the result.
    const std::string holder = claims[0] ? "a" : "b";
    EXPECT_FALSE(*(*one)->game_analyses().hold("shared1", holder == "a" ? "b" : "a", 1, 60000));
    EXPECT_TRUE(*(*one)->game_analyses().hold("shared1", holder, 1, 60000));
    // A holder that stops renewing loses it once its lease has run out: the next claim takes it
    // over, from the first position.
    EXPECT_FALSE(*(*two)->game_analyses().claim("c", 60000));
    EXPECT_TRUE(*(*one)->game_analyses().hold("shared1", holder, 3, 1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    auto taken = *(*two)->game_analyses().claim("c", 60000);
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->game_id, "shared1");
    EXPECT_EQ(taken->done, 0);
    EXPECT_EQ(taken->status, "running");
    EXPECT_FALSE(*(*one)->game_analyses().hold("shared1", holder, 4, 60000));
  }
  TestServer a(db, quick()), b(db, quick());
  const std::string id = finished_game(a), base = "/api/games/" + id;
  kirin::test::RawConn watcher(b.port());
  watcher.send("GET " + base + "/events HTTP/1.1\r\nHost: t\r\n\r\n");
  ASSERT_NE(watcher.read_until("event: state\n").find("200 OK"), std::string::npos);
  ASSERT_EQ(a.post(base + "/analysis", "{}").first, 202);
  const std::string events = watcher.read_until("\"status\":\"done\"", 30000);
  EXPECT_NE(events.find("\"judgement\":\"blunder\""), std::string::npos) << events;
  const json on_b = wait_for(b, id, is_done);
  EXPECT_EQ(on_b, a.get(base + "/analysis").second);
}

// Idle work (a game analysis's next position) waits for the jobs of games: a Kirin move queued
// after it runs first.
TEST(ServerGameAnalysisPool, KirinsMovesGoBeforeIdleWork) {
  using kirin::server::EnginePool;
  EnginePool pool(
      1, 8, [] { return kirin::server::make_material_bot(1); }, nullptr);
  std::mutex mu;
  std::condition_variable cv;
  bool release = false;
  std::vector<std::string> order;
  auto note = [&](const std::string& what) {
    std::lock_guard lock(mu);
    order.push_back(what);
    cv.notify_all();
  };
  // The thread is held busy while the others queue.
  pool.submit([&](kirin::server::Bot&, const std::atomic<bool>&) {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return release; });
  });
  pool.submit_idle([&](kirin::server::Bot&, const std::atomic<bool>&) { note("analysis"); });
  pool.submit_for_game("g1", [&](kirin::server::Bot&, const std::atomic<bool>&) { note("kirin"); });
  {
    std::lock_guard lock(mu);
    release = true;
    cv.notify_all();
  }
  std::unique_lock lock(mu);
  cv.wait(lock, [&] { return order.size() == 2; });
  EXPECT_EQ(order, (std::vector<std::string>{"kirin", "analysis"}));
}
