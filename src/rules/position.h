// A position of any of the three games: mailbox board, pieces in hand, side to move, the
// Chu Shogi counter-strike square, and a stack of states for undo.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/zobrist.h"
#include "rules/variant.h"

namespace kirin {

// What a position is set up for. A game needs a royal piece on each side; a mate problem (shogi's
// tsume) leaves out the attacking side's King, so the side to move may have none.
enum class Setup : uint8_t { GAME, PROBLEM };

struct StateInfo {
  Key key = 0;
  Move move;                          // the move that led here
  Piece moved = EMPTY;                // the moving piece as it stood before the move
  Piece captured = EMPTY;             // taken on `to`
  Piece captured_mid = EMPTY;         // taken on `mid` (Lion double move, igui)
  Square counter_strike = NO_SQUARE;  // where a non-Lion just took a Lion (Chu Shogi)
  bool passed = false;                // the move that led here was a pass
  uint16_t quiet_plies = 0;           // plies since the last capture
};

struct LazyExposure;

class Position {
 public:
  explicit Position(VariantPtr v);

  // Setting up (used by the FEN/SFEN reader); call finish_setup() when done.
  void put(Square s, Piece p);
  void set_hand(Color c, Kind k, int n);
  void set_side_to_move(Color c) { stm_ = c; }
  void set_counter_strike(Square s) { st_.back().counter_strike = s; }
  void set_move_number(int n) { move_number_ = n; }
  void set_quiet_plies(int n) { st_.back().quiet_plies = uint16_t(n); }
  // Checks the games' invariants, or says why the position cannot occur.
  Result<void> finish_setup(Setup setup = Setup::GAME);

  const Variant& variant() const { return *v_; }
  const VariantPtr& variant_ptr() const { return v_; }
  Piece at(Square s) const { return board_[s]; }
  int hand(Color c, Kind k) const { return hand_[c][k]; }
  Color side_to_move() const { return stm_; }
  Key key() const { return st_.back().key; }
  Square counter_strike() const { return st_.back().counter_strike; }
  bool last_was_pass() const { return st_.back().passed; }
  const StateInfo& state() const { return st_.back(); }
  int game_ply() const { return int(st_.size()) - 1; }  // plies played since setup
  int move_number() const { return move_number_; }      // as given at setup
  int quiet_plies() const { return st_.back().quiet_plies; }
  const std::vector<Square>& pieces(Color c) const { return list_[c]; }
  // The royal piece of a single-royal game (xiangqi, Chu Seireigi).
  Square royal_square(Color c) const { return royal_[c]; }

  void do_move(Move m);
  void undo_move();
  // The search's null move: the side to move passes without touching the board. It is not a
  // game move (it clears the counter-strike square and is not a Lion pass).
  void do_null_move();
  void undo_null_move();

  // Zobrist key recomputed from the board, hands, side and counter-strike square.
  Key compute_key() const;

  bool attacked(Square s, Color by) const;
  // The square a hopper (the xiangqi Cannon) on s captures on along direction d: the first piece
  // past the first one it meets; a WALL square if there is none.
  Square hop_target(Square s, int d) const {
    int t = s + d;
    while (board_[t] == EMPTY) t += d;
    if (board_[t] == WALL) return Square(t);
    for (t += d; board_[t] == EMPTY; t += d) {
    }
    return Square(t);
  }
  // Is any royal piece of c attacked (including the xiangqi flying-general rule)?
  bool royal_attacked(Color c) const;
  bool in_check() const { return royal_attacked(stm_); }
  bool generals_face() const;

  // For a pseudo-legal move (as the generator makes them): may it be played?
  // `in_check` must be in_check() of this position.
  bool legal(Move m, bool in_check);
  bool legal(Move m) { return legal(m, in_check()); }
  // The same for a node's moves tested one after another (perft, the search, the generator):
  // what may expose the royal piece (rules/exposure.h) is found once, into `exposure`, and most
  // moves are then legal without being played. `exposure` belongs to this position as it stands.
  bool legal(Move m, bool in_check, LazyExposure& exposure);

 private:
  bool legal_with(Move m, bool in_check, LazyExposure* exposure);
  bool leaves_royal_safe(Move m);
  bool lion_trade_allowed(Move m);
  bool minor_guards(Square s, Square target) const;
  bool drop_mates(Move m);
  void add_piece(Square s, Piece p);
  void remove_piece(Square s);
  void relocate(Square from, Square to);

  VariantPtr v_;
  std::array<Piece, MAILBOX> board_;
  uint8_t hand_[2][MAX_KINDS + 1] = {};
  std::vector<Square> list_[2];
  uint8_t index_[MAILBOX] = {};
  Square royal_[2] = {NO_SQUARE, NO_SQUARE};
  Color stm_ = FIRST;
  int move_number_ = 1;
  std::vector<StateInfo> st_;
};

}  // namespace kirin
