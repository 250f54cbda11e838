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
    moves_.clear();
    turn_.clear();
    analyses_.clear();
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
  // Analyses have half of the queue; whatever the games' moves take of it is not theirs.
  const size_t analyses_limit = std::max<size_t>(1, queue_limit_ / 2);
  if (stopping_ || analyses_.size() >= analyses_limit || analyses_.size() + moves_waiting_ >= queue_limit_)
    return nullptr;
  auto job = std::make_shared<Job>();
  job->work = std::move(work);
  analyses_.push_back(job);
  cv_.notify_one();
  return job;
}

EnginePool::JobPtr EnginePool::submit_idle(Work work) {
  std::lock_guard lock(mu_);
  if (stopping_) return nullptr;
  auto job = std::make_shared<Job>();
  job->work = std::move(work);
  job->idle = true;
  idle_.push_back(job);
  cv_.notify_one();
  return job;
}

bool EnginePool::submit_for_game(const std::string& game, Work work, bool force, const std::string& player) {
  std::lock_guard lock(mu_);
  if (stopping_) return false;
  if (auto it = game_jobs_.find(game); it != game_jobs_.end()) {
    Job& j = *it->second;
    j.work = std::move(work);
    if (j.running_on) j.again = true;
    return true;
  }
  if (!force && moves_waiting_ >= queue_limit_) return false;
  auto job = std::make_shared<Job>();
  job->game = game;
  job->player = player;
  job->work = std::move(work);
  game_jobs_[game] = job;
  queue_move(job, false);
  preempt_analysis();
  cv_.notify_one();
  return true;
}

void EnginePool::queue_move(const JobPtr& job, bool first) {
  auto& q = moves_[job->player];
  if (first) {
    std::erase(turn_, job->player);
    turn_.push_front(job->player);
    q.push_front(job);
  } else {
    if (q.empty()) turn_.push_back(job->player);
    q.push_back(job);
  }
  ++moves_waiting_;
}

void EnginePool::preempt_analysis() {
  if (moves_waiting_ == 0) return;
  Slot* longest = nullptr;
  for (auto& s : slots_) {
    if (!s->job) return;  // a thread is free: it takes the move
    const Job& j = *s->job;
    // Idle work is one short search: not worth stopping.
    if (j.game.empty() && !j.idle && !j.preempted && (!longest || j.started < longest->job->started)) longest = s.get();
  }
  if (!longest) return;
  // Stopped, not cancelled: the analysis ends as if its time were up and answers with its best.
  longest->job->preempted = true;
  longest->bot->stop();
}

bool EnginePool::has_room_for(const std::string& game) {
  std::lock_guard lock(mu_);
  return game_jobs_.count(game) || moves_waiting_ < queue_limit_;
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
  if (auto it = moves_.find(job->player); !job->game.empty() && it != moves_.end()) {
    auto& q = it->second;
    if (auto f = std::find(q.begin(), q.end(), job); f != q.end()) {
      q.erase(f);
      --moves_waiting_;
      game_jobs_.erase(job->game);
      if (q.empty()) {
        moves_.erase(it);
        std::erase(turn_, job->player);
      }
    }
  }
  if (auto it = std::find(analyses_.begin(), analyses_.end(), job); it != analyses_.end()) analyses_.erase(it);
  if (auto it = std::find(idle_.begin(), idle_.end(), job); it != idle_.end()) idle_.erase(it);
}

size_t EnginePool::queued() {
  std::lock_guard lock(mu_);
  return moves_waiting_ + analyses_.size();
}

EnginePool::JobPtr EnginePool::next_job() {
  JobPtr job;
  if (!turn_.empty()) {
    const std::string player = std::move(turn_.front());
    turn_.pop_front();
    auto it = moves_.find(player);
    job = it->second.front();
    it->second.pop_front();
    --moves_waiting_;
    // The player's next move waits for its next turn, behind every other player's.
    if (it->second.empty())
      moves_.erase(it);
    else
      turn_.push_back(player);
  } else {
    std::deque<JobPtr>& from = analyses_.empty() ? idle_ : analyses_;
    job = from.front();
    from.pop_front();
  }
  return job;
}

void EnginePool::run(Slot& slot) {
  std::unique_lock lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return stopping_ || moves_waiting_ > 0 || !analyses_.empty() || !idle_.empty(); });
    if (stopping_) return;
    JobPtr job = next_job();
    job->started = ++starts_;
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
    queue_move(job, true);
    cv_.notify_one();
    return;
  }
  game_jobs_.erase(job->game);
}

}  // namespace kirin::server
