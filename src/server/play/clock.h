// A game's clock on the server: a time control (Fischer main time and increment, byoyomi for the
// shogi games, or days per move for correspondence) and the time each side has left. Plain data
// kept in the GameRecord and the store; the times are unix milliseconds so that they mean the
// same after a restart.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"
#include "core/types.h"

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

// Reads {"clock": {initial_ms, increment_ms, byoyomi_ms}} or {"days_per_move": N} of a new
// game; a spec that is not timed when neither is given.
Result<ClockSpec> parse_clock_spec(const nlohmann::json& body, bool shogi);

// The clock of a new game: each side's full time, nothing running until the first move.
ClockState fresh_clock(const ClockSpec& spec);
// The time `c` has for its current move at `now` (main time plus the byoyomi period), never
// below 0. For the side not on move: what it will have when its turn starts.
int64_t time_for_move(const ClockSpec& spec, const ClockState& st, Color c, int64_t now);
// When the running side's time runs out (unix ms); 0 when nothing runs.
int64_t flag_at(const ClockSpec& spec, const ClockState& st);
// `mover` moved at `now`: its time is charged (and the increment added, or the byoyomi or the
// correspondence time renewed), and the other side's time starts.
void punch(const ClockSpec& spec, ClockState& st, Color mover, int64_t now);
// The turn passes to `to_move` with no move made (a take-back): time used so far is charged,
// nothing is added.
void hand_over(const ClockSpec& spec, ClockState& st, Color to_move, int64_t now);
// The game ended at `now`: time used is charged and the clock stops.
void stop_clock(const ClockSpec& spec, ClockState& st, int64_t now);

// The state as the API shows it at `now`: {initial_ms, increment_ms, byoyomi_ms, days_per_move,
// first_ms, second_ms, first_byoyomi, second_byoyomi, running}; null for an untimed game.
nlohmann::json clock_json(const ClockSpec& spec, const ClockState& st, int64_t now);
// The store's form of both, and back.
std::string clock_to_text(const ClockSpec& spec, const ClockState& st);
bool clock_from_text(const std::string& text, ClockSpec& spec, ClockState& st);

}  // namespace kirin::server
