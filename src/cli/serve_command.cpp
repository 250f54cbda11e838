// kirin serve [--port N] [--host H] [--db PATH] [--web DIR]: the web platform in one process:
// HTTP + JSON API + server-sent events, the web UI, games in a SQLite file.
#include <csignal>
#include <cstdio>
#include <memory>
#include <pthread.h>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "server/bot.h"
#include "server/game_service.h"
#include "server/http_api.h"

#ifndef KIRIN_WEB_DIST
#define KIRIN_WEB_DIST "web/dist"
#endif

namespace kirin::cli {
namespace {

struct ServeArgs {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "kirin.db";
  std::string web = KIRIN_WEB_DIST;
  bool material_bot = false;
  size_t cache_games = 1000;
};

int serve(const ServeArgs& a) {
  // SIGINT/SIGTERM go to one waiting thread, which stops the server cleanly.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  std::string error;
  auto store = server::open_sqlite_store(a.db, error);
  if (!store) {
    std::fprintf(stderr, "kirin serve: %s\n", error.c_str());
    return EXIT_FAIL;
  }
  server::GameService service(std::move(store), a.material_bot ? server::make_material_bot(std::random_device{}()) : server::make_engine_bot(),
                               a.cache_games);
  server::HttpServer http(service, a.web);
  int port = http.bind(a.host, a.port, error);
  if (port < 0) {
    std::fprintf(stderr, "kirin serve: %s\n", error.c_str());
    return EXIT_FAIL;
  }
  service.resume_unfinished();
  std::printf("Kirin is serving on http://%s:%d/ (games in %s)\n", a.host.c_str(), port, a.db.c_str());
  std::fflush(stdout);
  std::thread waiter([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    http.stop();
  });
  http.run();
  // Stopped by other means than a signal: wake the waiter so it can be joined.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  return EXIT_OK;
}

}  // namespace

std::function<int()> add_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Serve the web platform (play in the browser)");
  auto a = std::make_shared<ServeArgs>();
  cmd->add_option("--port,-p", a->port, "TCP port (0: any free port)")->capture_default_str()->check(CLI::Range(0, 65535));
  cmd->add_option("--host", a->host, "address to listen on")->capture_default_str();
  cmd->add_option("--db", a->db, "SQLite database file")->capture_default_str();
  cmd->add_option("--web", a->web, "folder of the built web UI")->capture_default_str();
  cmd->add_option("--cache-games", a->cache_games, "games kept in memory; idle ones beyond are reloaded from the db")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--quick-kirin", a->material_bot, "Kirin plays by material only, instantly (tests, demos)");
  return [a] { return serve(*a); };
}

}  // namespace kirin::cli
