// A Kirin server on a loopback port for the API tests, with its own database file.
#pragma once
#include <gtest/gtest.h>
#include <httplib.h>

#include <cctype>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "pg_cluster.h"
#include "server/api/api.h"
#include "server/env.h"
#include "server/http/server.h"

namespace kirin::test {

inline std::string temp_db(const std::string& name) {
  auto p = std::filesystem::temp_directory_path() / ("kirin-test-" + name + "-" + std::to_string(::getpid()) + ".db");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + ext);
  return p.string();
}

// The stores the API tests run on: each such test runs once on a SQLite file and once on a
// database of a throwaway PostgreSQL cluster (one per test process).
enum class Store { SQLITE, POSTGRESQL };

inline std::string test_db(Store store, const std::string& name) {
  if (store == Store::SQLITE) return temp_db(name);
  static PgCluster cluster;
  static int made = 0;
  if (!cluster.ok())
    throw std::runtime_error("initdb or pg_ctl failed (Debian's postgresql is installed by scripts/deps.sh)");
  std::string db;
  for (char c : name) db += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return cluster.fresh_database(db + "_" + std::to_string(++made));
}

class OnEachStore : public ::testing::TestWithParam<Store> {
 protected:
  std::string db(const std::string& name) const { return test_db(GetParam(), name); }
};

inline std::string store_name(const ::testing::TestParamInfo<Store>& info) {
  return info.param == Store::SQLITE ? "sqlite" : "postgresql";
}

#define KIRIN_ON_EACH_STORE(Suite)                                                                        \
  INSTANTIATE_TEST_SUITE_P(Store, Suite,                                                                  \
                           ::testing::Values(kirin::test::Store::SQLITE, kirin::test::Store::POSTGRESQL), \
                           kirin::test::store_name)

inline server::BotFactory material_bots() {
  return [] { return server::make_material_bot(1); };
}
inline server::BotFactory engine_bots() {
  return [] { return server::make_engine_bot(); };
}

// Every test's client is one address, and most make more games than one visitor may: the
// limit on new games is off unless a test sets it (server_game_limits_test.cpp does).
inline server::ApiOptions test_api_options() {
  server::ApiOptions o;
  o.games_per_minute = 0;
  return o;
}

struct ServerSetup {
  server::BotFactory bots = material_bots();
  server::ServiceOptions service = {};
  server::http::Limits limits = {};
  server::ApiOptions api = test_api_options();
  size_t io_threads = 2;
};

class TestServer {
 public:
  explicit TestServer(const std::string& db, ServerSetup setup = {}) {
    auto store = server::open_store(db);
    if (!store) throw std::runtime_error(store.error());
    service_ = std::make_unique<server::Env>(std::move(*store), setup.bots, setup.service);
    api_ = std::make_unique<server::Api>(*service_, "", setup.api);
    http_ = std::make_unique<server::http::Server>(*api_, setup.limits, setup.io_threads, nullptr);
    auto bound = http_->bind("127.0.0.1", 0);
    if (!bound) throw std::runtime_error(bound.error());
    port_ = *bound;
    service_->resume_unfinished();  // as kirin serve does
    thread_ = std::thread([this] { http_->run(); });
  }
  ~TestServer() {
    service_->stop();
    http_->stop();
    thread_.join();
    http_.reset();
  }
  int port() const { return port_; }
  size_t loaded_games() const { return service_->loaded_games(); }
  server::http::Server& http() { return *http_; }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30);
    return c;
  }
  // POST a JSON body; returns the status and the parsed reply.
  std::pair<int, nlohmann::json> post(const std::string& path, const std::string& body) const {
    auto c = client();
    auto r = c.Post(path, body, "application/json");
    if (!r) return {0, nullptr};
    return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
  }
  std::pair<int, nlohmann::json> get(const std::string& path) const {
    auto c = client();
    auto r = c.Get(path);
    if (!r) return {0, nullptr};
    return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
  }

 private:
  std::unique_ptr<server::Env> service_;
  std::unique_ptr<server::Api> api_;
  std::unique_ptr<server::http::Server> http_;
  int port_ = -1;
  std::thread thread_;
};

}  // namespace kirin::test
