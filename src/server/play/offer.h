// A player's step in an offer to the other (lila's Drawer, Takebacker and Rematcher take such
// steps as values, not words): make one (a draw offer, a take-back request, a rematch offer),
// accept or decline the other's, or, for a draw under repetition=vary, claim it. The pages' words
// for them are api/'s (api/games.cpp).
#pragma once
#include <cstdint>

namespace kirin::server {

enum class Offer : uint8_t { MAKE, ACCEPT, DECLINE, CLAIM };

}  // namespace kirin::server
