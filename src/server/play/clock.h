// A game's clock on the server (server/store/clock_record.h holds its data): starting it, charging
// a move's time, the flag, and how the API shows it.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"
#include "core/types.h"
#include "server/store/clock_record.h"

namespace kirin::server {

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
}  // namespace kirin::server
