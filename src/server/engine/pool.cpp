#include "server/engine/pool.h"

#include <algorithm>

namespace kirin::server {

struct EnginePool::Slot {
  std::unique_ptr<Bot> bot;
  JobPtr job;  // the job it runs, with mu_ held
};

EnginePool::EnginePool(size_t threads, size_t queue_limit, BotFactory make_bot, ErrorSink on_error)
    : queue_limit_(std::max<size_t>(queue_limit, 1)), on_error_(std::move(on_error)) {
  threads = std::max<size_t>(threads, 1);
  for (size_t i = 0; i < threads; ++i) {
    slots_.push_back(std::make_unique<Slot>());
    slots_.back()->bot = make_bot();
  }
  for (auto& s : slots_) threads_.emplace_back([this, slot = s.get()] { run(*slot); });
}

EnginePool::~EnginePool() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    queue_.clear();
    idle_.clear();
    for (auto& s : slots_)
      if (s->job) {
        s->job->cancel_ = true;
        s->bot->stop();
      }
  }
  cv_.notify_all();
  for (auto& t : threads_) t.join();
}

EnginePool::JobPtr EnginePool::submit(Work work) {
  std::lock_guard lock(mu_);
  if (stopping_ || queue_.size() >= queue_limit_) return nullptr;
  auto job = std::make_shared<Job>();
  job->work = std::move(work);
  queue_.push_back(job);
  cv_.notify_one();
  return job;
}

EnginePool::JobPtr EnginePool::submit_idle(Work work) {
  std::lock_guard lock(mu_);
  if (stopping_) return nullptr;
  auto job = std::make_shared<Job>();
  job->work = std::move(work);
  idle_.push_back(job);
  cv_.notify_one();
  return job;
}

bool EnginePool::submit_for_game(const std::string& game, Work work, bool force) {
  std::lock_guard lock(mu_);
  if (stopping_) return false;
  if (auto it = game_jobs_.find(game); it != game_jobs_.end()) {
    Job& j = *it->second;
    j.work = std::move(work);
    if (j.running_on) j.again = true;
    return true;
  }
  if (!force && queue_.size() >= queue_limit_) return false;
  auto job = std::make_shared<Job>();
  job->game = game;
  job->work = std::move(work);
  game_jobs_[game] = job;
  queue_.push_back(job);
  cv_.notify_one();
  return true;
}

bool EnginePool::has_room_for(const std::string& game) {
  std::lock_guard lock(mu_);
  return game_jobs_.count(game) || queue_.size() < queue_limit_;
}

void EnginePool::cancel_game(const std::string& game) {
  std::unique_lock lock(mu_);
  auto it = game_jobs_.find(game);
  if (it == game_jobs_.end()) return;
  JobPtr job = it->second;
  lock.unlock();
  cancel(job);
}

void EnginePool::cancel(const JobPtr& job) {
  if (!job) return;
  std::lock_guard lock(mu_);
  job->cancel_ = true;
  job->again = false;
  if (job->running_on) {
    job->running_on->stop();
    return;
  }
  if (auto it = std::find(queue_.begin(), queue_.end(), job); it != queue_.end()) {
    queue_.erase(it);
    if (!job->game.empty()) game_jobs_.erase(job->game);
  }
  if (auto it = std::find(idle_.begin(), idle_.end(), job); it != idle_.end()) idle_.erase(it);
}

size_t EnginePool::queued() {
  std::lock_guard lock(mu_);
  return queue_.size();
}

void EnginePool::run(Slot& slot) {
  std::unique_lock lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return stopping_ || !queue_.empty() || !idle_.empty(); });
    if (stopping_) return;
    std::deque<JobPtr>& from = queue_.empty() ? idle_ : queue_;
    JobPtr job = from.front();
    from.pop_front();
    slot.job = job;
    job->running_on = slot.bot.get();
    Work work = job->work;
    lock.unlock();
    try {
      if (!job->cancel_) work(*slot.bot, job->cancel_);
    } catch (const std::exception& e) {
      if (on_error_) on_error_(std::string("engine job failed: ") + e.what());
    }
    lock.lock();
    slot.job = nullptr;
    job->running_on = nullptr;
    if (!job->game.empty()) finish_game_job(job);
  }
}

void EnginePool::finish_game_job(const JobPtr& job) {
  if (job->again && !stopping_) {
    // The game changed while its job ran: run its (fresh) work once more, first in line so
    // that its player does not wait behind the whole queue a second time.
    job->again = false;
    job->cancel_ = false;
    queue_.push_front(job);
    cv_.notify_one();
    return;
  }
  game_jobs_.erase(job->game);
}

}  // namespace kirin::server
