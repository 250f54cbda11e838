#include "notation/move_text.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "rules/movegen.h"

namespace kirin {

std::string move_to_text(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  if (m.is_drop()) return v.kind(m.drop_kind()).token + "*" + v.square_name(m.to());
  std::string s = v.square_name(m.from());
  if (m.has_mid()) s += v.square_name(m.mid());
  s += v.square_name(m.to());
  if (m.is_promotion()) s += '+';
  return s;
}

namespace {

struct Parsed {
  bool drop = false;
  Kind kind = NO_KIND;
  Square sq[3] = {};
  int squares = 0;
  bool promote = false;
};

// Move text as it may appear in a one-line message: control and non-ASCII bytes as \xNN, so a
// newline in the input cannot split the error.
std::string shown(std::string_view text) {
  // A word no move is that long: a few of its bytes say what it was (a 900 KB "move" came back
  // whole in its error).
  constexpr size_t SHOWN = 32;
  const bool cut = text.size() > SHOWN;
  if (cut) text = text.substr(0, SHOWN);
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f) {
      out += char(c);
      continue;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", c);
    out += buf;
  }
  return cut ? out + "..." : out;
}

std::string garbled(const Variant& v, std::string_view text) {
  const char* examples = !v.is_shogi_family() ? "h2e2"
                         : v.def().drops      ? "7g7f, 7g7f+ or P*5e"
                                              : "7g7f, 7g7f+ or 7g7f7e";
  return "bad move text '" + shown(text) + "': expected a move like " + examples;
}

// Whether `t` is well formed, and if not why.
Result<void> parse_syntax(const Variant& v, std::string_view t, Parsed& p, bool one_based) {
  if (t.empty() || t.size() > 16) return Error{garbled(v, t)};
  if (v.def().drops && t.size() >= 3 && t[1] == '*') {
    Kind k = v.kind_by_token(std::string(1, char(std::toupper(static_cast<unsigned char>(t[0])))));
    if (k == NO_KIND || v.is_royal(k))
      return Error{"bad move text '" + shown(t) + "': no piece '" + shown(t.substr(0, 1)) + "' can be dropped"};
    Square s;
    if (v.parse_square(t.substr(2), s) != int(t.size()) - 2) return Error{garbled(v, t)};
    p.drop = true;
    p.kind = k;
    p.sq[0] = s;
    return {};
  }
  size_t i = 0;
  while (i < t.size() && p.squares < 3) {
    Square s;
    int n;
    if (!v.is_shogi_family() && one_based) {
      // ranks 1-10 instead of 0-9
      if (t.size() - i < 2 || t[i] < 'a' || t[i] - 'a' >= v.files()) return Error{garbled(v, t)};
      int len = (t.size() - i >= 3 && t[i + 1] == '1' && t[i + 2] == '0') ? 3 : 2;
      int r = len == 3 ? 10 : t[i + 1] - '0';
      if (r < 1 || r > v.ranks()) return Error{garbled(v, t)};
      s = make_square(t[i] - 'a', r - 1);
      n = len;
    } else {
      n = v.parse_square(t.substr(i), s);
    }
    if (!n) break;
    p.sq[p.squares++] = s;
    i += n;
  }
  if (i < t.size() && t[i] == '+' && v.is_shogi_family()) {
    p.promote = true;
    ++i;
  }
  if (i != t.size() || p.squares < 2 || (p.squares == 3 && !v.is_shogi_family())) return Error{garbled(v, t)};
  return {};
}

// Can the piece on `from` step to `mid` and on to `to` (or back to `from`)? A Lion anywhere, a
// Falcon or Eagle only along its Lion direction; other pieces never.
bool double_step_shape(const Position& pos, Square from, Square mid, Square to) {
  const Variant& v = pos.variant();
  if (distance(from, mid) != 1) return false;
  const Kind k = kind_of(pos.at(from));
  const LionPower lp = v.lion_power(k);
  if (lp == LionPower::AREA) return distance(mid, to) == 1;  // the start square is adjacent to `mid` too
  for (int d : v.sting_dirs(Variant::kc(k, color_of(pos.at(from)))))
    if (mid == from + d && distance(mid, to) == 1) return true;
  bool along = false;
  if (lp == LionPower::LINE)
    for (int d : v.lion_dirs(Variant::kc(k, color_of(pos.at(from)))))
      along |= mid == from + d && (to == from || to == Square(from + 2 * d));
  return along;
}

std::string piece_name(const Position& pos, Square s) { return pos.variant().kind(kind_of(pos.at(s))).name; }

// Why is this well-formed move not legal? Only called once the legal list has no match.
std::string explain(Position& pos, const Parsed& p, std::string_view text) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const std::string head = "illegal move '" + shown(text) + "': ";
  const std::string royal = v.is_shogi_family() ? "King" : "General";
  if (p.drop) {
    const PieceKind& k = v.kind(p.kind);
    const Square to = p.sq[0];
    if (!pos.hand(us, p.kind)) return head + "no " + k.name + " in hand";
    if (pos.at(to) != EMPTY) return head + v.square_name(to) + " is occupied";
    if (v.rank_from_far(us, to) <= k.forced_promotion_ranks)
      return head + "a " + k.name + " dropped on " + v.square_name(to) + " could never move";
    if (k.nifu)
      for (int y = 0; y < v.ranks(); ++y)
        if (pos.at(make_square(file_x(to), y)) == make_piece(p.kind, us))
          return head + "nifu: a pawn already stands on file " + std::to_string(v.files() - file_x(to));
    Move m = Move::drop(p.kind, to);
    if (pos.legal(m, pos.in_check()) == false && k.no_drop_mate) {
      pos.do_move(m);
      bool self = pos.royal_attacked(us);
      pos.undo_move();
      if (!self) return head + "uchifuzume: a pawn drop may not give checkmate";
    }
    return head + "it would leave the " + royal + " in check";
  }
  const Square from = p.sq[0], to = p.sq[p.squares - 1];
  const Piece pc = pos.at(from);
  if (pc == EMPTY) return head + "no piece on " + v.square_name(from);
  if (!is_own(pc, us)) return head + "the piece on " + v.square_name(from) + " belongs to " + v.color_name(~us);
  MoveList pseudo;
  generate<GenType::ALL>(pos, pseudo);
  const std::string who = "the " + piece_name(pos, from) + " on " + v.square_name(from);
  bool reaches = false, with_promo = false, without_promo = false;
  for (Move m : pseudo) {
    if (m.is_drop() || m.from() != from || m.to() != to) continue;
    if (p.squares == 3) {
      // As match() reads three squares: through an empty `mid` the step or jump, else the double
      // step through `mid`; never a shape the piece cannot move (such as 7e7f7f).
      if (!double_step_shape(pos, from, p.sq[1], to)) continue;
      if (m.has_mid() ? m.mid() != p.sq[1] : pos.at(p.sq[1]) != EMPTY) continue;
    } else if (m.has_mid()) {
      continue;
    }
    reaches = true;
    (m.is_promotion() ? with_promo : without_promo) = true;
  }
  if (p.squares == 3 && from == to && pos.at(p.sq[1]) == EMPTY) {
    if (pos.last_was_pass()) return head + "no pass right after a pass";
    return head + who + " cannot pass through " + v.square_name(p.sq[1]);
  }
  if (!reaches) {
    if (p.squares == 3)
      return head + who + " cannot move " + v.square_name(from) + "-" + v.square_name(p.sq[1]) + "-" +
             v.square_name(to);
    return head + who + " cannot move to " + v.square_name(to);
  }
  if (p.promote && !with_promo) return head + who + " may not promote on this move";
  if (!p.promote && !without_promo) return head + who + " must promote on " + v.square_name(to);
  if (v.def().lion_trading) {
    if (v.is_lion(kind_of(pc))) return head + "bridge capture: the Lion would take a protected Lion from a distance";
    if (v.options().counter_strike == RuleOptions::CounterStrike::FOOT)
      return head +
             "counter-strike: a Lion was just taken by a non-Lion, so a non-Lion may not take a protected Lion now";
    return head + "counter-strike: a Lion was just taken by a non-Lion, so a non-Lion may take a Lion only on " +
           (pos.counter_strike() == NO_SQUARE ? std::string("that square") : v.square_name(pos.counter_strike()));
  }
  if (v.def().flying_general) {
    Move m = Move::normal(from, to, p.promote);
    pos.do_move(m);
    bool face = pos.generals_face();
    pos.undo_move();
    if (face) return head + "the Generals would face each other on an open file";
  }
  return head + "it would leave the " + royal + " in check";
}

