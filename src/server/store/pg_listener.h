// StoreListener (store_listener.h) on PostgreSQL: each change is announced with pg_notify when
// its transaction commits, and heard here on a connection of its own, by a thread that waits on
// its socket (no polling of the tables).
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/store_listener.h"

namespace kirin::server {

class PgListener final : public StoreListener {
 public:
  explicit PgListener(std::string uri) : uri_(std::move(uri)) {}
  ~PgListener() override { on_game(nullptr); }
  PgListener(const PgListener&) = delete;
  PgListener& operator=(const PgListener&) = delete;

  // Returns once it listens, or after 5 s if the database is away.
  void on_game(std::function<void(const std::string& id, int64_t version)> changed) override;
  void on_job(std::function<void()> ready) override;
  void on_analysis(std::function<void(const std::string& id)> changed) override;
  void on_chat(std::function<void(const std::string& id, int64_t line)> heard) override;
  void on_challenges(std::function<void(int64_t account)> heard) override;
  void on_tournament(std::function<void(const std::string& id)> changed) override;

 private:
  void listen(const std::function<void(const std::string&, int64_t)>& changed);
  // One notification; whether it was an engine job's (those are told once per batch).
  bool hear(const std::string& channel, const std::string& payload,
            const std::function<void(const std::string&, int64_t)>& changed);

  const std::string uri_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::mutex listening_mu_;
  std::condition_variable listening_cv_;
  bool listening_ = false;  // with listening_mu_: the thread's LISTEN has succeeded
  std::mutex hearers_mu_;
  std::function<void()> job_ready_;                              // with hearers_mu_ held
  std::function<void(const std::string&)> analysis_changed_;     // with hearers_mu_ held
  std::function<void(const std::string&, int64_t)> chat_heard_;  // with hearers_mu_ held
  std::function<void(int64_t)> challenges_heard_;                // with hearers_mu_ held
  std::function<void(const std::string&)> tournament_changed_;   // with hearers_mu_ held
};

}  // namespace kirin::server
