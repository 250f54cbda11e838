// kirin bench serve: many concurrent person-vs-person games making moves against a server on
// loopback (engine time excluded); prints moves per second and latency percentiles.
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <latch>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "server/game_service.h"
#include "server/http_api.h"

namespace kirin::cli {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct BenchArgs {
  int games = 100;
  int moves = 30;
  std::string host = "127.0.0.1";
  int port = 0;  // 0: start a server in this process on a fresh database
  double pace_ms = 0;  // each game moves once per pace_ms (0: as fast as the server answers)
};

// One client: creates a game and plays random legal moves for both sides.
// All clients create their games first and start moving together (`ready`), so that the
// latencies are those of moves, not of moves queued behind game creation.
void play_game(const BenchArgs& a, int port, int index, std::latch& ready, std::vector<double>& latencies,
               int& failures) {
  static const char* GAMES[] = {"chushogi", "xiangqi", "chuseireigi"};
  httplib::Client c(a.host, port);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);
  c.set_read_timeout(30);
  std::mt19937 rng(index);
  std::string spec = json{{"game", GAMES[index % 3]}, {"opponent", {{"kind", "human"}}}}.dump();
  // The listen backlog is short: a refused first connection is retried, not counted.
  auto created = c.Post("/api/games", spec, "application/json");
  for (int retry = 0; retry < 5 && !created; ++retry) created = c.Post("/api/games", spec, "application/json");
  ready.count_down();
  ready.wait();
  if (!created || created->status != 201) {
    std::fprintf(stderr, "creating game %d: %s\n", index,
                 created ? created->body.c_str() : httplib::to_string(created.error()).c_str());
    ++failures;
    return;
  }
  json g = json::parse(created->body);
  std::string id = g["id"], tokens[2] = {g["token"], g["opponent_token"]};
  // Paced games start at spread-out offsets, as players' moves would arrive.
  auto next = Clock::now() + std::chrono::microseconds(int64_t(a.pace_ms * 1000 * index / a.games));
  for (int i = 0; i < a.moves && g["status"] == "playing"; ++i) {
    if (a.pace_ms > 0) {
      std::this_thread::sleep_until(next);
      next += std::chrono::microseconds(int64_t(a.pace_ms * 1000));
    }
    const json& legal = g["legal_moves"];
    std::string move = legal[rng() % legal.size()];
    int side = g["side_to_move"] == "first" ? 0 : 1;
    auto t0 = Clock::now();
    auto r = c.Post("/api/games/" + id + "/move", json{{"token", tokens[side]}, {"move", move}}.dump(),
                    "application/json");
    latencies.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    if (!r || r->status != 200) {
      if (failures++ == 0)
        std::fprintf(stderr, "game %s move %s: %s\n", id.c_str(), move.c_str(),
                     r ? r->body.c_str() : httplib::to_string(r.error()).c_str());
      return;
    }
    g = json::parse(r->body);
  }
}

int bench_serve(const BenchArgs& a) {
  std::unique_ptr<server::GameService> service;
  std::unique_ptr<server::HttpServer> http;
  std::thread server_thread;
  std::string db;
  int port = a.port;
  if (port == 0) {
    db = (std::filesystem::temp_directory_path() / ("kirin-bench-" + std::to_string(::getpid()) + ".db")).string();
    std::string err;
    auto store = server::open_sqlite_store(db, err);
    if (!store) {
      std::fprintf(stderr, "kirin bench serve: %s\n", err.c_str());
      return EXIT_FAIL;
    }
    service = std::make_unique<server::GameService>(std::move(store), server::make_material_bot(1));
    http = std::make_unique<server::HttpServer>(*service, "");
    port = http->bind(a.host, 0, err);
    if (port < 0) {
      std::fprintf(stderr, "kirin bench serve: %s\n", err.c_str());
      return EXIT_FAIL;
    }
    server_thread = std::thread([&] { http->run(); });
  }
  std::vector<std::vector<double>> lat(a.games);
  std::vector<int> failures(a.games, 0);
  std::latch ready(a.games + 1);
  std::vector<std::thread> clients;
  for (int i = 0; i < a.games; ++i)
    clients.emplace_back([&, i] { play_game(a, port, i, ready, lat[i], failures[i]); });
  ready.arrive_and_wait();
  auto t0 = Clock::now();
  for (auto& t : clients) t.join();
  double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  std::vector<double> all;
  for (auto& l : lat) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  int failed = 0;
  for (int f : failures) failed += f;
  auto pct = [&](double p) { return all.empty() ? 0.0 : all[std::min(all.size() - 1, size_t(p * all.size()))]; };
  std::printf("games %d, moves %zu, pace %.0f ms, failed requests %d, %.2f s\n", a.games, all.size(), a.pace_ms,
              failed, secs);
  std::printf("moves/s %.0f  latency ms: p50 %.2f  p99 %.2f  max %.2f\n", all.size() / secs, pct(0.50), pct(0.99),
              all.empty() ? 0.0 : all.back());
  if (http) {
    http->stop();
    server_thread.join();
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db + ext);
  }
  return failed ? EXIT_FAIL : EXIT_OK;
}

}  // namespace

std::function<int()> add_bench_serve(CLI::App& bench) {
  auto* cmd = bench.add_subcommand("serve", "Concurrent games making moves against the web server");
  auto a = std::make_shared<BenchArgs>();
  cmd->add_option("--games", a->games, "concurrent games")->capture_default_str()->check(CLI::Range(1, 1000));
  cmd->add_option("--moves", a->moves, "moves per game")->capture_default_str()->check(CLI::Range(1, 10000));
  cmd->add_option("--pace", a->pace_ms, "milliseconds between a game's moves (0: no pause)")->capture_default_str();
  cmd->add_option("--port", a->port, "port of a running kirin serve on 127.0.0.1 (default: start one here)");
  return [a] { return bench_serve(*a); };
}

}  // namespace kirin::cli
