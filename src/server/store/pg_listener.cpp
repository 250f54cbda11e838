#include "server/store/pg_listener.h"

#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <cstdlib>

namespace kirin::server {

namespace {

// "id:number" split at its last colon; false when there is none.
bool split_payload(const std::string& payload, std::string& id, int64_t& number) {
  const size_t colon = payload.rfind(':');
  if (colon == std::string::npos) return false;
  id = payload.substr(0, colon);
  number = std::atoll(payload.c_str() + colon + 1);
  return true;
}

}  // namespace

void PgListener::on_game(std::function<void(const std::string&, int64_t)> changed) {
  if (thread_.joinable()) {
    stop_ = true;
    thread_.join();
  }
  if (!changed) return;
  stop_ = false;
  {
    std::lock_guard lock(listening_mu_);
    listening_ = false;
  }
  thread_ = std::thread([this, changed = std::move(changed)] { listen(changed); });
  // A notification sent before the LISTEN is lost: a server that answers before it listens
  // would miss a challenge or a move made through another server (or itself) in its first
  // moments. A database that is away does not keep the server from starting.
  std::unique_lock lock(listening_mu_);
  listening_cv_.wait_for(lock, std::chrono::seconds(5), [this] { return listening_; });
}

void PgListener::on_job(std::function<void()> ready) {
  std::lock_guard lock(hearers_mu_);
  job_ready_ = std::move(ready);
}

void PgListener::on_analysis(std::function<void(const std::string&)> changed) {
  std::lock_guard lock(hearers_mu_);
  analysis_changed_ = std::move(changed);
}

void PgListener::on_chat(std::function<void(const std::string&, int64_t)> heard) {
  std::lock_guard lock(hearers_mu_);
  chat_heard_ = std::move(heard);
}

void PgListener::on_challenges(std::function<void(int64_t)> heard) {
  std::lock_guard lock(hearers_mu_);
  challenges_heard_ = std::move(heard);
}

void PgListener::on_tournament(std::function<void(const std::string&)> changed) {
  std::lock_guard lock(hearers_mu_);
  tournament_changed_ = std::move(changed);
}

void PgListener::listen(const std::function<void(const std::string&, int64_t)>& changed) {
  PGconn* c = nullptr;
  while (!stop_) {
    if (!c || PQstatus(c) != CONNECTION_OK) {
      if (c) PQfinish(c);
      c = PQconnectdb(uri_.c_str());
      PQsetNoticeProcessor(
          c, [](void*, const char*) {}, nullptr);
      PGresult* r = PQstatus(c) == CONNECTION_OK
                        ? PQexec(c,
                                 "LISTEN kirin_games; LISTEN kirin_jobs; LISTEN kirin_analyses; LISTEN kirin_chat; "
                                 "LISTEN kirin_challenges; LISTEN kirin_tournaments")
                        : nullptr;
      const bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
      PQclear(r);
      if (!ok) {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the database is away: try again
        continue;
      }
      {
        std::lock_guard lock(listening_mu_);
        listening_ = true;
      }
      listening_cv_.notify_all();
    }
    pollfd p{PQsocket(c), POLLIN, 0};
    if (::poll(&p, 1, 200) < 0 || !PQconsumeInput(c)) continue;
    bool job = false;
    while (PGnotify* n = PQnotifies(c)) {
      const std::string channel = n->relname, payload = n->extra;
      PQfreemem(n);
      job |= hear(channel, payload, changed);
    }
    // Many jobs announced at once wake the claimers once.
    if (job) {
      std::lock_guard lock(hearers_mu_);
      if (job_ready_) job_ready_();
    }
  }
  if (c) PQfinish(c);
}

bool PgListener::hear(const std::string& channel, const std::string& payload,
                      const std::function<void(const std::string&, int64_t)>& changed) {
  if (channel == "kirin_jobs") return true;
  std::string id;
  int64_t number = 0;
  if (channel == "kirin_games") {
    if (split_payload(payload, id, number)) changed(id, number);  // "id:version"
    return false;
  }
  std::lock_guard lock(hearers_mu_);
  if (channel == "kirin_analyses") {
    if (analysis_changed_) analysis_changed_(payload);
  } else if (channel == "kirin_chat") {
    if (chat_heard_ && split_payload(payload, id, number)) chat_heard_(id, number);  // "id:line"
  } else if (channel == "kirin_challenges") {
    if (challenges_heard_) challenges_heard_(std::atoll(payload.c_str()));
  } else if (channel == "kirin_tournaments") {
    if (tournament_changed_) tournament_changed_(payload);
  }
  return false;
}

}  // namespace kirin::server
