// The request workers (server/workers.h): served in turn across client addresses, bounded in
// all and per address.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "server/workers.h"

using kirin::server::Workers;
using kirin::server::WorkersOptions;

namespace {

// A gate the first piece of work waits at, so that the rest queues up behind it.
class Gate {
 public:
  void wait() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [this] { return open_; });
  }
  void open() {
    {
      std::lock_guard lock(mu_);
      open_ = true;
    }
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool open_ = false;
};

}  // namespace

TEST(ServerWorkers, AddressesTakeTurnsSoOneAddressesFloodWaitsBehindTheOthers) {
  std::vector<std::string> order;
  std::mutex mu;
  std::atomic<int> done{0};
  Gate gate;
  {
    Workers w(WorkersOptions{1, 100, 20});
    ASSERT_EQ(w.submit("attacker", [&] { gate.wait(); }), Workers::Queued::YES);
    while (w.waiting() != 0) std::this_thread::yield();  // the one thread holds at the gate
    for (int i = 0; i < 10; ++i)
      ASSERT_EQ(w.submit("attacker",
                         [&, i] {
                           std::lock_guard lock(mu);
                           order.push_back("a" + std::to_string(i));
                           ++done;
                         }),
                Workers::Queued::YES);
    for (const char* who : {"victim", "another"})
      ASSERT_EQ(w.submit(who,
                         [&, who] {
                           std::lock_guard lock(mu);
                           order.push_back(who);
                           ++done;
                         }),
                Workers::Queued::YES);
    EXPECT_EQ(w.waiting(), 12u);
    gate.open();
    while (done < 12) std::this_thread::yield();
  }
  // Each address's next piece waits for its next turn: the victim's runs after one of the flood.
  const std::vector<std::string> expected = {"a0", "victim", "another", "a1", "a2", "a3",
                                             "a4", "a5",     "a6",      "a7", "a8", "a9"};
  EXPECT_EQ(order, expected);
}

TEST(ServerWorkers, AnAddressGetsItsShareAndTheQueueItsLimit) {
  Gate gate;
  Workers w(WorkersOptions{1, 5, 3});
  ASSERT_EQ(w.submit("a", [&] { gate.wait(); }), Workers::Queued::YES);
  while (w.waiting() != 0) std::this_thread::yield();  // the gate's work runs: it counts for "a"
  EXPECT_EQ(w.submit("a", [] {}), Workers::Queued::YES);
  EXPECT_EQ(w.submit("a", [] {}), Workers::Queued::YES);
  EXPECT_EQ(w.submit("a", [] {}), Workers::Queued::CLIENT_FULL);  // 3 waiting or running
  for (const char* who : {"b", "c", "d"}) EXPECT_EQ(w.submit(who, [] {}), Workers::Queued::YES);
  EXPECT_EQ(w.submit("e", [] {}), Workers::Queued::FULL);  // 5 waiting
  gate.open();
}
