// Tournaments as the store keeps them (issue 49): the event, its players and its pairings, in the
// same database as their games, so that every server shows the same standings and an event goes
// on where it was after every server stopped. The pairing itself is tournaments/'s; one server at
// a time directs an event, by a lease on its row (claim_direction), taken over when its holder
// stops renewing it. One SQL for both databases (database.h).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/store/database.h"

namespace kirin::server {

struct TournamentRecord {
  std::string id;
  std::string kind;       // "arena", "swiss" or "round-robin"
  std::string name;       // shown on the pages
  std::string game_spec;  // the games' rules as JSON: game, options, fen, clock (docs/api.md)
  std::string game;       // chushogi, chuseireigi or xiangqi (also in game_spec, for the lists)
  bool rated = false;
  int rounds = 0;  // swiss: rounds; round robin: 1 or 2 (double); arena: its minutes
  int max_players = 0;
  int64_t starts_at = 0;     // unix ms
  int64_t ends_at = 0;       // an arena's end once started; else when it finished (0 before)
  int64_t creator = 0;       // an account
  std::string creator_name;  // its name when it made the event
  std::string status;        // "created", "started" or "finished"
  int round = 0;             // the last round paired (an arena: the last wave)
  int64_t created = 0;
  // A correspondence round robin's play-by deadline, in days from its start (0 for none): all its
  // games are paired at once, and a game not over by then is adjudicated.
  int deadline_days = 0;
};

struct TournamentPlayer {
  int64_t account = 0;
  std::string name;  // the account's when it joined
  int rating = 0;    // when it joined (the seeding)
  int64_t joined = 0;
  bool withdrawn = false;
};

// One board of a round; a bye has no game and no second player.
struct TournamentPairing {
  int round = 0, board = 0;
  std::string game_id;  // "" for a bye
  int64_t first = 0, second = 0;
  std::string result;  // "1-0", "0-1", "1/2-1/2", "" while playing
  int plies = 0;       // the game's length once over (an arena's scoring reads it)
  int berserk = 0;     // an arena's: 1 the first player berserked, 2 the second, 3 both
};

// The tables (SQLite schema version 12, PostgreSQL 13), created with the rest when missing.
extern const char* const TOURNAMENT_TABLES;

class TournamentStore {
 public:
  explicit TournamentStore(Database& db) : db_(db) {}
  Result<void> create(const TournamentRecord& t);
  Result<std::optional<TournamentRecord>> load(const std::string& id);
  // The newest `limit` events of a status, soonest to start first for "created".
  Result<std::vector<TournamentRecord>> list(const std::string& status, int limit);
  // The events not finished in which `account` plays (has not withdrawn), soonest first.
  Result<std::vector<TournamentRecord>> playing(int64_t account);
  // Events that a director must look at now: started ones, and created ones due to start.
  Result<std::vector<std::string>> due(int64_t now);

  // Adds the player unless there is no such event, or it is full or no longer open (`full_at`:
  // its most players); a player who withdrew joins again.
  enum class Joined { JOINED, NO_SUCH, OVER, UNDER_WAY, FULL };
  Result<Joined> join(const std::string& id, const TournamentPlayer& p, int64_t& full_at);
  Result<void> withdraw(const std::string& id, int64_t account);
  Result<std::vector<TournamentPlayer>> players(const std::string& id);
  Result<std::vector<TournamentPairing>> pairings(const std::string& id);

  // The direction of the event for `worker` for `lease_ms` (a lease taken over once its holder
  // stops renewing it): whether it has it now.
  Result<bool> claim_direction(const std::string& id, const std::string& worker, int64_t lease_ms);
  // Writes a round's pairings and the event's round, status, start and end in one transaction, if the
  // event is still at `from_round` and `from_status` (else nothing: another director did it).
  Result<bool> advance(const TournamentRecord& t, int from_round, const std::string& from_status,
                       const std::vector<TournamentPairing>& pairings);
  // The player of `color` (0 first, 1 second) on the board of `game_id` berserked.
  Result<void> berserk(const std::string& id, const std::string& game_id, int color);
  // A board's result once its game is over.
  Result<void> record_result(const std::string& id, const std::string& game_id, const std::string& result, int plies);

 private:
  Database& db_;
};

}  // namespace kirin::server
