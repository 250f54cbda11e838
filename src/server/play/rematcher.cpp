#include "server/play/rematcher.h"

namespace kirin::server {

Reply Rematcher::rematch(Round& r, Color who, std::string_view action) {
  GameRecord& rec = r.rec_;
  if (!rec.over() || rec.result == "*") return error_reply(409, "a rematch follows a finished game");
  if (!rec.rematch_game.empty()) return error_reply(409, "the rematch has begun: game " + rec.rematch_game);
  if (action == "offer") {
    if (rec.rematch_offer == int(~who) || rec.seats[~who].kirin)
      r.rematch_agreed_ = true;
    else
      rec.rematch_offer = who;
  } else if (action == "accept") {
    if (rec.rematch_offer != int(~who)) return error_reply(409, "no rematch offer to accept");
    r.rematch_agreed_ = true;
  } else if (action == "decline") {
    if (rec.rematch_offer != int(~who)) return error_reply(409, "no rematch offer to decline");
    rec.rematch_offer = -1;
  } else {
    return error_reply(400, "unknown rematch action '" + std::string(action) + "' (offer, accept or decline)");
  }
  r.touch();
  return {};
}

void Rematcher::started(Round& r, const std::string& id) {
  r.rec_.rematch_game = id;
  r.rec_.rematch_offer = -1;
  r.rematch_agreed_ = false;
}

}  // namespace kirin::server
