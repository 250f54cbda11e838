#include "rules/position.h"

#include <cassert>

namespace kirin {

Position::Position(VariantPtr v) : v_(std::move(v)) {
  board_.fill(WALL);
  for (int s = 0; s < MAILBOX; ++s)
    if (v_->on_board(Square(s))) board_[s] = EMPTY;
  for (auto& l : list_) l.reserve(MAX_FILES * MAX_RANKS);
  st_.reserve(1024);
  st_.emplace_back();
}

void Position::put(Square s, Piece p) {
  assert(v_->on_board(s));
  if (is_piece(board_[s])) remove_piece(s);
  if (p != EMPTY) add_piece(s, p);
}

void Position::set_hand(Color c, Kind k, int n) { hand_[c][k] = uint8_t(n); }

void Position::add_piece(Square s, Piece p) {
  Color c = color_of(p);
  board_[s] = p;
  index_[s] = uint8_t(list_[c].size());
  list_[c].push_back(s);
}

void Position::remove_piece(Square s) {
  Color c = color_of(board_[s]);
  auto& l = list_[c];
  Square last = l.back();
  l[index_[s]] = last;
  index_[last] = index_[s];
  l.pop_back();
  board_[s] = EMPTY;
}

void Position::relocate(Square from, Square to) {
  Piece p = board_[from];
  board_[to] = p;
  board_[from] = EMPTY;
  list_[color_of(p)][index_[from]] = to;
  index_[to] = index_[from];
}

Key Position::compute_key() const {
  const Zobrist& z = zobrist();
  Key k = 0;
  for (int c = 0; c < 2; ++c) {
    for (Square s : list_[c]) k ^= z.piece[kind_of(board_[s])][c][s];
    for (int kd = 0; kd < v_->kind_count(); ++kd) k ^= z.hand[c][kd][hand_[c][kd]];
  }
  if (stm_ == SECOND) k ^= z.side;
  k ^= z.counter_strike[st_.back().counter_strike];
  return k;
}

void Position::do_move(Move m) {
  const Zobrist& z = zobrist();
  const Variant& v = *v_;
  st_.push_back(st_.back());
  StateInfo& st = st_.back();
  const Square prev_cs = st.counter_strike;
  const Color us = stm_, them = ~us;
  Key k = st.key ^ z.side ^ z.counter_strike[prev_cs];
  st.move = m;
  st.captured = st.captured_mid = EMPTY;
  st.passed = false;
  st.counter_strike = NO_SQUARE;
  st.quiet_plies++;
  const Square to = m.to();

  auto take = [&](Square s, bool lion_mover) {
    Piece q = board_[s];
    Kind qk = kind_of(q);
    k ^= z.piece[qk][them][s];
    remove_piece(s);
    if (v.def().drops) {
      Kind hk = v.demoted(qk);
      int n = hand_[us][hk]++;
      k ^= z.hand[us][hk][n] ^ z.hand[us][hk][n + 1];
    }
    // Counter-strike (chu_shogi.md 5b); counterstrike=destination records only the final square.
    if (v.def().lion_trading && !lion_mover && v.is_lion(qk) &&
        (s == to || v.options().counter_strike != RuleOptions::CounterStrike::DESTINATION))
      st.counter_strike = s;
    st.quiet_plies = 0;
    return q;
  };

  if (m.is_drop()) {
    Kind kd = m.drop_kind();
    Piece p = make_piece(kd, us);
    st.moved = p;
    add_piece(to, p);
    k ^= z.piece[kd][us][to];
    int n = hand_[us][kd]--;
    k ^= z.hand[us][kd][n] ^ z.hand[us][kd][n - 1];
  } else {
    const Square from = m.from();
    const Piece p = board_[from];
    const Kind pk = kind_of(p);
    const bool lion_mover = v.is_lion(pk);
    st.moved = p;
    if (m.has_mid() && is_enemy(board_[m.mid()], us)) st.captured_mid = take(m.mid(), lion_mover);
    if (to != from) {
      if (board_[to] != EMPTY) st.captured = take(to, lion_mover);
      relocate(from, to);
      k ^= z.piece[pk][us][from] ^ z.piece[pk][us][to];
      if (v.is_royal(pk)) royal_[us] = to;
    } else if (st.captured_mid == EMPTY) {
      st.passed = true;
    }
    if (m.is_promotion()) {
      Kind np = v.promoted(pk);
      board_[to] = make_piece(np, us);
      k ^= z.piece[pk][us][to] ^ z.piece[np][us][to];
    }
  }
  k ^= z.counter_strike[st.counter_strike];
  st.key = k;
  stm_ = them;
  if (us == SECOND || v.is_shogi_family()) ++move_number_;
}

void Position::do_null_move() {
  const Zobrist& z = zobrist();
  st_.push_back(st_.back());
  StateInfo& st = st_.back();
  st.key ^= z.side ^ z.counter_strike[st.counter_strike] ^ z.counter_strike[NO_SQUARE];
  st.move = Move::none();
  st.moved = st.captured = st.captured_mid = EMPTY;
  st.counter_strike = NO_SQUARE;
  st.passed = false;
  st.quiet_plies++;
  stm_ = ~stm_;
}

void Position::undo_null_move() {
  st_.pop_back();
  stm_ = ~stm_;
}

void Position::undo_move() {
  const StateInfo& st = st_.back();
  const Move m = st.move;
  const Color us = ~stm_;
  const Variant& v = *v_;
  stm_ = us;
  if (us == SECOND || v.is_shogi_family()) --move_number_;
  const Square to = m.to();
  auto restore = [&](Square s, Piece q) {
    add_piece(s, q);
    if (v.def().drops) --hand_[us][v.demoted(kind_of(q))];
  };
  if (m.is_drop()) {
    remove_piece(to);
    ++hand_[us][m.drop_kind()];
  } else {
    const Square from = m.from();
    if (to != from) {
      relocate(to, from);
      board_[from] = st.moved;
      if (st.captured != EMPTY) restore(to, st.captured);
      if (v.is_royal(kind_of(st.moved))) royal_[us] = from;
    }
    if (st.captured_mid != EMPTY) restore(m.mid(), st.captured_mid);
  }
  st_.pop_back();
}

}  // namespace kirin
