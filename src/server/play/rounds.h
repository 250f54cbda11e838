// The actions on the games in play (lila's RoundAsyncActor, for every game a server holds):
// each runs under its game's lock, is checked by the game, saved before it is answered, and
// told to the game's watchers; a change that leaves Kirin to move hands Kirin its turn. It
// knows nothing of HTTP: it answers with a Reply.
#pragma once
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "game/record.h"
#include "server/engine/engine_jobs.h"
#include "server/engine/pool.h"
#include "server/heartbeat.h"
#include "server/play/finisher.h"
#include "server/play/flags.h"
#include "server/play/lobby.h"
#include "server/play/offer.h"
#include "server/play/round_cache.h"

namespace kirin::server {

struct NewGame {
  std::string game;
  std::vector<std::string> options;
  std::string setup;               // handicap name
  std::string fen;                 // a set-up position; "" for the start (or the handicap)
  std::vector<std::string> moves;  // moves already played
  std::string record;              // an imported record (USI, KIF, PGN, Game Courier)
  std::string record_format = "auto";
  bool casual = true;
  bool rated = false;  // changes the players' ratings (both with accounts, a clock, no take-backs)
  bool vs_kirin = true;
  int strength = 4;
  Color creator = FIRST;   // the creator's colour
  ClockSpec clock;         // untimed unless set
  std::string name;        // the creator's display name ("" and logged in: the account's name)
  bool open = false;       // an open challenge in the lobby (against a person)
  Caller creator_account;  // the creator's account (its id and name; no token), if logged in, and address
  Caller named;            // a challenge by name: the account it is for (its id and name), else none
  // The record's headers a game is made with (a tournament's: Event, Round and Tournament, its id).
  std::vector<std::pair<std::string, std::string>> tags;
};

class Rounds {
 public:
  // `abort`: when a game nobody moved in is aborted (Finisher).
  Rounds(GameStore& store, RoundCache& rounds, Flags& flags, Lobby& lobby, EnginePool& pool, EngineJobs& jobs,
         Heartbeat& heart, Failures fail, AbortTimes abort);

  Reply create(const NewGame& spec);
  // The game as everyone sees it, plus "you" (the caller's colour) if the caller holds a seat;
  // 403 for a token that holds none.
  // `notation`: the name of the notation its moves are written in ("" for the pages' own).
  Reply get(const std::string& id, const Caller& who, const std::string& notation = "");
  // The game's record in a format: usi, gc, kif, pgn.
  Reply record(const std::string& id, const std::string& format, const std::string& address = "");
  // The same text alone (a player's games written one after another); nullopt with the refusal.
  std::optional<std::string> record_text(const std::string& id, RecordFormat f, Reply& refused,
                                         const std::string& address = "");
  using Action = std::function<Reply(Round&, Color)>;
  // Runs an action for the player the caller is; the answer's moves in `notation` as get() takes
  // it (400 for one the game is not written in, before anything is done).
  Reply act(const std::string& id, const Caller& who, const Action& action, const std::string& notation = "");
  // Takes the free seat of an open challenge (for the caller's account, if logged in): the state
  // with `token` and `you`.
  // 403 for a challenge by name to anyone but its account.
  Reply join(const std::string& id, const std::string& name, const Caller& who);
  // The account a challenge by name is for declines it: it ends with result "*".
  Reply decline(const std::string& id, const Caller& who);
  // A closed account's challenges nobody has taken: those it made withdrawn, those made to it
  // declined, so none stays in the lobby to be joined.
  void withdraw_challenges_of(int64_t account);
  // With s.mu held: a challenge whose challenger's account is closed (by the site, by the
  // operator's `kirin accounts close` with the server running, or on another server) is
  // withdrawn, and the refusal to join it returned; else nothing.
  Reply withdraw_if_closed(RoundProxy& s);
  // Tells `changed(account)` when a challenge by name to `account` was made, taken or ended here.
  void on_challenge(std::function<void(int64_t account)> changed) { challenge_changed_ = std::move(changed); }
  // A rematch offer, acceptance or refusal; once agreed, a new game with the colours swapped in
  // which each player keeps the same token and account.
  Reply rematch(const std::string& id, const Caller& who, Offer step);
  // 200 if the caller may have engine help on game `id` now; 403 for a player of a game between
  // two people that is still being played (Round::engine_help_closed_to).
  Reply engine_help(const std::string& id, const Caller& who);
  // A tournament's game `id` between two accounts (tournaments/director.h): both seats theirs,
  // each played through its account's session, the rules and clock of `spec` (its game, options,
  // fen, clock, rated), `first` moving first. A game `id` stored already is DONE: a director that
  // stopped half-way pairs again what it had paired.
  Reply create_paired(const NewGame& spec, const std::string& id, const Caller& first, const Caller& second);
  // Whether create_paired would make a game of `spec` (its game, options and position), or why not.
  Result<void> check_paired(const NewGame& spec);
  // Ends game `id` with `result` for `reason` (a tournament's deadline), unless it is over.
  Result<void> adjudicate(const std::string& id, const std::string& result, const std::string& reason);
  // Starts watching a game; on success (status 200) `unwatch` ends it. No state is sent after it.
  // `notation` as get() takes it (400 for one the game is not written in).
  Reply watch(const std::string& id, StateSink sink, Unwatch& unwatch, const std::string& address = "",
              const std::string& notation = "");

