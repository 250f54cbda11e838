// The players' side of the site (docs/api.md, "Players"): a player's page (ratings per game and
// speed, their history, results), a player's games, and a leaderboard per game and speed. Names
// are looked up as accounts are, ignoring case.
#pragma once
#include <set>
#include <string>

#include "server/replies.h"
#include "server/store/store.h"

namespace kirin::server {

class Players {
 public:
  Players(GameStore& store, Failures fail) : store_(store), fail_(std::move(fail)) {}

  // {name, closed, created, ratings: {GAME: {SPEED: {rating, rd, games, wins, draws, losses,
  // provisional}}}, results: {wins, draws, losses}, history: [{game, speed, at, rating}]}; NOT_FOUND
  // for no such player.
  Reply profile(const std::string& name);
  // A page of the player's games, newest first (PAGE_SIZE a page, `page` from 1).
  static constexpr int PAGE_SIZE = 20;
  Reply games(const std::string& name, const std::string& game, const std::string& result, int page);
  // The best players of a game and speed whose rating is not provisional.
  Reply leaderboard(const std::string& game, const std::string& speed, int limit = 50);
  // The account of `name`: nullopt with NOT_FOUND in `refused` when there is none (or a failure).
  std::optional<Account> account(const std::string& name, Reply& refused);

 private:
  GameStore& store_;
  const Failures fail_;
};

// A line of a game list: who played whom (names, ratings and their change), how it ended;
// `closed`: the accounts closed since, whose seats say so (account_closed).
nlohmann::json game_line(const GameSummary& s, const std::set<int64_t>& closed = {});

}  // namespace kirin::server
