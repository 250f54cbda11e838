// The threads that do a request's work beyond reading it and writing the answer: reading a game
// from the store and replaying it, creating one from a move list or a record, an action and its
// save. The transport's threads only parse and answer, so a slow request (a long record, a store
// that lags) holds up no other connection. The queue is bounded in all and per client address,
// and served in turn across addresses: one address's many requests wait behind each other, not
// in front of everyone else's.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace kirin::server {

struct WorkersOptions {
  size_t threads = 2;
  size_t queue = 512;      // work waiting, from every address together
  size_t per_client = 16;  // work waiting or running for one address
};

class Workers {
 public:
  explicit Workers(WorkersOptions options);
  ~Workers();  // drops the work that waits, finishes what runs, joins the threads
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  enum class Queued { YES, FULL, CLIENT_FULL };
  // Queues `work` for `client` (its address); refused when the queue, or the client's share of
  // it, is full. `work` must not throw.
  Queued submit(const std::string& client, std::function<void()> work);
  size_t waiting();

 private:
  void run();

  const WorkersOptions options_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::unordered_map<std::string, std::deque<std::function<void()>>> queues_;  // by client
  std::unordered_map<std::string, size_t> load_;                               // waiting or running, by client
  std::deque<std::string> turn_;                                               // the clients with work waiting, in turn
  size_t waiting_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace kirin::server
