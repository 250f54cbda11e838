// Draw offers, repetition claims and impasse (lila's Drawer): what a player may ask of the other
// about ending the game without a result on the board. Each answers as a Round action does.
#pragma once
#include "server/play/offer.h"
#include "server/play/round_state.h"

namespace kirin::server {

class Drawer {
 public:
  // An offer, its answer, or a claim (repetition=vary: an idle repetition is a draw when claimed).
  static Reply draw(RoundState& r, Color who, Offer step);
  // A claim, or agreement to the other's claim; Kirin agrees whenever the conditions hold.
  static Reply impasse(RoundState& r, Color who);
};

}  // namespace kirin::server