// The legal move with the parsed effect, or none.
Move match(Position& pos, const Parsed& p, const MoveList& legal) {
  if (p.drop) {
    Move m = Move::drop(p.kind, p.sq[0]);
    return legal.contains(m) ? m : Move::none();
  }
  const Square from = p.sq[0], to = p.sq[p.squares - 1];
  if (p.squares == 3) {
    const Square mid = p.sq[1];
    if (!is_own(pos.at(from), pos.side_to_move()) || !double_step_shape(pos, from, mid, to)) return Move::none();
    if (pos.at(mid) == EMPTY) {
      if (to == from) {  // a pass: legal if the position allows one
        for (Move m : legal)
          if (m.stays() && pos.at(m.mid()) == EMPTY) return Move::double_step(from, mid, from);
        return Move::none();
      }
      Move m = Move::normal(from, to, p.promote);  // the same effect as the step or jump
      return legal.contains(m) ? m : Move::none();
    }
    Move m = Move::double_step(from, mid, to);
    return legal.contains(m) ? m : Move::none();
  }
  Move m = Move::normal(from, to, p.promote);
  return legal.contains(m) ? m : Move::none();
}

}  // namespace

Result<Move> parse_move(Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  MoveList legal;
  generate_legal(pos, legal);
  Parsed p;
  const Result<void> formed = parse_syntax(v, text, p, false);
  if (formed) {
    Move m = match(pos, p, legal);
    if (!m.is_none()) return m;
  }
  // Xiangqi with ranks 1-10: accepted where the 0-9 reading is not a legal move.
  if (!v.is_shogi_family()) {
    Parsed q;
    if (parse_syntax(v, text, q, true)) {
      Move m = match(pos, q, legal);
      if (!m.is_none()) return m;
      if (!formed) return Error{explain(pos, q, text)};
    }
  }
  if (!formed) return Error{formed.error()};
  return Error{explain(pos, p, text)};
}

}  // namespace kirin
