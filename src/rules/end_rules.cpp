#include "rules/end_rules.h"

namespace kirin {

bool has_royal(const Position& pos, Color c) { return royal_count(pos, c) > 0; }

int royal_count(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  int n = 0;
  for (Square s : pos.pieces(c)) n += v.is_royal(kind_of(pos.at(s)));
  return n;
}

bool has_safe_royal(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  for (Square s : pos.pieces(c))
    if (v.is_royal(kind_of(pos.at(s))) && !pos.attacked(s, ~c)) return true;
  return false;
}

namespace {

// A Pawn or Lance on its last rank: it can never move again in Chu Shogi (no drops, and the
// Pawn and Lance move only forward).
bool immobile(const Position& pos, Square s) {
  const Variant& v = pos.variant();
  const Piece p = pos.at(s);
  const std::string& t = v.kind(kind_of(p)).token;
  return (t == "P" || t == "L") && v.rank_from_far(color_of(p), s) == 1;
}

struct Army {
  int royals = 0;
  Square royal = NO_SQUARE;
  int others = 0;  // pieces other than royals and immobile Pawns/Lances
  int weak = 0;    // of those, Pawns and Go-Betweens (the bare-King rule ignores them)
  Square other = NO_SQUARE;
};

Army count(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  Army a;
  for (Square s : pos.pieces(c)) {
    const Kind k = kind_of(pos.at(s));
    if (v.is_royal(k)) {
      ++a.royals;
      a.royal = s;
    } else if (!immobile(pos, s)) {
      ++a.others;
      const std::string& t = v.kind(k).token;
      if (t == "P" || t == "I")
        ++a.weak;
      else
        a.other = s;
    }
  }
  return a;
}

}  // namespace

bool impossible_to_win(const Position& pos) {
  const Army a = count(pos, FIRST), b = count(pos, SECOND);
  return a.royals == 1 && b.royals == 1 && a.others == 0 && b.others == 0 && !pos.attacked(a.royal, SECOND) &&
         !pos.attacked(b.royal, FIRST);
}

bool cannot_win(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  if (!v.is_shogi_family()) {
    for (Square s : pos.pieces(c)) {
      const PieceKind& k = v.kind(kind_of(pos.at(s)));
      if (k.royal) continue;
      for (const MoveRule& r : k.moves)
        if (r.to != Region::PALACE && r.to != Region::OWN_HALF) return false;
    }
    return true;
  }
  for (Kind k = 0; k < v.kind_count(); ++k)
    if (pos.hand(c, k)) return false;
  const Army a = count(pos, c);
  return a.royals <= 1 && a.others == 0;
}

bool king_bared(const Position& pos, Color c, RuleOptions::BareKing rule) {
  const Army ours = count(pos, c), theirs = count(pos, ~c);
  if (rule == RuleOptions::BareKing::NONE) return false;
  if (ours.royals != 1 || ours.others != 0 || theirs.royals != 1) return false;
  if (pos.attacked(theirs.royal, c)) return false;
  const int strong = theirs.others - theirs.weak;
  if (rule == RuleOptions::BareKing::JCSA)
    return theirs.others == 1 && strong == 1 && distance(ours.royal, theirs.other) > 1;
  return strong > 1 || (strong == 1 && distance(ours.royal, theirs.other) > 1);
}

bool royal_in_zone(const Position& pos, Color c) {
  const Square k = pos.royal_square(c);
  return k != NO_SQUARE && pos.variant().in_zone(c, k);
}

int impasse_points(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  int points = 0;
  for (Square s : pos.pieces(c)) {
    const Kind k = kind_of(pos.at(s));
    if (!v.is_royal(k)) points += v.kind(k).impasse_points;
  }
  for (int k = 0; k < v.kind_count(); ++k) points += pos.hand(c, Kind(k)) * v.kind(Kind(k)).impasse_points;
  return points;
}

}  // namespace kirin