  // Another server saved game `id` at `version`: a loaded copy older than that is reloaded and
  // its watchers told.
  void refresh(const std::string& id, int64_t version);
  // A deadline may have come in game `id` (a flag, an abort): ends the game, or watches the new one.
  void flag(const std::string& id);
  // After a restart, for each unfinished game as stored (its header and plies; none is loaded or
  // replayed): its deadline watched, Kirin's turn given. The store has forgiven the clocks the
  // time the servers were down (GameStore::forgive_clocks) before it read them.
  void resume(const std::vector<GameSummary>& games);
  // Kirin's move for a job this server claimed on a shared store, on an engine thread.
  void kirin_move(Bot& bot, const std::atomic<bool>& cancel, const EngineJob& job) {
    kirin_move(job.game_id, bot, cancel, &job);
  }

 private:
  // The loaded game for a request, or the reply that says why not (404, or 500 logged).
  // `address`: whose request it is, for its share of the cache (RoundCache::get).
  Result<RoundPtr> find(const std::string& id, Reply& refused, const std::string& address = "");
  static Reply not_a_player(const std::string& id);  // 403: the token holds no seat in the game
  // With p.mu held: saves the game; on a conflict or a failure, takes the stored game back. The
  // watchers are told of the saved game unless `tell` is false (the caller tells them later).
  Result<Saved> commit(RoundProxy& p, bool tell = true);
  // With p.mu held, on a store other servers share: replaces a copy older than the stored game.
  bool reload_if_stale(RoundProxy& p);
  Reply made(RoundProxy& p, Color you, const std::string& token, Reply::Kind kind);  // the state for a new seat holder
  // A rated game's seat of `account`: its player's rating in the game's speed now, as the seat
  // shows it until the game is rated.
  Result<void> show_rating(GameRecord& rec, Color c);
  void schedule_kirin(const GameRecord& rec);
  // The rematch of finished game `old`: the same settings from the same start, the colours (and
  // with them tokens, names, Kirin's strength) swapped; its seats show their ratings now.
  Result<GameRecord> rematch_of(const GameRecord& old);
  // `job`: the engine job this server claimed for the move, on a shared store.
  void kirin_move(const std::string& id, Bot& bot, const std::atomic<bool>& cancel, const EngineJob* job);

  const Finisher finisher_;
  GameStore& store_;
  RoundCache& cache_;
  Flags& flags_;
  Lobby& lobby_;
  EnginePool& pool_;
  EngineJobs& jobs_;
  Heartbeat& heart_;
  Failures fail_;
  std::function<void(int64_t)> challenge_changed_;  // set before any request
};

}  // namespace kirin::server
