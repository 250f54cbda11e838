// Every route of the API (docs/api.md), in one table: its methods, its path pattern and its
// handler. A path no route takes is a 404; one whose routes take other methods a 405 naming them.
#include "server/api/api.h"

namespace kirin::server {

using http::GET;
using http::POST;
using http::READ;

http::RouteTable<Api::Route> Api::route_table() {
  http::RouteTable<Route> t;
  t.add(READ, "/api/health", &Api::health);
  t.add(READ, "/api/variants", &Api::variants);
  t.add(READ, "/api/rules/{game}/pieces", &Api::rules);
  t.add(READ, "/api/rules/{game}/diagram", &Api::rules);
  t.add(READ, "/api/print", &Api::drawing);
  t.add(READ, "/api/diagram", &Api::drawing);

  t.add(POST, "/api/analyse", &Api::analyse);
  t.add(READ, "/api/positions", &Api::positions);
  t.add(GET, "/api/analysis/events", &Api::analysis_stream);

  t.add(READ, "/api/lobby", &Api::lobby);
  t.add(GET, "/api/lobby/events", &Api::lobby_events);
  t.add(READ, "/api/players", &Api::leaderboard);
  t.add(READ, "/api/players/{name}", &Api::player);
  t.add(READ, "/api/players/{name}/games", &Api::player_games);

  t.add(READ, "/api/account", &Api::account_me);
  t.add(READ, "/api/account/events", &Api::account_waiting);
  t.add(READ, "/api/account/challenges", &Api::account_waiting);
  t.add(READ, "/api/account/games", &Api::account_waiting);
  t.add(READ, "/api/account/tournaments", &Api::account_tournaments);
  t.add(READ | POST, "/api/account/preferences", &Api::preferences);
  t.add(POST, "/api/account/logout", &Api::logout);
  t.add(POST, "/api/account/signup", &Api::signup);
  t.add(POST, "/api/account/login", &Api::login);
  t.add(POST, "/api/account/password", &Api::change_password);
  t.add(POST, "/api/account/close", &Api::close_account);

  t.add(POST, "/api/problems", &Api::new_problem);
  t.add(READ, "/api/problems/{id}", &Api::problem);
  t.add(READ, "/api/problems/{id}/solution", &Api::problem_solution);
  t.add(POST, "/api/problems/{id}/try", &Api::try_problem);
  t.add(READ, "/api/puzzles", &Api::puzzle_counts);
  t.add(READ, "/api/puzzles/{game}/{n}", &Api::puzzle);
  t.add(READ, "/api/puzzles/{game}/{n}/solution", &Api::puzzle_solution);
  t.add(POST, "/api/puzzles/{game}/{n}/move", &Api::puzzle_move);

  t.add(READ | POST, "/api/tournaments", &Api::tournaments);
  t.add(READ, "/api/tournaments/{id}", &Api::tournament);
  t.add(READ, "/api/tournaments/{id}/trf", &Api::tournament);
  t.add(GET, "/api/tournaments/{id}/events", &Api::tournament_events);
  for (const char* action : {"join", "withdraw", "start", "berserk"})
    t.add(POST, std::string("/api/tournaments/{id}/") + action, &Api::tournament);

  t.add(READ, "/api/games", &Api::recent_games);
  t.add(POST, "/api/games", &Api::new_game);
  t.add(READ, "/api/games/{id}", &Api::game);
  t.add(READ, "/api/games/{id}/record", &Api::game_record);
  t.add(GET, "/api/games/{id}/events", &Api::game_events);
  t.add(POST, "/api/games/{id}/join", &Api::join);
  t.add(POST, "/api/games/{id}/decline", &Api::decline);
  t.add(POST, "/api/games/{id}/rematch", &Api::rematch);
  for (const char* action : {"move", "resign", "draw", "takeback", "impasse", "abort", "cancel"})
    t.add(POST, std::string("/api/games/{id}/") + action, &Api::act);
  t.add(READ | POST, "/api/games/{id}/chat", &Api::chat);
  t.add(POST, "/api/games/{id}/chat/{line}/report", &Api::report_chat);
  t.add(READ | POST, "/api/games/{id}/analysis", &Api::game_analysis);
  return t;
}

}  // namespace kirin::server
