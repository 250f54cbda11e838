// A tournament's standings, made from its players and pairings as the store keeps them: a Swiss
// and a round robin by game points and FIDE's tie-breaks (tie_breaks.h), an arena by lichess's
// sheet (arena_scoring.h). A pure function, like the pairings: every server makes the same.
//
// How a board's stored result reads (tournament_store.h): "1-0", "0-1", "1/2-1/2"; "" while its
// game is played; "bye" a Swiss's pairing-allocated bye (a point); "off" a round robin's round
// off in an odd field (nothing); "+-", "-+" a round robin's game forfeited by a player who
// withdrew (the point to the other, no game).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "server/store/tournament_store.h"
#include "server/tournaments/swiss_history.h"
#include "server/tournaments/tie_breaks.h"

namespace kirin::server {

struct Standing {
  int64_t account = 0;
  std::string name;
  int rating = 0;  // when the player joined
  bool withdrawn = false;
  double points = 0;  // game points (a Swiss, a round robin) or arena points
  int rank = 0;       // from 1
  int games = 0;      // games finished
  TieBreaks tie;      // a Swiss's and a round robin's
  std::string sheet;  // an arena's points per game, lichess's way ("2 4 4 0 ...")
  bool on_fire = false;
};

// The field of a Swiss or a round robin as the pairing takes it: player i (id i + 1, its pairing
// number too) is accounts[i], numbered by rating, then by who joined first; each with the rounds
// 1..`rounds` (a round without its board: absent).
struct SwissField {
  std::vector<SwissPlayer> players;
  std::vector<int64_t> accounts;
  int id_of(int64_t account) const;
};
SwissField swiss_field(const std::vector<TournamentPlayer>& players, const std::vector<TournamentPairing>& pairings,
                       int rounds);

// Best first.
std::vector<Standing> standings(const TournamentRecord& t, const std::vector<TournamentPlayer>& players,
                                const std::vector<TournamentPairing>& pairings);

}  // namespace kirin::server
