// A game being played on the server: its stored record and the Game (Kirin's referee) it
// replays to, and the players' moves and seats. The other actions on it are its collaborators',
// as in lila's round: Drawer (draws, impasse), Takebacker, Rematcher and Finisher (how a game
// ends). Every action is checked by the Game; a refused action changes nothing and answers the
// Reply that says why (accepted: status 200, no body).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/unix_time.h"
#include "game/game.h"
#include "server/play/caller.h"
#include "server/play/clock.h"
#include "server/play/offer.h"
#include "server/play/round_state.h"
#include "server/play/variant_cache.h"
#include "server/refusals.h"
#include "server/replies.h"
#include "server/store/game_record.h"

namespace kirin::server {

class Finisher;

// The most plies a game may be created with (a move list, an imported record) and a position
// query may replay: four times the longest real games (Chu Shogi's run to about 1,000 plies,
// xiangqi's and Chu Seireigi's to a few hundred), so no real game meets it, while one request
// can no longer make the server replay a hundred thousand moves.
constexpr size_t MAX_GAME_PLIES = 4000;
// The refusal (too long) of a game of `plies` plies, when over the limit.
Refused too_long_game(size_t plies);
// The most words (blank-separated) an imported record may have: eight per ply of the longest
// game taken, twice what a KIF with a clock on every move needs, so that a megabyte of record is
// refused before it is read and replayed.
constexpr size_t MAX_RECORD_WORDS = 8 * MAX_GAME_PLIES;
size_t word_count(std::string_view text);

class Round {
 public:
  // How a record's moves are replayed. STORED: as they were kept (a game stored before the
  // rules' endings were enforced at creation may play past one: history). NEW: a game being
  // created (moves given, a record imported): the first ending the rules give ends it there,
  // the record then finished with that result and reason, and a move after it is refused.
  enum class Replay { STORED, NEW };
  // Builds the position from the record's start and replays its moves; a record that does not
  // replay (a corrupted store, a bad move) is an error naming the move. The variant comes from
  // `variants` when given (the server's games share them), else is built for this game.
  static Result<Round> from_record(GameRecord rec, Replay how = Replay::STORED, VariantCache* variants = nullptr);

  const GameRecord& record() const { return s_.rec; }
  // The record with kirin_turn brought up to date, for GameStore::create and save.
  const GameRecord& record_to_store() {
    s_.rec.kirin_turn = kirin_to_move().has_value();
    return s_.rec;
  }
  const Game& game() const { return s_.game; }
  const Position& position() const { return s_.game.position(); }
  // Moves of the record that are unchanged since the last call (for GameStore::save).
  size_t take_unchanged_plies();
  // The store took the record: its stored version went up by one.
  void saved() { ++s_.rec.store_version; }

  // The seat the caller holds, by its token or else by its account, if any.
  std::optional<Color> seat_of(const Caller& who) const;
  // Fair play: while a game between two people is being played, its player of colour `c` gets
  // no engine help from the site (hint, analysis board, live analysis), as on lishogi.
  bool engine_help_closed_to(Color c) const;
  // Kirin's colour when it is Kirin's turn in an unfinished game.
  std::optional<Color> kirin_to_move() const;

  Reply play(Color who, std::string_view move_text);
  // An open challenge: `name` (else the account's name) takes the free seat with the token whose
  // hash is given, for the caller's account if logged in (not the challenger's own).
  Granted<Color> join(const std::string& token_hash, const std::string& name, const Caller& who);
  // A rated game's seat shows its player's rating before the game.
  void show_rating(Color c, int rating, bool provisional) {
    s_.rec.seats[c].rating = rating;
    s_.rec.seats[c].provisional = provisional;
  }
  // The challenger withdraws a challenge nobody has taken.
  Reply cancel(Color who);
  // An arena's berserk (lichess's): before their first move, a player halves their own main time.
  Reply berserk(Color who);
  // The player a challenge by name is for turns it down: it ends, as a withdrawn one does.
  Reply decline(const Caller& who);
  // A rematch both players agreed to (Rematcher), for the Rounds to create.
  bool rematch_agreed() const { return s_.rematch_agreed; }
  // What its collaborators do (after lila's round): draw offers, repetition claims and impasse
  // (Drawer), take-backs (Takebacker), rematches (Rematcher), and the ends that are not moves
  // (Finisher), each answered as an action.
  Reply draw(Color who, Offer step);
  Reply impasse(Color who);
  Reply takeback(Color who, Offer step);
  Reply rematch(Color who, Offer step);
  // The agreed rematch is game `id`.
  void rematch_started(const std::string& id);
  Reply resign(Color who);
  Reply abort(Color who);
  // An end decided outside the game (a tournament's deadline); nothing if it is over already.
  void adjudicate(const std::string& result, const std::string& reason);
  bool abortable() const;
  // Ends the game if its deadline has come at `now` (Finisher::end_if_due); true if it did.
  bool end_if_due(const Finisher& finisher, int64_t now);
  // Time not to be charged (the server was down): the running side's turn started `by` ms later.
  void forgive(int64_t by);

  // The position (FEN/SFEN, as `fen` writes it) before the first move and after each, from ply
  // `from` on: positions()[i] is the position after ply from + i.
  nlohmann::json positions(size_t from = 0) const;
  // Which positions a state carries: all of them (a page's first state), or those from the ply
  // before the last move on (a state that announces or answers a change: the page that follows
  // the game has the others). docs/api.md, "Game state".
  enum class Positions { ALL, LAST_MOVE };

 private:
  explicit Round(GameRecord rec, Game game) : s_{std::move(rec), std::move(game)} {}

  RoundState s_;
};

}  // namespace kirin::server
