#include "server/play/drawer.h"

#include <string>

#include "server/play/finisher.h"
#include "server/refusals.h"

namespace kirin::server {

Reply Drawer::draw(RoundState& r, Color who, Offer step) {
  if (auto refused = r.refuse_if_over(); refused.refused()) return refused;
  GameRecord& rec = r.rec;
  switch (step) {
    case Offer::MAKE:
      if (rec.seats[~who].kirin) return refuse(Refusal::KIRIN_DECLINES_DRAWS);
      rec.draw_offer = who;
      break;
    case Offer::ACCEPT:
      if (rec.draw_offer != int(~who)) return refuse(Refusal::NO_DRAW_OFFER_TO_ACCEPT);
      if (auto agreed = r.game.agree_draw(); !agreed) return refusal(Reply::NOT_NOW, agreed.error());
      Finisher::finish(r);
      break;
    case Offer::DECLINE:
      if (rec.draw_offer != int(~who)) return refuse(Refusal::NO_DRAW_OFFER_TO_DECLINE);
      rec.draw_offer = -1;
      break;
    case Offer::CLAIM:
      if (auto claimed = r.game.claim_repetition(); !claimed) return refusal(Reply::NOT_NOW, claimed.error());
      Finisher::finish(r);
      break;
  }
  r.touch();
  return {};
}

Reply Drawer::impasse(RoundState& r, Color who) {
  if (auto refused = r.refuse_if_over(); refused.refused()) return refused;
  GameRecord& rec = r.rec;
  if (rec.impasse_claim == int(~who) || rec.seats[~who].kirin) {
    if (auto claimed = r.game.claim_impasse(who); !claimed) return refusal(Reply::NOT_NOW, claimed.error());
    Finisher::finish(r);
  } else {
    Game trial = r.game;  // may it be claimed? (the claim would end the game)
    if (auto claimed = trial.claim_impasse(who); !claimed) return refusal(Reply::NOT_NOW, claimed.error());
    rec.impasse_claim = who;
  }
  r.touch();
  return {};
}

}  // namespace kirin::server
