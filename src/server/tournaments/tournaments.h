// Tournaments (issue 49): arenas, Swiss events and round robins among accounts, their games made
// by Rounds like any other and rated like any other. The actions (create, join, withdraw, start)
// and the views (the list, one event with its standings and pairings, a Swiss's TRF, an event
// stream) are here; directing an event (starting it, pairing its rounds or waves, reading its
// games' results, ending it) is director.cpp's, on the heartbeat, by the one server holding the
// event's lease in the store, so that several servers never pair it twice and one takes over
// when another dies. Every step is a state in the store first: a director that stops half-way is
// followed by the next one where it stopped. Knows nothing of HTTP.
#pragma once
#include <cstdint>
#include <string>

#include "server/game_watchers.h"
#include "server/heartbeat.h"
#include "server/play/caller.h"
#include "server/play/rounds.h"
#include "server/replies.h"
#include "server/store/store.h"
#include "server/tournaments/standings.h"

namespace kirin::server {

// What an event's creator asks for (docs/api.md, "Tournaments").
struct NewTournament {
  std::string kind;  // "arena", "swiss" or "round-robin"
  std::string name;  // "" for one made of the game and kind
  NewGame game;      // game, options, fen, clock, rated
  int rounds = 0;    // a Swiss's rounds; a round robin's cycles (1, or 2 when double); an arena's minutes
  int64_t starts_at = 0;
  int max_players = 0;
  int deadline_days = 0;  // by correspondence: a round robin's play-by deadline, a Swiss's per round
};

// The limits an event is made within.
constexpr int MAX_TOURNAMENT_PLAYERS = 500;
constexpr int MAX_SWISS_ROUNDS = 20;
constexpr int MIN_ARENA_MINUTES = 5, MAX_ARENA_MINUTES = 24 * 60;
constexpr int64_t MAX_TOURNAMENT_NOTICE_MS = 30LL * 24 * 3600 * 1000;  // starts within 30 days
// A round robin pairs everyone with everyone: its field is kept small enough to finish.
constexpr int MAX_ROUND_ROBIN_PLAYERS = 16;
constexpr int MAX_DEADLINE_DAYS = 365;

class Tournaments {
 public:
  // `worker`: this server's name in the events' leases (EngineJobs's).
  Tournaments(GameStore& store, Rounds& rounds, Failures fail, std::string worker, int64_t lease_ms = 10000)
      : store_(store), rounds_(rounds), fail_(std::move(fail)), worker_(std::move(worker)), lease_ms_(lease_ms) {}

  // MADE {id}. `who` must be logged in (the api checks).
  Reply create(const NewTournament& t, const Caller& who);
  Reply join(const std::string& id, const Caller& who);
  Reply withdraw(const std::string& id, const Caller& who);
  // An arena's player berserks in their game under way, before their first move: their main
  // time halved, a won game worth a point more (arena_scoring.h).
  Reply berserk(const std::string& id, const Caller& who);
  // Its creator starts it now, before its time.
  Reply start(const std::string& id, const Caller& who);
  // {created: [...], started: [...], finished: [...]}, each newest or soonest first.
  Reply list();
  // {tournaments: [EVENT + your_game]}: the events not finished that the caller plays in, each
  // with `your_game`, the id of the caller's game under way there (null when none).
  Reply playing(const Caller& who);
  // {id, kind, ..., status, standings, pairings}.
  Reply get(const std::string& id);
  // A Swiss's FIDE TRF16 report as {text}.
  Reply trf(const std::string& id);
  // get() now and at every change, to `sink`.
  Reply watch(const std::string& id, StateSink sink, Unwatch& unwatch);
  // An event changed, here or (the store's notification) on another server: its watchers are told.
  void changed(const std::string& id);

  // The heartbeat's turn: directs the events due (director.cpp); when to come again.
  int64_t tend(int64_t now);

 private:
  Reply view(const TournamentRecord& t);
  // director.cpp: one event, whose lease this server holds.
  void direct(const std::string& id, int64_t now);
  Result<void> begin(const TournamentRecord& t, int64_t now);
  Result<void> next_round(const TournamentRecord& t, const std::vector<TournamentPlayer>& players,
                          const std::vector<TournamentPairing>& pairings);
  Result<void> next_wave(const TournamentRecord& t, const std::vector<TournamentPlayer>& players,
                         const std::vector<TournamentPairing>& pairings);
  // Writes the boards of the next round (or rounds, or wave) and makes their games.
  Result<void> pair(const TournamentRecord& t, const std::vector<TournamentPairing>& boards);
  Result<void> finish(const TournamentRecord& t, int64_t now);
  // At a correspondence round robin's deadline: every game not over is drawn.
  Result<void> adjudicate(const TournamentRecord& t, std::vector<TournamentPairing>& pairings);
  // Its boards' games made (again: those a stopped director had not made) and their results read.
  Result<bool> play_boards(const TournamentRecord& t, std::vector<TournamentPairing>& pairings);
  Result<NewGame> game_of(const TournamentRecord& t);

  GameStore& store_;
  Rounds& rounds_;
  const Failures fail_;
  const std::string worker_;
  const int64_t lease_ms_;
  GameWatchers watchers_;  // by tournament id
  int64_t next_tend_ = 0;  // the heartbeat's thread alone
};

}  // namespace kirin::server
