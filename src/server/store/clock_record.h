// A game's clock as data: the time control (Fischer main time and increment, byoyomi for the
// shogi games, or days per move for correspondence) and the time each side has left, kept in the
// GameRecord and the store. The times are unix milliseconds so that they mean the same after a
// restart and on every instance. What a move does to them is server/play/clock.h.
#pragma once
#include <cstdint>
#include <string>

namespace kirin::server {

struct ClockSpec {
  int64_t initial_ms = 0;    // main time per side
  int64_t increment_ms = 0;  // added after each move
  int64_t byoyomi_ms = 0;    // once the main time is gone, each move within this
  int days_per_move = 0;     // correspondence: each move within this many days
  bool timed() const { return initial_ms > 0 || byoyomi_ms > 0 || days_per_move > 0; }
};

struct ClockState {
  int64_t left_ms[2] = {0, 0};  // main time left (correspondence: time left for the move)
  int running = -1;             // the side whose time runs, -1 none (not started, or over)
  int64_t since = 0;            // unix ms at which the running side's time started
};

// The store's form of both, and back.
std::string clock_to_text(const ClockSpec& spec, const ClockState& st);
bool clock_from_text(const std::string& text, ClockSpec& spec, ClockState& st);

}  // namespace kirin::server
