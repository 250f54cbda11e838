#include "server/play/clock.h"

#include <algorithm>

namespace kirin::server {

using nlohmann::json;

namespace {

constexpr int64_t DAY_MS = 24 * 3600 * 1000LL;
constexpr int64_t MAX_MAIN_MS = 10 * 3600 * 1000LL;  // ten hours
constexpr int64_t MAX_EXTRA_MS = 3600 * 1000LL;      // an hour per move

// The main time a side starts each move with, in correspondence the time for one move.
int64_t full_time(const ClockSpec& spec) { return spec.days_per_move ? spec.days_per_move * DAY_MS : spec.initial_ms; }

int64_t elapsed(const ClockState& st, Color c, int64_t now) {
  return st.running == int(c) ? std::max<int64_t>(0, now - st.since) : 0;
}

// The running side's time is charged up to `now`. Below 0 it eats into the byoyomi period, so
// that a stopped clock still shows how much of the period was used.
void charge(const ClockSpec& spec, ClockState& st, int64_t now) {
  if (st.running < 0) return;
  int64_t& left = st.left_ms[st.running];
  left = std::max<int64_t>(-spec.byoyomi_ms, left - std::max<int64_t>(0, now - st.since));
}

}  // namespace

Result<ClockSpec> parse_clock_spec(const json& body, bool shogi) {
  ClockSpec spec;
  const bool has_clock = body.contains("clock") && !body.at("clock").is_null();
  const bool has_days = body.contains("days_per_move") && !body.at("days_per_move").is_null();
  if (has_clock && has_days) return Error{"give either clock or days_per_move, not both"};
  if (has_days) {
    const json& d = body.at("days_per_move");
    if (!d.is_number_integer() || d.get<int64_t>() < 1 || d.get<int64_t>() > 14)
      return Error{"days_per_move must be a whole number of days from 1 to 14"};
    spec.days_per_move = d.get<int>();
    return spec;
  }
  if (!has_clock) return spec;
  const json& c = body.at("clock");
  if (!c.is_object()) return Error{"clock must be an object {initial_ms, increment_ms, byoyomi_ms}"};
  for (const auto& [key, value] : c.items()) {
    if (key != "initial_ms" && key != "increment_ms" && key != "byoyomi_ms")
      return Error{"unknown clock field '" + key + "' (initial_ms, increment_ms, byoyomi_ms)"};
    if (!value.is_number_integer() || value.get<int64_t>() < 0)
      return Error{"clock." + key + " must be a whole number of ms, 0 or more"};
  }
  spec.initial_ms = c.value("initial_ms", int64_t(0));
  spec.increment_ms = c.value("increment_ms", int64_t(0));
  spec.byoyomi_ms = c.value("byoyomi_ms", int64_t(0));
  if (spec.byoyomi_ms && !shogi) return Error{"byoyomi is for the shogi games; xiangqi uses increment_ms"};
  if (spec.initial_ms > MAX_MAIN_MS) return Error{"clock.initial_ms must be at most 36000000 (ten hours)"};
  if (spec.increment_ms > MAX_EXTRA_MS || spec.byoyomi_ms > MAX_EXTRA_MS)
    return Error{"clock.increment_ms and clock.byoyomi_ms must be at most 3600000 (an hour)"};
  if (!spec.initial_ms && !spec.byoyomi_ms) return Error{"a clock needs initial_ms or byoyomi_ms above 0"};
  return spec;
}

ClockState fresh_clock(const ClockSpec& spec) {
  ClockState st;
  st.left_ms[0] = st.left_ms[1] = full_time(spec);
  return st;
}

int64_t time_for_move(const ClockSpec& spec, const ClockState& st, Color c, int64_t now) {
  return std::max<int64_t>(0, st.left_ms[c] + spec.byoyomi_ms - elapsed(st, c, now));
}

int64_t flag_at(const ClockSpec& spec, const ClockState& st) {
  if (!spec.timed() || st.running < 0) return 0;
  return st.since + st.left_ms[st.running] + spec.byoyomi_ms;
}

void punch(const ClockSpec& spec, ClockState& st, Color mover, int64_t now) {
  if (!spec.timed()) return;
  if (st.running == int(mover)) {
    charge(spec, st, now);
    // A move made within the byoyomi period earns a fresh period.
    if (spec.days_per_move)
      st.left_ms[mover] = full_time(spec);
    else
      st.left_ms[mover] = std::max<int64_t>(0, st.left_ms[mover]) + spec.increment_ms;
  }
  // The first move starts the clocks: the side that makes it was not timed.
  st.running = ~mover;
  st.since = now;
}

void hand_over(const ClockSpec& spec, ClockState& st, Color to_move, int64_t now) {
  if (!spec.timed() || st.running < 0) return;
  charge(spec, st, now);
  st.left_ms[st.running] = std::max<int64_t>(0, st.left_ms[st.running]);
  if (spec.days_per_move) st.left_ms[to_move] = full_time(spec);
  st.running = to_move;
  st.since = now;
}

void stop_clock(const ClockSpec& spec, ClockState& st, int64_t now) {
  if (!spec.timed()) return;
  charge(spec, st, now);
  st.running = -1;
  st.since = 0;
}

json clock_json(const ClockSpec& spec, const ClockState& st, int64_t now) {
  if (!spec.timed()) return nullptr;
  json out = {{"initial_ms", spec.initial_ms},
              {"increment_ms", spec.increment_ms},
              {"byoyomi_ms", spec.byoyomi_ms},
              {"days_per_move", spec.days_per_move},
              {"running", st.running < 0 ? json(nullptr) : json(st.running == FIRST ? "first" : "second")}};
  for (Color c : {FIRST, SECOND}) {
    const std::string side = c == FIRST ? "first" : "second";
    const int64_t main = std::max<int64_t>(0, st.left_ms[c] - elapsed(st, c, now));
    // In byoyomi the clock shows the period that is left for this move.
    const bool in_byoyomi = spec.byoyomi_ms > 0 && main == 0;
    out[side + "_ms"] = in_byoyomi ? time_for_move(spec, st, c, now) : main;
    out[side + "_byoyomi"] = in_byoyomi;
  }
  return out;
}

}  // namespace kirin::server
