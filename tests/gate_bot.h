// A Bot that thinks until the test opens its gate (then plays as the material bot would) or
// until it is cancelled: engine work whose timing the test decides.
#pragma once
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "server/engine/bot.h"

namespace kirin::test {

struct Gate {
  std::atomic<bool> open{false};
  bool ignore_cancel = false;  // a search that does not stop: only the version check saves the game
  std::atomic<int> started{0}, cancelled{0}, finished{0};
  // Waits until `counter` reaches `n` (at most 5 s); false if it did not.
  static bool wait_for(const std::atomic<int>& counter, int n) {
    for (int i = 0; i < 1000 && counter < n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return counter >= n;
  }
};

class GateBot final : public server::Bot {
 public:
  explicit GateBot(std::shared_ptr<Gate> gate) : gate_(std::move(gate)), inner_(server::make_material_bot(1)) {}
  server::Analysis think(const server::BotRequest& r, const std::atomic<bool>& cancel) override {
    ++gate_->started;
    while (!gate_->open && (!cancel || gate_->ignore_cancel)) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (cancel && !gate_->ignore_cancel) {
      ++gate_->cancelled;
      return {};
    }
    ++gate_->finished;
    return inner_->think(r, cancel);
  }

 private:
  std::shared_ptr<Gate> gate_;
  std::unique_ptr<server::Bot> inner_;
};

inline server::BotFactory gate_bots(std::shared_ptr<Gate> gate) {
  return [gate] { return std::make_unique<GateBot>(gate); };
}

}  // namespace kirin::test
