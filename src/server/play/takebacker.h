// Take-backs (lila's Takebacker): a request, the opponent's answer, and the plies undone, in
// casual games only. Kirin grants every request.
#pragma once
#include "server/play/offer.h"
#include "server/play/round_state.h"

namespace kirin::server {

class Takebacker {
 public:
  // A request (Offer::MAKE), or its answer. Taking back returns the turn to the requester: one
  // ply if the opponent has not replied yet, else two. There is no claim of a take-back.
  static Reply takeback(RoundState& r, Color who, Offer step);

 private:
  // The last n plies undone in the Game and the record; the turn's time starts again.
  static void undo_plies(RoundState& r, int n);
};

}  // namespace kirin::server
