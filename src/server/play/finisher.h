// How a game ends (lila's Finisher): the one place a result is written into the record, and the
// ends that are not moves: a resignation, a flag, an abort. A game nobody moved in (fewer than
// two plies; four in a rated game) may be aborted by either player, and is aborted by itself
// after a while without a change (AbortTimes): it leaves "Playing now" and counts for nobody. A
// rated game ended sooner any other way is aborted too.
#pragma once
#include <cstdint>
#include <string>

#include "server/play/round_state.h"

namespace kirin::server {

// How long a game nobody moved in waits before it is aborted, unix ms without a change; 0: never.
// A side's first move is due within first_move_ms, as lichess gives (30 s in a rapid game): a
// player who opened a game and left does not hold it in "Playing now". After both first moves
// (a rated game's second ones), after_ms; a correspondence game waits its days per move.
struct AbortTimes {
  int64_t after_ms = 10 * 60 * 1000;
  int64_t first_move_ms = 30 * 1000;
};

class Finisher {
 public:
  explicit Finisher(AbortTimes times) : times_(times) {}

  // The Game's result into the record: the clock stopped, the offers gone. Nothing if it goes on.
  static void finish(RoundState& r);
  static Reply resign(RoundState& r, Color who);
  // A player's abort, before each side has moved.
  static Reply abort(RoundState& r, Color who);
  // An end decided outside the game (a tournament's deadline): nothing if it is over already.
  static void adjudicate(RoundState& r, const std::string& result, const std::string& reason);
  static bool abortable(const RoundState& r) { return abortable(r.rec, r.rec.moves.size()); }

  // When the game ends by itself unless something happens first (a flag falls, or it is
  // aborted), unix ms; 0 for never. From the stored header and its number of plies alone
  // (deadline_of), so that a restart watches every game's without loading any.
  int64_t deadline(const GameRecord& rec) const { return deadline_of(rec, rec.moves.size()); }
  int64_t deadline_of(const GameRecord& header, size_t plies) const;
  // Ends the game if a deadline has come at `now` (the flag fell: lost on time, or a draw when
  // the other side cannot win; or aborted); true if it did.
  bool end_if_due(RoundState& r, int64_t now) const;

 private:
  // The record says the game ended: its result and reason, the clock stopped, the offers gone.
  static void end(RoundState& r, const std::string& result, const std::string& reason);
  static bool abortable(const GameRecord& header, size_t plies);
  int64_t abort_at(const GameRecord& header, size_t plies) const;  // 0 when the game is not abortable
  AbortTimes times_;
};

}  // namespace kirin::server
