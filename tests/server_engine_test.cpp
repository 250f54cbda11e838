// The engine pool and Kirin's work on the server: one job per game, a bounded queue, results
// dropped when the game changed, analyses cancelled when their client leaves, rate limits.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gate_bot.h"
#include "notation/fen.h"
#include "raw_http.h"
#include "rules/movegen.h"
#include "server/engine/bot.h"
#include "server/engine/pool.h"
#include "server/http/rate_limiter.h"
#include "server_test_util.h"

using kirin::server::Bot;
using kirin::server::EnginePool;
using kirin::test::Gate;
using kirin::test::RawConn;
using kirin::test::TestServer;
using nlohmann::json;

namespace {

EnginePool::Work counting(std::atomic<int>& runs) {
  return [&runs](Bot&, const std::atomic<bool>&) { ++runs; };
}

// Work that holds its engine thread until the gate opens or it is cancelled.
EnginePool::Work blocking(std::shared_ptr<Gate> gate) {
  return [gate](Bot&, const std::atomic<bool>& cancel) {
    ++gate->started;
    while (!gate->open && !cancel) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (cancel) ++gate->cancelled;
  };
}

json kirin_game(const TestServer& s, const std::string& game = "xiangqi") {
  return s.post("/api/games", json{{"game", game}, {"opponent", {{"kind", "kirin"}, {"strength", 1}}}}.dump()).second;
}

std::string bearer_post(int port, const std::string& path, const std::string& token, const std::string& body,
                        const char* from = "127.0.0.1") {
  RawConn c(port, from);
  c.send("POST " + path + " HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer " + token +
         "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  return c.read_response(10000);
}

}  // namespace

TEST(EnginePool, OneJobPerGameAndOneMoreRunAfterAChange) {
  auto gate = std::make_shared<Gate>();
  EnginePool pool(1, 10, kirin::test::material_bots(), nullptr);
  ASSERT_NE(pool.submit(blocking(gate)), nullptr);  // holds the only thread
  ASSERT_TRUE(Gate::wait_for(gate->started, 1));
  std::atomic<int> runs{0};
  EXPECT_TRUE(pool.submit_for_game("g", counting(runs)));
  EXPECT_TRUE(pool.submit_for_game("g", counting(runs)));  // already waiting: no second job
  EXPECT_EQ(pool.queued(), 1u);
  gate->open = true;
  for (int i = 0; i < 500 && pool.queued(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(runs, 1);
  // Asked for while it runs: it runs once more afterwards.
  auto slow = std::make_shared<Gate>();
  std::atomic<int> second_runs{0};
  ASSERT_TRUE(pool.submit_for_game("h", [&, slow](Bot& b, const std::atomic<bool>& c) {
    ++second_runs;
    blocking(slow)(b, c);
  }));
  ASSERT_TRUE(Gate::wait_for(slow->started, 1));
  EXPECT_TRUE(pool.submit_for_game("h", [&](Bot&, const std::atomic<bool>&) { ++second_runs; }));
  slow->open = true;
  for (int i = 0; i < 500 && second_runs < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  EXPECT_EQ(second_runs, 2);
}

// Analyses have half of the queue (2 of 4 here) and none while the games' moves fill it; the
// moves have the whole of it, whatever analyses wait. A cancelled job that waits is dropped.
TEST(EnginePool, FullQueueRefusesAndCancelDropsAWaitingJob) {
  auto gate = std::make_shared<Gate>();
  EnginePool pool(1, 4, kirin::test::material_bots(), nullptr);
  ASSERT_NE(pool.submit(blocking(gate)), nullptr);
  ASSERT_TRUE(Gate::wait_for(gate->started, 1));
  std::atomic<int> b_runs{0}, c_runs{0}, g_runs{0};
  auto b = pool.submit(counting(b_runs));
  ASSERT_NE(b, nullptr);
  ASSERT_NE(pool.submit(counting(c_runs)), nullptr);
  EXPECT_EQ(pool.submit(counting(c_runs)), nullptr);  // two analyses waiting: their half is full
  for (const char* game : {"g", "h", "i", "j"}) EXPECT_TRUE(pool.submit_for_game(game, counting(g_runs))) << game;
  EXPECT_EQ(pool.queued(), 6u);
  EXPECT_FALSE(pool.submit_for_game("k", counting(g_runs)));  // four moves waiting: full
  EXPECT_FALSE(pool.has_room_for("k"));
  EXPECT_TRUE(pool.has_room_for("g"));  // its job waits already
  pool.cancel(b);
  EXPECT_EQ(pool.queued(), 5u);
  EXPECT_FALSE(pool.has_room_for("k"));
  gate->open = true;
  for (int i = 0; i < 500 && pool.queued(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(b_runs, 0);
  EXPECT_EQ(c_runs, 1);
  EXPECT_EQ(g_runs, 4);
}

TEST(EnginePool, CancellingARunningJobStopsItsSearch) {
  auto gate = std::make_shared<Gate>();
  EnginePool pool(1, 4, kirin::test::material_bots(), nullptr);
  auto job = pool.submit(blocking(gate));
  ASSERT_TRUE(Gate::wait_for(gate->started, 1));
  pool.cancel(job);
  EXPECT_TRUE(Gate::wait_for(gate->cancelled, 1));
  EXPECT_TRUE(job->cancelled());
}

// The player takes back and plays another move while Kirin still thinks about the first: turn
// and move count are as before, but Kirin's answer is for the old position and is dropped.
TEST(ServerEngine, TakebackDuringKirinsSearchDropsItsMove) {
  for (bool stops : {true, false}) {
    auto gate = std::make_shared<Gate>();
    gate->ignore_cancel = !stops;
    TestServer s(kirin::test::temp_db("takeback-search"), {.bots = kirin::test::gate_bots(gate)});
    json g = kirin_game(s);
    const std::string id = g["id"], token = g["token"], base = "/api/games/" + id;
    ASSERT_EQ(s.post(base + "/move", json{{"token", token}, {"move", "h2e2"}}.dump()).first, 200);
    ASSERT_TRUE(Gate::wait_for(gate->started, 1));  // Kirin is thinking about h2e2
    auto [st, after] = s.post(base + "/takeback", json{{"token", token}}.dump());
    ASSERT_EQ(st, 200) << after.dump();
    EXPECT_EQ(after["ply"], 0);
    if (stops) {
      EXPECT_TRUE(Gate::wait_for(gate->cancelled, 1));  // its search was stopped
    }
    ASSERT_EQ(s.post(base + "/move", json{{"token", token}, {"move", "b2e2"}}.dump()).first, 200);
    gate->open = true;
    json now = s.get(base).second;
    for (int i = 0; i < 250 && now["ply"] != 2; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      now = s.get(base).second;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    now = s.get(base).second;
    EXPECT_EQ(now["ply"], 2) << "search stops: " << stops;
    EXPECT_EQ(now["moves"][0], "b2e2");
    // Kirin answered the position after b2e2: its first search was for another position.
    EXPECT_EQ(gate->started, 2);
  }
}

TEST(ServerEngine, AnalysisIsCancelledWhenItsClientLeaves) {
  auto gate = std::make_shared<Gate>();
  TestServer s(kirin::test::temp_db("analyse-leave"), {.bots = kirin::test::gate_bots(gate)});
  {
    RawConn c(s.port());
    const std::string body = R"({"game":"xiangqi"})";
    c.send("POST /api/analyse HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body);
    ASSERT_TRUE(Gate::wait_for(gate->started, 1));
  }  // the client hangs up
  EXPECT_TRUE(Gate::wait_for(gate->cancelled, 1));
  EXPECT_EQ(gate->finished, 0);
}

TEST(ServerEngine, AnalysisThatTakesTooLongIs503AndStopped) {
  auto gate = std::make_shared<Gate>();
  TestServer s(kirin::test::temp_db("analyse-deadline"),
               {.bots = kirin::test::gate_bots(gate), .api = {.analysis_timeout = std::chrono::seconds(1)}});
  const auto asked = std::chrono::steady_clock::now();
  auto [st, b] = s.post("/api/analyse", R"({"game":"xiangqi"})");
  EXPECT_EQ(st, 503);
  EXPECT_EQ(b["error"], "no answer in time; try again");
  // The analysis's deadline, not the route's (work_timeout, 30 s), ended the wait.
  EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(20));
  // Stopped whichever state the deadline found it in: a running search is cancelled; a job still
  // waiting for a thread (a loaded machine can take that long to start one) is dropped unrun, or
  // taken by a thread at that instant, which then sees the cancel before it searches.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  for (int i = 0; i < 1000 && gate->started != gate->cancelled; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(gate->started, gate->cancelled);
  EXPECT_EQ(gate->finished, 0);
}

TEST(ServerEngine, AnalysesAreRateLimitedPerAddress) {
  TestServer s(kirin::test::temp_db("analyse-rate"), {.api = {.analyses_per_minute = 2, .analysis_burst = 2}});
  const std::string body = R"({"game":"xiangqi","strength":1})";
  EXPECT_EQ(kirin::test::status_of(bearer_post(s.port(), "/api/analyse", "", body)), 200);
  EXPECT_EQ(kirin::test::status_of(bearer_post(s.port(), "/api/analyse", "", body)), 200);
  std::string third = bearer_post(s.port(), "/api/analyse", "", body);
  EXPECT_EQ(kirin::test::status_of(third), 429);
  EXPECT_EQ(kirin::test::header_of(third, "Retry-After"), "30");
  EXPECT_EQ(
      kirin::test::body_of(third),
      R"J({"code":"too_many_analyses","error":"too many analyses from your address (at most 2 a minute); try again later","params":{"limit":2},"retry_after":30})J");
  // Another address has its own allowance.
  EXPECT_EQ(kirin::test::status_of(bearer_post(s.port(), "/api/analyse", "", body, "127.0.0.9")), 200);
}

// A full queue sheds analyses, never a game's move (issue 45): analyses have half of it, and a
// move is refused only when the games' moves fill it.
TEST(ServerEngine, FullQueueShedsAnalysesNeverAGamesMove) {
  auto gate = std::make_shared<Gate>();
  TestServer s(kirin::test::temp_db("queue-full"),
               {.bots = kirin::test::gate_bots(gate), .service = {.engine_threads = 1, .engine_queue = 2}});
  json g = kirin_game(s), h = kirin_game(s);
  const std::string id = g["id"], token = g["token"];
  // One analysis runs, one waits: the analyses' half of the queue is full.
  std::vector<std::thread> waiting;
  for (int i = 0; i < 2; ++i) {
    waiting.emplace_back([&] { s.post("/api/analyse", R"({"game":"xiangqi"})"); });
    ASSERT_TRUE(Gate::wait_for(gate->started, 1));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::string full = bearer_post(s.port(), "/api/analyse", "", R"({"game":"xiangqi"})");
  EXPECT_EQ(kirin::test::status_of(full), 503);
  EXPECT_EQ(kirin::test::header_of(full, "Retry-After"), "5");
  // The games' moves are taken past the waiting analysis: two fill the queue.
  EXPECT_EQ(kirin::test::status_of(bearer_post(s.port(), "/api/games/" + id + "/move", token, R"({"move":"h2e2"})")),
            200);
  EXPECT_EQ(kirin::test::status_of(bearer_post(s.port(), "/api/games/" + h["id"].get<std::string>() + "/move",
                                               h["token"], R"({"move":"h2e2"})")),
            200);
  json third = kirin_game(s);
  const std::string third_id = third["id"];
  std::string move = bearer_post(s.port(), "/api/games/" + third_id + "/move", third["token"], R"({"move":"h2e2"})");
  EXPECT_EQ(kirin::test::status_of(move), 503);
  EXPECT_EQ(kirin::test::body_of(move),
            R"J({"code":"kirin_busy","error":"Kirin is busy: its queue is full; try again in a moment"})J");
  EXPECT_EQ(s.get("/api/games/" + third_id).second["ply"], 0);
  gate->open = true;
  for (auto& t : waiting) t.join();
  // The moves went before the analysis that waited: both games have Kirin's reply.
  for (const std::string& game : {id, h["id"].get<std::string>()}) {
    for (int i = 0; i < 500 && s.get("/api/games/" + game).second["ply"] != 2; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(s.get("/api/games/" + game).second["ply"], 2);
  }
  EXPECT_EQ(kirin::test::status_of(
                bearer_post(s.port(), "/api/games/" + third_id + "/move", third["token"], R"({"move":"h2e2"})")),
            200);
}

// With the one engine thread held by another address's live analysis (which would run for a
// minute), a game's move waits for no analysis: the analysis is stopped early and answers.
TEST(ServerEngine, AGamesMoveStopsTheAnalysisHoldingTheEngine) {
  TestServer s(kirin::test::temp_db("preempt"), {.bots = kirin::test::engine_bots(), .service = {.engine_threads = 1}});
  RawConn stream(s.port(), "127.0.0.2");
  ASSERT_TRUE(stream.send("GET /api/analysis/events?game=chushogi HTTP/1.1\r\nHost: t\r\n\r\n"));
  EXPECT_NE(stream.read_until("event: info", 5000).find("event: info"), std::string::npos);
  json g = kirin_game(s);
  const std::string id = g["id"];
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(kirin::test::status_of(
                bearer_post(s.port(), "/api/games/" + id + "/move", g["token"], R"({"move":"h2e2"})", "127.0.0.3")),
            200);
  for (int i = 0; i < 1000 && s.get("/api/games/" + id).second["ply"] != 2; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(s.get("/api/games/" + id).second["ply"], 2);
  EXPECT_LT(ms, 1000) << "Kirin's level-1 reply, ms";
  // The analysis ended as if its time were up, with its best move.
  EXPECT_NE(stream.read_until("event: done", 5000).find("event: done"), std::string::npos);
}

TEST(RateLimiter, RefillsAtItsRate) {
  kirin::server::RateLimiter r(60, 2);  // one a second, two at once
  auto t = kirin::server::RateLimiter::Clock::now();
  EXPECT_TRUE(r.allow("a", t));
  EXPECT_TRUE(r.allow("a", t));
  EXPECT_FALSE(r.allow("a", t));
  EXPECT_EQ(r.retry_after("a", t), 1);
  EXPECT_FALSE(r.allow("a", t + std::chrono::milliseconds(900)));
  EXPECT_TRUE(r.allow("a", t + std::chrono::milliseconds(1100)));
  EXPECT_TRUE(r.allow("b", t));
}

TEST(ServerEngine, LiveAnalysisStreamsEachDepthOfEachLine) {
  TestServer s(kirin::test::temp_db("live"),
               {.bots = kirin::test::engine_bots(), .api = {.analysis_timeout = std::chrono::seconds(1)}});
  RawConn c(s.port());
  c.send("GET /api/analysis/events?game=xiangqi&moves=h2e2&multipv=2 HTTP/1.1\r\nHost: t\r\n\r\n");
  std::string head = c.read_until("\r\n\r\n");
  EXPECT_EQ(kirin::test::status_of(head), 200);
  EXPECT_EQ(kirin::test::header_of(head, "Content-Type"), "text/event-stream");
  std::string second_line = c.read_until("\"multipv\":2", 5000);
  EXPECT_NE(second_line.find("event: info\ndata: {\"depth\":1,"), std::string::npos) << second_line.substr(0, 300);
  std::string rest = c.read_until("event: done", 5000);
  rest += c.read_until("\n\n");
  EXPECT_NE(rest.find("event: done\ndata: {\"best\":\""), std::string::npos)
      << rest.substr(rest.size() > 300 ? rest.size() - 300 : 0);
  RawConn bad(s.port());
  bad.send("GET /api/analysis/events?game=xiangqi&multipv=9 HTTP/1.1\r\nHost: t\r\n\r\n");
  std::string refused = bad.read_response(3000);
  EXPECT_EQ(kirin::test::status_of(refused), 400);
  EXPECT_EQ(kirin::test::body_of(refused), R"J({"code":"bad_request","error":"multipv must be 1..5"})J");
}

TEST(ServerEngine, LiveAnalysisStopsWhenItsPageCloses) {
  auto gate = std::make_shared<Gate>();
  TestServer s(kirin::test::temp_db("live-close"), {.bots = kirin::test::gate_bots(gate)});
  {
    RawConn c(s.port());
    c.send("GET /api/analysis/events?game=chushogi HTTP/1.1\r\nHost: t\r\n\r\n");
    ASSERT_TRUE(Gate::wait_for(gate->started, 1));
  }
  EXPECT_TRUE(Gate::wait_for(gate->cancelled, 1));
  EXPECT_EQ(gate->finished, 0);
}

// Live analyses are limited by how many one address holds open, not by how many it starts: an
// analysis board opens a new one for every move tried.
TEST(ServerEngine, LiveAnalysesAreLimitedByHowManyAreOpenAtOnce) {
  auto gate = std::make_shared<Gate>();
  TestServer s(kirin::test::temp_db("live-limit"), {.bots = kirin::test::gate_bots(gate),
                                                    .service = {.engine_threads = 4},
                                                    .api = {.analyses_per_minute = 1, .analysis_burst = 1}});
  const std::string req = "GET /api/analysis/events?game=xiangqi HTTP/1.1\r\nHost: t\r\n\r\n";
  for (int round = 0; round < 3; ++round) {  // many more than one a minute, three at a time
    std::vector<RawConn> open;
    for (int i = 0; i < 3; ++i) {
      open.emplace_back(s.port());
      open.back().send(req);
      EXPECT_EQ(kirin::test::status_of(open.back().read_until("\r\n\r\n")), 200) << round << " " << i;
    }
    RawConn fourth(s.port());
    fourth.send(req);
    std::string refused = fourth.read_response(3000);
    EXPECT_EQ(kirin::test::status_of(refused), 429);
    EXPECT_EQ(
        kirin::test::body_of(refused),
        R"J({"code":"too_many_analyses_at_once","error":"too many analyses at once from your address or account (at most 3); close one","params":{"limit":3},"retry_after":1})J");
    open.clear();  // the pages close: their places free up
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// Issue 45: an account's analysis boards open on several addresses share its three places.
TEST(ServerEngine, LiveAnalysesAreLimitedPerAccountAcrossAddresses) {
  auto gate = std::make_shared<Gate>();
  auto setup = kirin::test::ServerSetup{.bots = kirin::test::gate_bots(gate), .service = {.engine_threads = 4}};
  setup.service.accounts.password_cost = kirin::server::PasswordCost::MINIMAL;
  TestServer s(kirin::test::temp_db("live-account"), setup);
  RawConn signup(s.port());
  const std::string body = R"({"name":"nora","password":"password1"})";
  signup.send("POST /api/account/signup HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: " +
              std::to_string(body.size()) + "\r\n\r\n" + body);
  const std::string made = signup.read_response();
  ASSERT_EQ(kirin::test::status_of(made), 201) << made;
  const std::string cookie = kirin::test::header_of(made, "Set-Cookie").substr(0, 79);  // kirin_session=<64>
  ASSERT_EQ(cookie.size(), 79u);
  const std::string req = "GET /api/analysis/events?game=xiangqi HTTP/1.1\r\nHost: t\r\nCookie: " + cookie + "\r\n\r\n";
  std::vector<RawConn> open;
  for (const char* from : {"127.0.0.31", "127.0.0.32", "127.0.0.33"}) {
    open.emplace_back(s.port(), from);
    open.back().send(req);
    EXPECT_EQ(kirin::test::status_of(open.back().read_until("\r\n\r\n")), 200) << from;
  }
  RawConn fourth(s.port(), "127.0.0.34");
  fourth.send(req);
  std::string refused = fourth.read_response(3000);
  EXPECT_EQ(kirin::test::status_of(refused), 429);
  EXPECT_EQ(
      kirin::test::body_of(refused),
      R"J({"code":"too_many_analyses_at_once","error":"too many analyses at once from your address or account (at most 3); close one","params":{"limit":3},"retry_after":1})J");
  // Without the cookie, that address has its own places.
  RawConn anonymous(s.port(), "127.0.0.34");
  anonymous.send("GET /api/analysis/events?game=xiangqi HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_EQ(kirin::test::status_of(anonymous.read_until("\r\n\r\n")), 200);
}

// A live analysis may search with several threads only where the other engine threads keep a
// core each for Kirin's moves.
TEST(ServerEngine, AnalysisThreadsLeaveACoreToEachOtherEngineThread) {
  using kirin::server::analysis_threads_within;
  EXPECT_EQ(analysis_threads_within(4, 1, 16), 4);
  EXPECT_EQ(analysis_threads_within(8, 4, 8), 5);    // 5 + the 3 other engine threads = 8 cores
  EXPECT_EQ(analysis_threads_within(4, 15, 16), 2);  // kirin serve's default: cores - 1 engine threads
  EXPECT_EQ(analysis_threads_within(2, 8, 8), 1);
  EXPECT_EQ(analysis_threads_within(3, 1, 1), 1);
}

// With two analysis threads a live analysis finds a win at once (Lazy SMP), and Kirin's next move
// in a game, searched with one thread again, finds one too: a move after which Black has no move
// (in xiangqi, mated or stalemated, Black has lost).
TEST(ServerEngine, LiveAnalysisWithTwoThreadsThenAGameMoveWithOne) {
  auto bot = kirin::server::make_engine_bot(16, 2);
  kirin::server::BotRequest r;
  r.variant = kirin::make_variant(kirin::GameId::XIANGQI);
  r.start_fen = "3k5/R8/9/9/9/9/9/9/9/R4K3 w - - 0 1";
  std::atomic<bool> cancel{false};
  int depths = 0;
  auto leaves_no_move = [&](kirin::Move m) {
    kirin::Position p = *kirin::parse_fen(r.variant, r.start_fen);
    p.do_move(m);
    kirin::MoveList replies;
    kirin::generate_legal(p, replies);
    return replies.size() == 0;
  };
  auto a = bot->analyse_live(
      r, 1, 2000, [&](const kirin::SearchInfo&) { ++depths; }, cancel);
  EXPECT_TRUE(leaves_no_move(a.best));
  EXPECT_GT(depths, 1);
  r.strength = 4;
  EXPECT_TRUE(leaves_no_move(bot->think(r, cancel).best));
}

// Kirin's moves in turn across the people it plays: one player's many games take one turn in
// every round, so another player's game waits behind at most one of them; analyses wait for all.
TEST(EnginePool, KirinsMovesGoInTurnAcrossPlayersAndBeforeAnalyses) {
  std::vector<std::string> order;
  std::mutex mu;
  std::atomic<bool> open{false};
  std::atomic<int> done{0};
  {
    kirin::server::EnginePool pool(1, 100, kirin::test::material_bots(), nullptr);
    auto note = [&](std::string what) {
      return [&, what](kirin::server::Bot&, const std::atomic<bool>&) {
        std::lock_guard lock(mu);
        order.push_back(what);
        ++done;
      };
    };
    ASSERT_TRUE(pool.submit([&](kirin::server::Bot&, const std::atomic<bool>&) {
      while (!open) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }));
    while (pool.queued() != 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ASSERT_TRUE(pool.submit(note("analysis")));
    for (int i = 0; i < 4; ++i)
      ASSERT_TRUE(pool.submit_for_game("a" + std::to_string(i), note("a" + std::to_string(i)), false, "flooder"));
    ASSERT_TRUE(pool.submit_for_game("b0", note("b0"), false, "victim"));
    ASSERT_TRUE(pool.submit_for_game("c0", note("c0"), false, "another"));
    open = true;
    while (done < 7) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const std::vector<std::string> expected = {"a0", "b0", "c0", "a1", "a2", "a3", "analysis"};
  EXPECT_EQ(order, expected);
}
