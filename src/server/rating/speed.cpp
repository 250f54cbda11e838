#include "server/rating/speed.h"

namespace kirin::server {

int64_t estimated_seconds(const ClockSpec& clock) {
  return (clock.initial_ms + 40 * clock.increment_ms + 25 * clock.byoyomi_ms) / 1000;
}

std::optional<Speed> speed_of(const ClockSpec& clock) {
  if (!clock.timed()) return std::nullopt;
  if (clock.days_per_move > 0) return Speed::CORRESPONDENCE;
  const int64_t s = estimated_seconds(clock);
  if (s < 3 * 60) return Speed::BULLET;
  if (s < 8 * 60) return Speed::BLITZ;
  if (s < 25 * 60) return Speed::RAPID;
  return Speed::CLASSICAL;
}

const char* speed_name(Speed s) {
  switch (s) {
    case Speed::BULLET:
      return "bullet";
    case Speed::BLITZ:
      return "blitz";
    case Speed::RAPID:
      return "rapid";
    case Speed::CLASSICAL:
      return "classical";
    case Speed::CORRESPONDENCE:
      return "correspondence";
  }
  return "";
}

std::optional<Speed> parse_speed(std::string_view name) {
  for (Speed s : ALL_SPEEDS)
    if (name == speed_name(s)) return s;
  return std::nullopt;
}

}  // namespace kirin::server
