#include "server/play/rematcher.h"

#include "server/refusals.h"

namespace kirin::server {

Reply Rematcher::rematch(RoundState& r, Color who, Offer step) {
  GameRecord& rec = r.rec;
  if (!rec.over() || rec.result == "*") return refuse(Refusal::REMATCH_AFTER_FINISH);
  if (!rec.rematch_game.empty()) return refuse(Refusal::REMATCH_BEGUN, {{"id", rec.rematch_game}});
  switch (step) {
    case Offer::MAKE:
      if (rec.rematch_offer == int(~who) || rec.seats[~who].kirin)
        r.rematch_agreed = true;
      else
        rec.rematch_offer = who;
      break;
    case Offer::ACCEPT:
      if (rec.rematch_offer != int(~who)) return refuse(Refusal::NO_REMATCH_TO_ACCEPT);
      r.rematch_agreed = true;
      break;
    case Offer::DECLINE:
      if (rec.rematch_offer != int(~who)) return refuse(Refusal::NO_REMATCH_TO_DECLINE);
      rec.rematch_offer = -1;
      break;
    case Offer::CLAIM:
      return refusal(Reply::BAD_REQUEST, "a rematch is offered, not claimed");
  }
  r.touch();
  return {};
}

void Rematcher::started(RoundState& r, const std::string& id) {
  r.rec.rematch_game = id;
  r.rec.rematch_offer = -1;
  r.rematch_agreed = false;
}

}  // namespace kirin::server
