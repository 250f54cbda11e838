#include "server/workers.h"

#include <algorithm>

namespace kirin::server {

Workers::Workers(WorkersOptions options) : options_(options) {
  for (size_t i = 0; i < std::max<size_t>(options_.threads, 1); ++i) threads_.emplace_back([this] { run(); });
}

Workers::~Workers() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_) t.join();
}

Workers::Queued Workers::submit(const std::string& client, std::function<void()> work) {
  {
    std::lock_guard lock(mu_);
    if (waiting_ >= options_.queue) return Queued::FULL;
    size_t& load = load_[client];
    if (options_.per_client && load >= options_.per_client) return Queued::CLIENT_FULL;
    ++load;
    auto& queue = queues_[client];
    if (queue.empty()) turn_.push_back(client);
    queue.push_back(std::move(work));
    ++waiting_;
  }
  cv_.notify_one();
  return Queued::YES;
}

size_t Workers::waiting() {
  std::lock_guard lock(mu_);
  return waiting_;
}

void Workers::run() {
  for (;;) {
    std::function<void()> work;
    std::string client;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !turn_.empty(); });
      if (stopping_) return;
      client = std::move(turn_.front());
      turn_.pop_front();
      auto it = queues_.find(client);
      work = std::move(it->second.front());
      it->second.pop_front();
      // The client's next piece of work waits for its next turn, behind every other client's.
      if (it->second.empty())
        queues_.erase(it);
      else
        turn_.push_back(client);
      --waiting_;
    }
    work();
    std::lock_guard lock(mu_);
    if (auto it = load_.find(client); it != load_.end() && --it->second == 0) load_.erase(it);
  }
}

}  // namespace kirin::server
