#include "server/rating/players.h"

#include <cmath>

#include "core/unix_time.h"
#include "server/rating/ratings.h"
#include "server/refusals.h"
#include "server/security/account_rules.h"
#include "server/views/seat.h"

namespace kirin::server {

using nlohmann::json;

namespace {

bool known_game(const std::string& game) { return game == "chushogi" || game == "chuseireigi" || game == "xiangqi"; }

json rating_json(const PlayerRating& r) {
  return {{"rating", std::lround(r.glicko.rating)},
          {"rd", std::lround(r.glicko.deviation)},
          {"provisional", provisional(r.glicko)},
          {"games", r.games},
          {"wins", r.wins},
          {"draws", r.draws},
          {"losses", r.losses}};
}

}  // namespace

json game_line(const GameSummary& s, const std::set<int64_t>& closed) {
  const GameRecord& g = s.header;
  json players = json::object();
  for (Color c : {FIRST, SECOND})
    players[side_name(c)] = seat_view(g.seats[c], g.rated, g.seats[c].account && closed.count(g.seats[c].account));
  return {{"id", g.id},       {"game", g.game},     {"rated", g.rated},     {"result", g.result},  {"reason", g.reason},
          {"plies", s.plies}, {"players", players}, {"created", g.created}, {"updated", g.updated}};
}

std::optional<Account> Players::account(const std::string& name, Reply& refused) {
  auto a = store_.accounts().account_by_key(account_name_key(name));
  if (!a) {
    refused = fail_("reading the account of " + name, a.error());
    return std::nullopt;
  }
  if (!*a) refused = refuse(Refusal::NO_PLAYER, {{"name", name}});
  return *a;
}

Reply Players::profile(const std::string& name) {
  Reply refused;
  auto a = account(name, refused);
  if (!a) return refused;
  const int64_t now = now_ms();
  auto ratings = Ratings(store_).all_of(a->id, now);
  if (!ratings) return fail_("reading the ratings of " + name, ratings.error());
  auto history = Ratings(store_).history(a->id);
  if (!history) return fail_("reading the rating history of " + name, history.error());
  json by_game = json::object();
  int wins = 0, draws = 0, losses = 0;
  for (const PlayerRating& r : *ratings) {
    by_game[r.game][speed_name(r.speed)] = rating_json(r);
    wins += r.wins, draws += r.draws, losses += r.losses;
  }
  json points = json::array();
  for (const RatingPoint& p : *history)
    points.push_back(
        {{"game", p.game}, {"speed", speed_name(p.speed)}, {"at", p.at}, {"rating", std::lround(p.rating)}});
  return {Reply::DONE,
          {{"name", a->name},
           {"closed", a->closed},
           {"created", a->created},
           {"ratings", by_game},
           {"results", {{"wins", wins}, {"draws", draws}, {"losses", losses}}},
           {"history", points}}};
}

Reply Players::games(const std::string& name, const std::string& game, const std::string& result, int page) {
  if (!game.empty() && !known_game(game)) return refusal(Reply::BAD_REQUEST, "unknown game '" + game + "'");
  if (!result.empty() && result != "win" && result != "loss" && result != "draw")
    return refusal(Reply::BAD_REQUEST, "result must be win, loss or draw");
  if (page < 1) return refusal(Reply::BAD_REQUEST, "page must be 1 or more");
  Reply refused;
  auto a = account(name, refused);
  if (!a) return refused;
  // One more than a page: whether there is a next one.
  auto found = store_.player_games(a->id, game, result, (page - 1) * PAGE_SIZE, PAGE_SIZE + 1);
  if (!found) return fail_("listing the games of " + name, found.error());
  const bool more = found->size() > size_t(PAGE_SIZE);
  if (more) found->resize(PAGE_SIZE);
  // The opponents' accounts closed since, each looked up once (a page names a few at most).
  std::set<int64_t> seen, closed;
  for (const GameSummary& s : *found)
    for (const Seat& seat : s.header.seats) {
      if (!seat.account || !seen.insert(seat.account).second || seat.account == a->id) continue;
      auto other = store_.accounts().account_by_id(seat.account);
      if (!other) return fail_("reading an opponent of " + name, other.error());
      if (*other && (*other)->closed) closed.insert(seat.account);
    }
  if (a->closed) closed.insert(a->id);
  json games = json::array();
  for (const GameSummary& s : *found) games.push_back(game_line(s, closed));
  return {Reply::DONE, {{"games", games}, {"page", page}, {"more", more}}};
}

Reply Players::leaderboard(const std::string& game, const std::string& speed_text, int limit) {
  if (!known_game(game)) return refusal(Reply::BAD_REQUEST, "game must be chushogi, chuseireigi or xiangqi");
  const auto speed = parse_speed(speed_text);
  if (!speed) return refusal(Reply::BAD_REQUEST, "speed must be bullet, blitz, rapid, classical or correspondence");
  auto lines = Ratings(store_).leaderboard(game, *speed, limit, now_ms());
  if (!lines) return fail_("reading the leaderboard", lines.error());
  json players = json::array();
  for (const LeaderboardLine& l : *lines) {
    json p = rating_json(l.rating);
    p["name"] = l.name;
    players.push_back(p);
  }
  return {Reply::DONE, {{"game", game}, {"speed", speed_name(*speed)}, {"players", players}}};
}

}  // namespace kirin::server
