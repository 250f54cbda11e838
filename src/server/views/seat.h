// A seat as every answer shows it: the game state, the lobby, a player's games, the games
// waiting for an account. One shape, so that a page reads a seat the same way wherever it is.
#pragma once
#include <nlohmann/json.hpp>

#include "server/store/game_record.h"

namespace kirin::server {

// {kind: "kirin"|"human", strength, player, account, [account_closed: true], rating,
// provisional, rating_diff}: `player` the display name chosen (null for none), `account` the
// name of the account that owns the seat (null for none), `account_closed` once it was closed
// (the seat's own flag, or `closed`); `rating` the player's before a rated game (null
// otherwise), `rating_diff` its change once rated (null until then).
nlohmann::json seat_view(const Seat& s, bool rated, bool closed = false);

// Both seats of a game, by side: {first, second}.
nlohmann::json seats_view(const GameRecord& g);

}  // namespace kirin::server
