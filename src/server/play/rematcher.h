// Rematch offers (lila's Rematcher) after a finished game: an offer or its answer. An agreed
// rematch is left for the Rounds to create (Round::rematch_agreed), with the colours swapped.
#pragma once
#include <string>

#include "server/play/offer.h"
#include "server/play/round_state.h"

namespace kirin::server {

class Rematcher {
 public:
  static Reply rematch(RoundState& r, Color who, Offer step);
  // The new game `id` began: the finished one points to it.
  static void started(RoundState& r, const std::string& id);
};

}  // namespace kirin::server
