#include "server/views/seat.h"

namespace kirin::server {

using nlohmann::json;

json seat_view(const Seat& s, bool rated, bool closed) {
  json out = {{"kind", s.kirin ? "kirin" : "human"},
              {"strength", s.strength},
              {"player", s.player.empty() ? json(nullptr) : json(s.player)},
              {"account", s.account ? json(s.account_name) : json(nullptr)}};
  if (s.account && (s.account_closed || closed)) out["account_closed"] = true;
  const bool has_rating = rated && s.rating;
  out["rating"] = has_rating ? json(s.rating) : json(nullptr);
  out["provisional"] = has_rating && s.provisional;
  out["rating_diff"] = has_rating && s.rating_diff ? json(*s.rating_diff) : json(nullptr);
  return out;
}

json seats_view(const GameRecord& g) {
  return {{"first", seat_view(g.seats[FIRST], g.rated)}, {"second", seat_view(g.seats[SECOND], g.rated)}};
}

}  // namespace kirin::server
