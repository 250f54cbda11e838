// One game on the server as it is stored: who plays, how it started, the moves, how it ended.
// Plain data; the rules live in Round, the storage behind GameStore.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "search/level.h"
#include "server/store/clock_record.h"

namespace kirin::server {

// A seat at the board: a person holding a secret token (and, when they were logged in, their
// account's), or Kirin at some strength.
struct Seat {
  bool kirin = false;
  bool open = false;            // an open challenge's free seat: whoever joins takes it
  int strength = 0;             // Kirin's level, 1 (weakest) .. MAX_STRENGTH
  std::string token;            // SHA-256 of the player's secret (token_hash); empty for Kirin
  std::string player;           // the display name the player chose, "" if none
  int64_t account = 0;          // the account that owns the seat (its sessions act for it); 0: none
  std::string account_name;     // that account's name when the seat was taken
  bool account_closed = false;  // the account was closed since: not stored, looked up when loaded
  // A rated game's: the player's rating before it (rounded) and whether it was provisional; once
  // the game is rated, the change.
  int rating = 0;
  bool provisional = false;
  std::optional<int> rating_diff;
};

constexpr int MAX_STRENGTH = MAX_LEVEL;

struct GameRecord {
  std::string id;
  std::string game;                  // "chushogi", "chuseireigi", "xiangqi"
  std::vector<std::string> options;  // rule options, "lion=hawk"
  std::string setup;                 // handicap name, "" for none
  std::string start_fen;
  bool casual = true;                // take-backs allowed
  bool rated = false;                // changes the players' ratings when it ends (ratings.h)
  Seat seats[2];                     // by Color
  std::vector<std::string> moves;    // engine move text (USI / ICCS) in order
  std::string result;                // "" while playing; "1-0", "0-1" or "1/2-1/2"
  std::string reason;                // "checkmate", "resignation", "agreement", ...
  int draw_offer = -1;               // colour offering a draw, -1 none
  int impasse_claim = -1;            // colour that claimed impasse, waiting for agreement
  int takeback_request = -1;         // colour asking to take back its last move
  int64_t created = 0, updated = 0;  // unix milliseconds
  ClockSpec clock;                   // untimed unless set
  ClockState clock_state;
  int64_t store_version = 0;  // the stored row's version: a save from an older one is refused
  int rematch_offer = -1;     // colour offering a rematch, -1 none
  std::string rematch_game;   // the rematch's id once agreed
  // Kirin is to move in the unfinished game. Not a column: a store shared by several servers
  // keeps it as an engine job, written in the same transaction as the game.
  bool kirin_turn = false;
  // An imported record's headers as it gave them (its Date, Event, Site, Round, ...), written
  // back into the records exported of the game; empty for a game played here. Never changes.
  std::vector<std::pair<std::string, std::string>> tags;

  // An open challenge nobody has taken yet; a withdrawn one is over with result "*".
  bool waiting() const { return !over() && (seats[0].open || seats[1].open); }

  bool over() const { return !result.empty(); }
};

// A line of a game list: the game without its moves, and how many there are.
struct GameSummary {
  GameRecord header;
  int plies = 0;
};

}  // namespace kirin::server
