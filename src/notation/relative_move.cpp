#include "notation/relative_move.h"

#include "rules/movegen.h"

namespace kirin {
namespace {

char letter_of(const Variant& v, Kind k) {
  const char t = v.kind(k).token[0];
  return t == 'B' ? 'E' : t == 'N' ? 'H' : t;
}

// Ranks ahead of the mover's own edge: larger is further forward.
int forward(Color c, Square s) { return c == FIRST ? rank_y(s) : 9 - rank_y(s); }

int like_on_file(const Position& pos, Color us, Piece p, int x, int* ahead_of = nullptr, Square from = NO_SQUARE) {
  int n = 0;
  for (Square q : pos.pieces(us))
    if (pos.at(q) == p && file_x(q) == x) {
      ++n;
      if (ahead_of && forward(us, q) > forward(us, from)) ++*ahead_of;
    }
  return n;
}

bool order_fits(Order o, int nth, int index, int count) {
  switch (o) {
    case Order::ANY:
      return true;
    case Order::FRONT:
      return count >= 2 && index == 0;
    case Order::REAR:
      return count >= 2 && index == count - 1;
    case Order::MIDDLE:
      return count >= 3 && count % 2 == 1 && index == count / 2;
    case Order::NTH:
      return count >= 2 && index == nth - 1;
    case Order::WXF_PLUS:
      return count >= 2 && index == (count >= 4 ? 1 : 0);
    case Order::WXF_MINUS:
      return count >= 2 && index == (count >= 4 ? count - 2 : count - 1);
  }
  return false;
}

}  // namespace

int relative_file(const Variant& v, Color c, Square s) { return c == FIRST ? v.files() - file_x(s) : file_x(s) + 1; }

MoveFacts move_facts(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece p = pos.at(from);
  MoveFacts f;
  f.piece = letter_of(v, kind_of(p));
  f.file = relative_file(v, us, from);
  f.count = like_on_file(pos, us, p, file_x(from), &f.index, from);
  for (int x = 0; x < v.files(); ++x)
    if (x != file_x(from) && like_on_file(pos, us, p, x) >= 2) f.other_tandem = true;
  const int dy = forward(us, to) - forward(us, from);
  f.dir = dy > 0 ? '+' : dy < 0 ? '-' : '=';
  const bool diagonal = f.piece == 'A' || f.piece == 'E' || f.piece == 'H';
  f.n = dy == 0 || diagonal ? relative_file(v, us, to) : dy < 0 ? -dy : dy;
  return f;
}

std::vector<Move> moves_fitting(Position& pos, const MoveSpec& s) {
  MoveList legal;
  generate_legal(pos, legal);
  std::vector<Move> out, plain;
  for (Move m : legal) {
    const MoveFacts f = move_facts(pos, m);
    if ((s.piece && f.piece != s.piece) || (s.file && f.file != s.file) || f.dir != s.dir || f.n != s.n) continue;
    if (!order_fits(s.order, s.nth, f.index, f.count)) continue;
    out.push_back(m);
    if (f.count < 2 || (f.count % 2 == 1 && f.index == f.count / 2)) plain.push_back(m);
  }
  if (out.size() > 1 && s.order == Order::ANY && plain.size() == 1) return plain;
  return out;
}

}  // namespace kirin
