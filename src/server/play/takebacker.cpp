#include "server/play/takebacker.h"

#include <algorithm>
#include <string>

#include "core/unix_time.h"
#include "server/play/clock.h"
#include "server/refusals.h"

namespace kirin::server {

void Takebacker::undo_plies(RoundState& r, int n) {
  for (int i = 0; i < n; ++i) {
    r.game.undo();
    r.rec.moves.pop_back();
  }
  r.unchanged = std::min(r.unchanged, r.rec.moves.size());
  hand_over(r.rec.clock, r.rec.clock_state, r.game.side_to_move(), now_ms());
}

Reply Takebacker::takeback(RoundState& r, Color who, Offer step) {
  if (auto refused = r.refuse_if_over(); refused.refused()) return refused;
  GameRecord& rec = r.rec;
  if (!rec.casual) return refuse(Refusal::TAKEBACKS_CASUAL_ONLY);
  auto plies_for = [&](Color c) { return r.game.side_to_move() == c ? 2 : 1; };
  switch (step) {
    case Offer::MAKE: {
      int n = plies_for(who);
      if (r.game.ply() < n) return refuse(Refusal::NO_MOVE_OF_YOURS_TO_TAKE_BACK);
      if (rec.seats[~who].kirin)
        undo_plies(r, n);
      else
        rec.takeback_request = who;
      break;
    }
    case Offer::ACCEPT: {
      if (rec.takeback_request != int(~who)) return refuse(Refusal::NO_TAKEBACK_TO_ACCEPT);
      int n = plies_for(~who);
      if (r.game.ply() < n) return refuse(Refusal::NO_MOVE_TO_TAKE_BACK);
      undo_plies(r, n);
      rec.takeback_request = -1;
      break;
    }
    case Offer::DECLINE:
      if (rec.takeback_request != int(~who)) return refuse(Refusal::NO_TAKEBACK_TO_DECLINE);
      rec.takeback_request = -1;
      break;
    case Offer::CLAIM:
      return refusal(Reply::BAD_REQUEST, "a take-back is requested, not claimed");
  }
  rec.draw_offer = rec.impasse_claim = -1;
  r.touch();
  return {};
}

}  // namespace kirin::server
