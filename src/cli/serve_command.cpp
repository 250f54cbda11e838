// kirin serve [--port N] [--host H] [--db PATH] [--web DIR] [limits...]: the web platform in
// one process: HTTP + JSON API + server-sent events, the web UI, games in a SQLite file (or a
// PostgreSQL database several servers share), Kirin's moves on an engine pool, a log line per
// request on stderr. --engine-only: a worker that only computes Kirin's moves and the computer
// analyses of games for the others.
#include <pthread.h>
#include <spdlog/logger.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <boost/asio/ip/address.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "core/data_dirs.h"
#include "server/api/api.h"
#include "server/engine/bot.h"
#include "server/env.h"
#include "server/http/server.h"

namespace kirin::cli {
namespace {

struct ServeArgs {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "kirin.db";
  std::string web = data::web_dir();
  std::string puzzles = data::puzzles_dir();
  bool material_bot = false;
  size_t io_threads = std::min<size_t>(2, std::max(1u, std::thread::hardware_concurrency()));
  server::ServiceOptions service;
  server::http::Limits limits;
  server::ApiOptions api;
  double request_timeout_s = 10, idle_timeout_s = 60;
  double engine_lease_s = 15;
  double abort_after_s = 600, first_move_s = 30;
  int db_connections = server::DEFAULT_DB_CONNECTIONS;
  int analysis_threads = 1;
  std::string log_level = "info";
};

// The threads a live analysis gets: as asked, or fewer (said in the log) where the engine
// threads' moves would be left without a core.
int analysis_threads(const ServeArgs& a, spdlog::logger& log) {
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  const int given = server::analysis_threads_within(a.analysis_threads, int(a.service.engine_threads), cores);
  if (given < a.analysis_threads)
    log.warn("--analysis-threads {}: {} with {} engine threads on {} cores (lower --engine-threads for more)",
             a.analysis_threads, given, a.service.engine_threads, cores);
  return given;
}

std::shared_ptr<spdlog::logger> make_log(const std::string& level) {
  auto log = std::make_shared<spdlog::logger>("kirin", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  log->set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %l %v", spdlog::pattern_time_type::utc);
  log->set_level(spdlog::level::from_str(level));
  return log;
}

// The database as the log and the console may show it: a URI's password is left out.
std::string shown_db(const std::string& db) {
  const size_t scheme = db.find("://");
  if (scheme == std::string::npos) return db;
  const size_t at = db.find('@', scheme + 3), colon = db.find(':', scheme + 3);
  if (at == std::string::npos || colon == std::string::npos || colon > at) return db;
  return db.substr(0, colon + 1) + "***" + db.substr(at);
}

// --engine-only: no players and no port, only Kirin's moves claimed from the shared store
// until SIGINT or SIGTERM.
int work_for_others(server::Env& service, const ServeArgs& a, sigset_t stop_signals, spdlog::logger& log) {
  log.info("computing Kirin's moves for the servers on {}, {} engine threads", shown_db(a.db),
           a.service.engine_threads);
  std::printf("Kirin is computing moves for the servers on %s\n", shown_db(a.db).c_str());
  std::fflush(stdout);
  int sig = 0;
  sigwait(&stop_signals, &sig);
  service.stop();
  log.info("stopped");
  return EXIT_OK;
}

int serve(ServeArgs a) {
  // SIGINT/SIGTERM go to one waiting thread, which stops the server cleanly.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  auto log = make_log(a.log_level);
  a.limits.request_timeout = std::chrono::milliseconds(int64_t(a.request_timeout_s * 1000));
  a.limits.idle_timeout = std::chrono::milliseconds(int64_t(a.idle_timeout_s * 1000));
  a.service.engine_lease_ms = int64_t(a.engine_lease_s * 1000);
  a.service.abort = {int64_t(a.abort_after_s * 1000), int64_t(a.first_move_s * 1000)};
  auto store = server::open_store(a.db, a.db_connections);
  if (!store) {
    std::fprintf(stderr, "kirin serve: %s\n", store.error().c_str());
    return EXIT_FAIL;
  }
  auto puzzles = server::PuzzleSets::load(a.puzzles);
  if (!puzzles) {
    std::fprintf(stderr, "kirin serve: puzzles: %s\n", puzzles.error().c_str());
    return EXIT_FAIL;
  }
  a.api.puzzles = std::make_shared<const server::PuzzleSets>(std::move(*puzzles));
  // A folder without puzzle files is allowed (the pages say there are none), so say what was read.
  log->info("puzzles from {}: {}", a.puzzles, a.api.puzzles->counts().body["games"].dump());
  log->info(
      "web UI from {}{}", a.web,
      std::filesystem::exists(std::filesystem::path(a.web) / "index.html") ? "" : " (no index.html there: not built)");
  server::BotFactory bots =
      a.material_bot
          ? server::BotFactory([] { return server::make_material_bot(std::random_device{}()); })
          : server::BotFactory([threads = analysis_threads(a, *log)] { return server::make_engine_bot(16, threads); });
  if ((a.service.engine_only || !a.service.kirin_moves) && !(*store)->shared()) {
    std::fprintf(stderr, "kirin serve: %s needs a database other servers share (a postgresql:// URI), not %s\n",
                 a.service.engine_only ? "--engine-only" : "--web-only", shown_db(a.db).c_str());
    return EXIT_USAGE;
  }
  server::Env service(std::move(*store), bots, a.service, log);
  if (a.service.engine_only) return work_for_others(service, a, stop_signals, *log);
  server::Api api(service, a.web, a.api);
  server::http::Server http(api, a.limits, a.io_threads, log);
  auto bound = http.bind(a.host, a.port);
  if (!bound) {
    std::fprintf(stderr, "kirin serve: %s\n", bound.error().c_str());
    return EXIT_FAIL;
  }
  const int port = *bound;
  service.resume_unfinished();
  log->info("serving on {}:{}, games in {}, {} I/O and {} engine threads", a.host, port, shown_db(a.db), a.io_threads,
            a.service.engine_threads);
  std::printf("Kirin is serving on http://%s:%d/ (games in %s)\n", a.host.c_str(), port, shown_db(a.db).c_str());
  std::fflush(stdout);
  std::thread waiter([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    service.stop();
    http.stop();
  });
  http.run();
  // Stopped by other means than a signal: wake the waiter so it can be joined.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  log->info("stopped");
  return EXIT_OK;
}

}  // namespace

std::function<int()> add_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Serve the web platform (play in the browser)");
  auto a = std::make_shared<ServeArgs>();
  a->service.engine_threads =
      std::max(1u, std::thread::hardware_concurrency()) > 1 ? std::thread::hardware_concurrency() - 1 : 1;
  cmd->add_option("--port,-p", a->port, "TCP port (0: any free port)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--host", a->host, "address to listen on")->capture_default_str();
  cmd->add_option("--db", a->db, "SQLite database file, or a postgresql:// URI")->capture_default_str();
  cmd->add_option("--db-connections", a->db_connections, "connections to a PostgreSQL database (a SQLite file has one)")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  // The defaults depend on where kirin runs from, so the help (and the manual page made from it)
  // names the rule, not one machine's path.
  cmd->add_option("--web", a->web,
                  "folder of the built web UI (default: share/kirin/web beside the executable's folder, as "
                  "/usr/share/kirin/web for /usr/games/kirin, else the source tree's web/dist)");
  cmd->add_option("--puzzles", a->puzzles,
                  "folder of the puzzle files, <game>.txt (default: share/kirin/puzzles beside the executable's "
                  "folder, else the source tree's data/puzzles)");
  cmd->add_option("--cache-games", a->service.cache_games,
                  "games kept in memory; idle ones beyond are reloaded from the db")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--cache-games-per-client", a->service.cache_games_per_client,
                  "of those, the games one address's requests may keep loaded (0: no share)")
      ->capture_default_str();
  // These two defaults follow the machine's cores: the help states the rule, not this machine's number.
  cmd->add_option("--io-threads", a->io_threads, "threads that hold the connections (default: 2, 1 on one core)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--work-threads", a->api.workers.threads,
                  "threads that read, replay, create and save games for the requests")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--work-per-client", a->api.workers.per_client,
                  "requests of one address that may wait or run on them at once; beyond, 429")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--engine-threads", a->service.engine_threads,
                  "threads that search for Kirin (default: cores - 1, at least 1)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--analysis-threads", a->analysis_threads,
                  "search threads of a live analysis (Lazy SMP), within what leaves the other engine threads a "
                  "core each")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  cmd->add_option("--engine-queue", a->service.engine_queue, "engine jobs that may wait; beyond, 503")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  auto& l = a->limits;
  cmd->add_option("--max-body", l.body_bytes, "largest request body in bytes, chunked or not")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--max-header-bytes", l.header_bytes, "largest request header in bytes")
      ->capture_default_str()
      ->check(CLI::Range(256, 1 << 20));
  cmd->add_option("--max-headers", l.header_count, "most header fields in a request")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--request-timeout", a->request_timeout_s, "seconds a request may take to arrive")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  cmd->add_option("--idle-timeout", a->idle_timeout_s, "seconds a kept-alive connection may wait for its next request")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  cmd->add_option("--max-connections", l.connections, "open connections in all")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--max-connections-per-client", l.connections_per_client,
                  "open connections from one address (0: no limit)")
      ->capture_default_str();
  cmd->add_option("--max-streams", l.streams, "event streams in all; beyond, 503")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000000));
  cmd->add_option("--max-streams-per-game", l.streams_per_game, "event streams on one game; beyond, 503")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000000));
  cmd->add_option("--max-streams-per-client", l.streams_per_client,
                  "event streams from one address (0: no limit); beyond, 429")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000000));
  cmd->add_option("--trusted-proxy", l.trusted_proxies,
                  "address of a reverse proxy whose X-Forwarded-For names the client (repeatable)")
      ->check([](const std::string& text) {
        boost::system::error_code ec;
        auto address = boost::asio::ip::make_address(text, ec);
        if (ec) return "not an IP address: '" + text + "'";
        return address.to_string() == text ? std::string() : "write the address as " + address.to_string();
      });
  cmd->add_option("--analyses-per-minute", a->api.analyses_per_minute,
                  "analyses one address may ask for a minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--analysis-burst", a->api.analysis_burst,
                  "analyses one address may ask for at once before the per-minute rate applies")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 1e6));
  cmd->add_option("--problems-per-minute", a->api.problems_per_minute,
                  "problems made or moves judged in them one address may ask for a minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--games-per-minute", a->api.games_per_minute,
                  "new games one address, and one account, may make a minute, half of them at once (0: no limit)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--signups-per-hour", a->api.signups_per_hour,
                  "new accounts one address may make an hour (0: no limit)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--live-analyses-per-client", a->api.live_analyses_per_client,
                  "live analysis streams one address, and one account, may hold open")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--game-analyses-per-minute", a->api.game_analyses_per_minute,
                  "computer analyses of games one address may ask for a minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--game-analyses-waiting-per-client", a->api.game_analyses_waiting_per_client,
                  "computer analyses of games one address, and one account, may have waiting or running (0: no "
                  "limit)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--game-analysis-nodes", a->service.game_analysis_nodes,
                  "nodes searched in each position of a game's computer analysis")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_option(
         "--game-analysis-queue", a->service.game_analysis_queue,
         "computer analyses of games that may wait or run (on a shared database, for all servers); beyond, 503")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--log-level", a->log_level, "trace, debug, info, warn, err or off")
      ->capture_default_str()
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "err", "critical", "off"}));
  auto* engine_only =
      cmd->add_flag("--engine-only", a->service.engine_only,
                    "no web: compute Kirin's moves and game analyses for the servers sharing the --db PostgreSQL "
                    "database");
  cmd->add_flag("--web-only{false}", a->service.kirin_moves,
                "serve players but leave Kirin's moves and game analyses to other processes (--engine-only workers) on "
                "the shared database")
      ->excludes(engine_only);
  cmd->add_option("--abort-after", a->abort_after_s,
                  "seconds after which a game nobody moved in (fewer than two plies; four rated) is aborted once "
                  "each side's first move is made; 0: never")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 30 * 86400.0));
  cmd->add_option("--first-move-time", a->first_move_s,
                  "seconds each side has for its first move (not in correspondence) before the game is aborted, as "
                  "lichess; 0: --abort-after's")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 30 * 86400.0));
  cmd->add_option("--engine-lease", a->engine_lease_s,
                  "seconds a claim on Kirin's move lasts unless renewed; a dead claimer's move is taken over after it")
      ->capture_default_str()
      ->check(CLI::Range(0.3, 3600.0));
  cmd->add_flag("--quick-kirin", a->material_bot, "Kirin plays by material only, instantly (tests, demos)");
  return [a] { return serve(*a); };
}

}  // namespace kirin::cli
