// Kill `kirin serve` with SIGKILL while games are making moves, restart it on the same database:
// every acknowledged move is still there and every game replays.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "server_test_util.h"

using nlohmann::json;

namespace {

// Starts `kirin serve --port 0`; returns its pid and the port it printed.
std::pair<pid_t, int> start_server(const std::string& db) {
  int out[2];
  if (pipe(out) != 0) return {-1, -1};
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], 1);
    close(out[0]);
    execl(KIRIN_BINARY, KIRIN_BINARY, "serve", "--port", "0", "--db", db.c_str(), "--web", "", (char*)nullptr);
    _exit(127);
  }
  close(out[1]);
  FILE* f = fdopen(out[0], "r");
  char line[512] = {};
  int port = -1;
  if (fgets(line, sizeof line, f))
    std::sscanf(std::strstr(line, "127.0.0.1:") ? std::strstr(line, "127.0.0.1:") + 10 : "", "%d", &port);
  fclose(f);
  return {pid, port};
}

}  // namespace

TEST(ServerCrash, SigkillMidLoadLosesNoAcknowledgedMove) {
  std::string db = kirin::test::temp_db("crash");
  // Variables, not a structured binding: the clients' lambdas capture port, which clang 14 refuses
  // for a binding (C++20 allows it; clang 16 implements it).
  const auto [pid, bound_port] = start_server(db);
  const int port = bound_port;
  ASSERT_GT(port, 0);
  constexpr int GAMES = 8;
  struct Played {
    std::string id, tokens[2];
    std::vector<std::string> acked;
  };
  std::vector<Played> games(GAMES);
  std::atomic<int> total{0};
  std::atomic<bool> killed{false};
  std::vector<std::thread> clients;
  for (int i = 0; i < GAMES; ++i)
    clients.emplace_back([&, i] {
      httplib::Client c("127.0.0.1", port);
      std::mt19937 rng(i);
      auto r =
          c.Post("/api/games", json{{"game", i % 2 ? "xiangqi" : "chushogi"}, {"opponent", {{"kind", "human"}}}}.dump(),
                 "application/json");
      if (!r || r->status != 201) return;
      json g = json::parse(r->body);
      Played& p = games[i];
      p.id = g["id"];
      p.tokens[0] = g["token"];
      p.tokens[1] = g["opponent_token"];
      while (!killed && g["status"] == "playing" && p.acked.size() < 400) {
        std::string move = g["legal_moves"][rng() % g["legal_moves"].size()];
        auto m = c.Post("/api/games/" + p.id + "/move",
                        json{{"token", p.tokens[g["side_to_move"] == "first" ? 0 : 1]}, {"move", move}}.dump(),
                        "application/json");
        if (!m || m->status != 200) return;
        g = json::parse(m->body);
        p.acked.push_back(move);
        ++total;
      }
    });
  while (total < 300) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(pid, SIGKILL);  // mid-load: requests are in flight
  killed = true;
  waitpid(pid, nullptr, 0);
  for (auto& t : clients) t.join();

  auto [pid2, port2] = start_server(db);
  ASSERT_GT(port2, 0);
  httplib::Client c("127.0.0.1", port2);
  for (const Played& p : games) {
    if (p.id.empty()) continue;
    auto r = c.Get("/api/games/" + p.id);
    ASSERT_TRUE(r && r->status == 200) << p.id;
    json g = json::parse(r->body);
    std::vector<std::string> stored = g["moves"];
    // Every acknowledged move is stored; at most the one in flight at the kill follows them.
    ASSERT_GE(stored.size(), p.acked.size()) << p.id;
    EXPECT_LE(stored.size(), p.acked.size() + 1) << p.id;
    EXPECT_TRUE(std::equal(p.acked.begin(), p.acked.end(), stored.begin())) << p.id;
  }
  kill(pid2, SIGTERM);
  waitpid(pid2, nullptr, 0);
}
