// What the servers of one PostgreSQL store tell each other: each change is announced with
// pg_notify when its transaction commits, and heard here on a connection of its own, by a thread
// that waits on its socket (no polling of the tables): other servers' saves of games, engine jobs
// to claim, changes to games' analyses, chat lines and challenges.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace kirin::server {

class PgListener {
 public:
  explicit PgListener(std::string uri) : uri_(std::move(uri)) {}
  ~PgListener() { on_game(nullptr); }
  PgListener(const PgListener&) = delete;
  PgListener& operator=(const PgListener&) = delete;

  // Starts listening, with the hearer of saved games ("id", version), and returns once it
  // listens (or after 5 s, if the database is away); nullptr stops it.
  void on_game(std::function<void(const std::string& id, int64_t version)> changed);
  // The other hearers, each replaceable at any time; nullptr for none.
  void on_job(std::function<void()> ready);
  void on_analysis(std::function<void(const std::string& id)> changed);
  void on_chat(std::function<void(const std::string& id, int64_t line)> heard);
  void on_challenges(std::function<void(int64_t account)> heard);

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
};

}  // namespace kirin::server
