// A game's speed, by the time a game with its clock is estimated to take, as lichess divides
// them: each player's main time plus 40 moves' increments (lishogi adds 25 byoyomi periods'
// worth for a byoyomi clock); bullet under 3 minutes, blitz under 8, rapid under 25, classical
// beyond; correspondence for days per move. Ratings are kept per game and per speed.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "server/store/clock_record.h"

namespace kirin::server {

enum class Speed { BULLET, BLITZ, RAPID, CLASSICAL, CORRESPONDENCE };

constexpr Speed ALL_SPEEDS[] = {Speed::BULLET, Speed::BLITZ, Speed::RAPID, Speed::CLASSICAL, Speed::CORRESPONDENCE};

// The estimate in seconds: initial + 40 x increment + 25 x byoyomi.
int64_t estimated_seconds(const ClockSpec& clock);
// nullopt for an untimed game (it cannot be rated).
std::optional<Speed> speed_of(const ClockSpec& clock);
const char* speed_name(Speed s);  // "bullet", ...
std::optional<Speed> parse_speed(std::string_view name);

}  // namespace kirin::server
