// One background thread that runs engine work (Kirin's moves, analysis) in order, so request
// threads never wait on a search.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace kirin::server {

class Worker {
 public:
  Worker();
  ~Worker();  // finishes the current job, drops the rest
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;
  void post(std::function<void()> job);

 private:
  void run();
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace kirin::server
