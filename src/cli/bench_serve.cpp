// kirin bench serve: many concurrent person-vs-person games making moves against a server on
// loopback (engine time excluded), while idle event streams are held open; prints moves per
// second, latency percentiles of the moves, and the server's memory.
#include <httplib.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <latch>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <thread>

#include "cli/bench_attack.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "process/server_process.h"

namespace kirin::cli {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
namespace net = boost::asio;

struct BenchArgs {
  int games = 100;
  int moves = 30;
  std::string host = "127.0.0.1";
  std::vector<int> ports;  // running servers; none: start `instances` kirin serve children here
  int instances = 1;
  std::string db;             // the children's database ("" : a fresh SQLite file)
  double pace_ms = 0;         // each game moves once per pace_ms (0: as fast as the server answers)
  int watchers = 0;           // idle event streams held open during the load
  bool watch_moving = false;  // the watchers watch the moving games (else games of their own)
  int kirin_games = 0;        // instead: games against Kirin, each waiting for one reply at once
  int strength = 8;
  int engine_threads = 0;  // of the server started here (0: its default)
  AttackArgs attack;       // instead: attacks, each beside a victim (bench_attack.h)
};

const char* GAMES[] = {"chushogi", "xiangqi", "chuseireigi"};

std::optional<json> create_game(httplib::Client& c, int index) {
  std::string spec = json{{"game", GAMES[index % 3]}, {"opponent", {{"kind", "human"}}}}.dump();
  // The listen backlog is short: a refused first connection is retried, not counted.
  auto created = c.Post("/api/games", spec, "application/json");
  for (int retry = 0; retry < 5 && !created; ++retry) created = c.Post("/api/games", spec, "application/json");
  if (!created || created->status != 201) {
    std::fprintf(stderr, "creating game %d: %s\n", index,
                 created ? created->body.c_str() : httplib::to_string(created.error()).c_str());
    return std::nullopt;
  }
  return json::parse(created->body);
}

// One client: plays random legal moves for both sides of its game. All clients start moving
// together (`ready`), so that the latencies are those of moves, not of moves queued behind
// game creation.
void play_game(const BenchArgs& a, int port, int index, json g, std::latch& ready, std::vector<double>& latencies,
               int& failures) {
  httplib::Client c(a.host, port);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);
  c.set_read_timeout(30);
  std::mt19937 rng(index);
  ready.arrive_and_wait();
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
    auto r = c.Post("/api/games/" + id + "/move", httplib::Headers{{"Authorization", "Bearer " + tokens[side]}},
                    json{{"move", move}}.dump(), "application/json");
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

// Idle event streams: each connects, asks for a game's events and reads whatever comes.
class Watchers {
 public:
  // Stream i asks server (i + 1) % ports for game i % ids: with two servers and an even number
  // of games, each watcher of a moving game is on the server its moves do not go to.
  Watchers(const std::string& host, const std::vector<int>& ports, std::vector<std::string> ids, int count)
      : ids_(std::move(ids)), count_(count) {
    for (int port : ports) endpoints_.emplace_back(net::ip::make_address(host), port);
  }

  // Opens them all (a few hundred connecting at a time); returns how many got their first event.
  int open() {
    for (int i = 0; i < std::min(count_, 256); ++i) open_one();
    thread_ = std::thread([this] { ioc_.run(); });
    auto deadline = Clock::now() + std::chrono::seconds(120);
    while (streaming_ + failed_ < count_ && Clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return streaming_;
  }
  int alive() const { return streaming_ - dropped_; }
  ~Watchers() {
    ioc_.stop();
    if (thread_.joinable()) thread_.join();
  }

 private:
  struct Conn {
    net::ip::tcp::socket socket;
    std::string request;
    std::array<char, 16384> buf;
    bool counted = false;
    explicit Conn(net::io_context& ioc) : socket(ioc) {}
  };
  void open_one() {
    if (started_ >= count_) return;
    int i = started_++;
    auto c = std::make_shared<Conn>(ioc_);
    c->request = "GET /api/games/" + ids_[i % ids_.size()] + "/events HTTP/1.1\r\nHost: bench\r\n\r\n";
    c->socket.async_connect(endpoints_[(i + 1) % endpoints_.size()], [this, c](boost::system::error_code ec) {
      if (ec) return fail();
      net::async_write(c->socket, net::buffer(c->request), [this, c](boost::system::error_code ec, size_t) {
        if (ec) return fail();
        read(c);
      });
    });
  }
  void read(std::shared_ptr<Conn> c) {
    c->socket.async_read_some(net::buffer(c->buf), [this, c](boost::system::error_code ec, size_t n) {
      if (ec) {
        if (c->counted)
          ++dropped_;
        else
          fail();
        return;
      }
      if (!c->counted && std::string_view(c->buf.data(), n).find("event: state") != std::string_view::npos) {
        c->counted = true;
        ++streaming_;
        open_one();
      } else if (!c->counted && std::string_view(c->buf.data(), n).starts_with("HTTP/1.1 503")) {
        return fail();
      }
      read(c);
    });
  }
  void fail() {
    if (failed_++ == 0) std::fprintf(stderr, "an event stream was refused or failed\n");
    open_one();
  }
  net::io_context ioc_;
  std::vector<net::ip::tcp::endpoint> endpoints_;
  std::vector<std::string> ids_;
  const int count_;
  int started_ = 0;
  std::atomic<int> streaming_{0}, failed_{0}, dropped_{0};
  std::thread thread_;
};

// Raises this process's descriptor limit (which the servers started here inherit) to its most;
// the limit then.
rlim_t raise_fd_limit() {
  rlimit fds{};
  if (getrlimit(RLIMIT_NOFILE, &fds) != 0) return RLIM_INFINITY;
  if (fds.rlim_cur < fds.rlim_max) {
    fds.rlim_cur = fds.rlim_max;
    setrlimit(RLIMIT_NOFILE, &fds);
  }
  return fds.rlim_cur;
}

// Games against Kirin, all asking for its reply at the same moment: when does each reply come?
// The engine pool answers them as fast as its threads allow.
int bench_kirin_replies(const BenchArgs& a, int port) {
  httplib::Client c(a.host, port);
  c.set_read_timeout(60);
  struct Waiting {
    std::string id, token;
  };
  std::vector<Waiting> games;
  for (int i = 0; i < a.kirin_games; ++i) {
    auto r = c.Post("/api/games",
                    json{{"game", GAMES[i % 3]}, {"opponent", {{"kind", "kirin"}, {"strength", a.strength}}}}.dump(),
                    "application/json");
    if (!r || r->status != 201) {
      std::fprintf(stderr, "creating game %d: %s\n", i, r ? r->body.c_str() : httplib::to_string(r.error()).c_str());
      return EXIT_FAIL;
    }
    json g = json::parse(r->body);
    games.push_back({g["id"], g["token"]});
  }
  const char* FIRST_MOVES[] = {"7i7h", "h2e2", "7i7h"};
  auto t0 = Clock::now();
  for (int i = 0; i < a.kirin_games; ++i) {
    auto r =
        c.Post("/api/games/" + games[i].id + "/move", httplib::Headers{{"Authorization", "Bearer " + games[i].token}},
               json{{"move", FIRST_MOVES[i % 3]}}.dump(), "application/json");
    if (!r || r->status != 200) {
      std::fprintf(stderr, "move in game %d: %s\n", i, r ? r->body.c_str() : httplib::to_string(r.error()).c_str());
      return EXIT_FAIL;
    }
  }
  std::vector<double> replies(a.kirin_games, -1);
  int left = a.kirin_games;
  while (left > 0 && Clock::now() - t0 < std::chrono::minutes(10)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    for (int i = 0; i < a.kirin_games; ++i) {
      if (replies[i] >= 0) continue;
      auto r = c.Get("/api/games/" + games[i].id);
      if (r && r->status == 200 && json::parse(r->body)["ply"] == 2) {
        replies[i] = std::chrono::duration<double>(Clock::now() - t0).count();
        --left;
        std::fprintf(stderr, "\rKirin's replies: %d of %d", a.kirin_games - left, a.kirin_games);
      }
    }
  }
  std::fprintf(stderr, "\n");
  std::sort(replies.begin(), replies.end());
  std::printf("%d games against Kirin at strength %d, one reply each, asked for at once\n", a.kirin_games, a.strength);
  std::printf("replies arrived after (s):");
  for (double r : replies) std::printf(" %.2f", r);
  std::printf("\n");
  return left ? EXIT_FAIL : EXIT_OK;
}

int bench_serve(const BenchArgs& a) {
  if (!a.attack.kinds.empty()) {
    if (!a.ports.empty() || !a.db.empty() || a.instances > 1 || a.kirin_games) {
      std::fprintf(stderr,
                   "kirin bench serve: --attack starts a server of its own for each attack; it takes no "
                   "--port, --db, --instances or --kirin-games\n");
      return EXIT_USAGE;
    }
    return bench_attack(a.attack);
  }
  if (a.instances > 1 && a.db.find("://") == std::string::npos) {
    std::fprintf(stderr, "kirin bench serve: --instances %d needs --db with a postgresql:// URI the servers share\n",
                 a.instances);
    return EXIT_USAGE;
  }
  if (!a.ports.empty() && (a.instances > 1 || !a.db.empty())) {
    std::fprintf(stderr,
                 "kirin bench serve: --port measures running servers; --instances and --db start servers here\n");
    return EXIT_USAGE;
  }
  // Each watcher and each game is a socket here and another in the server: past the limit the
  // streams would never open, and the bench would wait for them.
  const rlim_t fds = raise_fd_limit();
  const uint64_t needed = uint64_t(a.watchers) + uint64_t(a.games) + 64;
  if (fds != RLIM_INFINITY && needed > fds) {
    std::fprintf(stderr,
                 "kirin bench serve: %d streams and %d games need about %llu file descriptors, and a process here "
                 "may open %llu (ulimit -n): raise the limit or ask for fewer\n",
                 a.watchers, a.games, (unsigned long long)needed, (unsigned long long)fds);
    return EXIT_USAGE;
  }
  std::vector<ServerProcess> servers;
  const bool own_db = a.db.empty();
  const std::string db =
      own_db ? (std::filesystem::temp_directory_path() / ("kirin-bench-" + std::to_string(::getpid()) + ".db")).string()
             : a.db;
  auto remove_db = [&] {
    if (own_db)
      for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db + ext);
  };
  std::vector<int> ports = a.ports;
  if (ports.empty()) {
    std::vector<std::string> args = {
        "--db", db, "--web", "", "--log-level", "warn", "--max-connections-per-client", "0",
        // the load comes from one address: the server's limits on
        // one address are not what this measures
        "--games-per-minute", "0", "--work-per-client", "100000", "--max-streams", std::to_string(a.watchers + 1000),
        "--max-streams-per-game", std::to_string(a.watchers + 1000), "--max-streams-per-client", "0"};
    if (!a.kirin_games) args.push_back("--quick-kirin");
    if (a.engine_threads) args.insert(args.end(), {"--engine-threads", std::to_string(a.engine_threads)});
    for (int i = 0; i < a.instances; ++i) {
      auto started = ServerProcess::start("/proc/self/exe", args);
      if (!started) {
        std::fprintf(stderr, "kirin bench serve: %s\n", started.error().c_str());
        servers.clear();
        remove_db();
        return EXIT_FAIL;
      }
      ports.push_back(started->port());
      servers.push_back(std::move(*started));
    }
  }
  auto rss_mib = [&](bool peak) {
    long kib = 0;
    for (const auto& s : servers) kib += peak ? s.peak_rss_kib() : s.rss_kib();
    return kib / 1024;
  };
  std::string reproduce;
  if (!a.ports.empty())
    for (size_t i = 0; i < a.ports.size(); ++i) reproduce += (i ? "," : " --port ") + std::to_string(a.ports[i]);
  if (a.instances > 1) reproduce += " --instances " + std::to_string(a.instances);
  if (!own_db) reproduce += " --db " + (db.find("://") != std::string::npos ? std::string("<your database>") : db);
  if (a.kirin_games) {
    int rc = bench_kirin_replies(a, ports[0]);
    std::printf("reproduce: kirin bench serve --kirin-games %d --strength %d%s%s\n", a.kirin_games, a.strength,
                a.engine_threads ? (" --engine-threads " + std::to_string(a.engine_threads)).c_str() : "",
                reproduce.c_str());
    servers.clear();
    remove_db();
    return rc;
  }
  // Games to play, and (unless they watch those) as many idle games for the watchers.
  std::vector<json> games;
  std::vector<std::string> moving_ids, idle_ids;
  for (int i = 0; i < a.games; ++i) {
    httplib::Client setup(a.host, ports[i % ports.size()]);
    auto g = create_game(setup, i);
    if (!g) return EXIT_FAIL;
    moving_ids.push_back((*g)["id"]);
    games.push_back(std::move(*g));
  }
  std::optional<Watchers> watchers;
  int held = 0;
  if (a.watchers > 0) {
    if (!a.watch_moving)
      for (int i = 0; i < a.games; ++i) {
        httplib::Client setup(a.host, ports[i % ports.size()]);
        auto g = create_game(setup, i);
        if (!g) return EXIT_FAIL;
        idle_ids.push_back((*g)["id"]);
      }
    watchers.emplace(a.host, ports, a.watch_moving ? moving_ids : idle_ids, a.watchers);
    held = watchers->open();
    std::printf("event streams open: %d of %d (on %s games)%s\n", held, a.watchers,
                a.watch_moving ? "the moving" : "idle",
                servers.empty() ? "" : (", server RSS " + std::to_string(rss_mib(false)) + " MiB").c_str());
  }
  std::vector<std::vector<double>> lat(a.games);
  std::vector<int> failures(a.games, 0);
  std::latch ready(a.games + 1);
  std::vector<std::thread> clients;
  for (int i = 0; i < a.games; ++i)
    clients.emplace_back([&, i] { play_game(a, ports[i % ports.size()], i, games[i], ready, lat[i], failures[i]); });
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
  std::printf("games %d, moves %zu, pace %.0f ms, failed requests %d, %.2f s\n", a.games, all.size(), a.pace_ms, failed,
              secs);
  std::printf("moves/s %.0f  latency ms: p50 %.2f  p99 %.2f  max %.2f\n", all.size() / secs, pct(0.50), pct(0.99),
              all.empty() ? 0.0 : all.back());
  if (watchers) {
    std::printf("event streams still open after the load: %d of %d\n", watchers->alive(), held);
    if (watchers->alive() < held) ++failed;
  }
  if (!servers.empty()) {
    std::printf("server RSS %ld MiB, peak %ld MiB%s\n", rss_mib(false), rss_mib(true),
                servers.size() > 1 ? " (all instances)" : "");
    watchers.reset();
    servers.clear();
    remove_db();
  }
  std::printf("reproduce: kirin bench serve --games %d --moves %d --pace %g --watchers %d%s%s\n", a.games, a.moves,
              a.pace_ms, a.watchers, a.watch_moving ? " --watch-moving" : "", reproduce.c_str());
  return failed ? EXIT_FAIL : EXIT_OK;
}

}  // namespace

std::function<int()> add_bench_serve(CLI::App& bench) {
  auto* cmd = bench.add_subcommand("serve", "Concurrent games making moves against the web server");
  auto a = std::make_shared<BenchArgs>();
  cmd->add_option("--games", a->games, "concurrent games")->capture_default_str()->check(CLI::Range(1, 1000));
  cmd->add_option("--moves", a->moves, "moves per game")->capture_default_str()->check(CLI::Range(1, 10000));
  cmd->add_option("--pace", a->pace_ms, "milliseconds between a game's moves (0: no pause)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 60000.0));
  cmd->add_option("--watchers", a->watchers, "idle event streams held open during the load")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_flag("--watch-moving", a->watch_moving, "the event streams watch the moving games (each move reaches them)");
  cmd->add_option("--kirin-games", a->kirin_games, "instead: games against Kirin, timing its replies asked for at once")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--strength", a->strength, "Kirin's strength in those games")
      ->capture_default_str()
      ->check(CLI::Range(1, 8));
  cmd->add_option("--engine-threads", a->engine_threads, "engine threads of the server started here (default: its own)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--port", a->ports,
                  "ports of running kirin serve instances on 127.0.0.1, comma-separated; games are "
                  "spread over them (default: start servers here)")
      ->delimiter(',')
      ->check(CLI::Range(1, 65535));
  cmd->add_option("--instances", a->instances,
                  "servers to start here on --db (more than one needs a postgresql:// URI)")
      ->capture_default_str()
      ->check(CLI::Range(1, 16));
  cmd->add_option("--db", a->db, "database of the servers started here (default: a fresh SQLite file)");
  cmd->add_option("--attack", a->attack.kinds,
                  "instead: attacks from 127.0.0.2 (import, positions, analyses, games; comma-separated), each on a "
                  "server of its own, while a victim on 127.0.0.3 plays Kirin at level 1")
      ->delimiter(',')
      ->check(CLI::IsMember(attack_kinds()));
  cmd->add_option("--seconds", a->attack.seconds, "with --attack: the victim alone, then as long under each attack")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 600.0));
  cmd->add_option("--attackers", a->attack.attackers, "with --attack: the attacker's connections at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 250));
  return [a] { return bench_serve(*a); };
}

}  // namespace kirin::cli
