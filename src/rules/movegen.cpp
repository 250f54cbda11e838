#include "rules/movegen.h"

#include "rules/exposure.h"

namespace kirin {
namespace {

// Where the generator puts its moves: a list, or (perft's last ply) a count of the legal ones.
// It hears of each moving piece first, and of the drops, which have none. A count may answer that
// every move of the piece is legal: then its moves are counted, not made (Generator::bulk).
struct ListOut {
  static constexpr bool COUNTS = false;
  MoveList& list;
  bool piece(Square) { return false; }
  void drops() {}
  void push(Move m) { list.push(m); }
};

// Its output is held by value and its loops are inlined into the caller, so that perft's count
// can live in a register: through a reference, each increment is a store that the next board
// read (a byte, which may alias anything) has to wait for.
template <GenType T, class Out = ListOut>
struct Generator {
  static_assert(!Out::COUNTS || T == GenType::ALL, "a count is of all the moves");
  const Position& pos;
  const Variant& v;
  Out list;
  const Color us;
  const PromotionRule rule;
  // The piece now moving makes one legal move per square it reaches: they are counted, with no
  // branch on what stands there where the count can do without one.
  bool bulk = false;

  // A board move with its promotion choices.
  void add(Kind k, Square from, Square to, bool capture) {
    if constexpr (Out::COUNTS)
      if (bulk) {
        ++list.n;
        return;
      }
    switch (rule) {
      case PromotionRule::NONE:
        break;
      case PromotionRule::ENTER_OR_CAPTURE:
        if (v.can_promote(k) && ((v.in_zone(us, to) && !v.in_zone(us, from)) || (capture && v.in_zone(us, from)) ||
                                 (v.last_rank_promotion(k) && v.rank_from_far(us, to) == 1)))
          list.push(Move::normal(from, to, true));
        break;
      case PromotionRule::ZONE_TOUCH:
        if (v.can_promote(k) && (v.in_zone(us, from) || v.in_zone(us, to))) {
          list.push(Move::normal(from, to, true));
          if (v.rank_from_far(us, to) <= v.forced_promotion_ranks(k)) return;  // must promote
        }
        break;
    }
    list.push(Move::normal(from, to));
  }

  void target(Kind k, Square from, Square to) {
    Piece q = pos.at(to);
    if constexpr (Out::COUNTS)
      if (bulk) {
        list.n += is_open(q, us);
        return;
      }
    if (q == EMPTY) {
      if (T != GenType::CAPTURES) add(k, from, to, false);
    } else if (is_enemy(q, us)) {
      if (T != GenType::QUIETS) add(k, from, to, true);
    }
  }

  [[gnu::always_inline]] void piece_moves(Square s, Square& pass_from, Square& pass_mid) {
    const Kind k = kind_of(pos.at(s));
    const int kc = Variant::kc(k, us);
    const KindMoves& km = v.moves(kc);
    bulk = list.piece(s) && (rule == PromotionRule::NONE || !v.can_promote(k));
    int n;
    if (km.leaps) {
      const Square* leaps = v.leaps(kc, s, n);
      for (int i = 0; i < n; ++i) target(k, s, leaps[i]);
    }
    if (km.lame) {
      const auto* lame = v.lame_leaps(kc, s, n);
      for (int i = 0; i < n; ++i) {
        if constexpr (Out::COUNTS)
          if (bulk) {
            list.n += (pos.at(lame[i].second) == EMPTY) & is_open(pos.at(lame[i].first), us);
            continue;
          }
        if (pos.at(lame[i].second) == EMPTY) target(k, s, lame[i].first);
      }
    }
    if (km.shadowed) {
      const auto* shadow = v.shadowed_leaps(kc, s, n);
      for (int i = 0; i < n; ++i) {
        int t = s + shadow[i].second;
        while (t != shadow[i].first && pos.at(t) == EMPTY) t += shadow[i].second;
        if (t != shadow[i].first) target(k, s, shadow[i].first);  // the slide stopped short
      }
    }
    for (int i = 0; i < km.n_slides; ++i) {
      const SlideDir sd = km.slides[i];
      int t = s + sd.delta;
      for (; pos.at(t) == EMPTY; t += sd.delta)
        if (T != GenType::CAPTURES && sd.mode != Mode::CAPTURE) add(k, s, Square(t), false);
      if (T != GenType::QUIETS && sd.mode != Mode::QUIET && is_enemy(pos.at(t), us)) add(k, s, Square(t), true);
    }
    if (T != GenType::QUIETS)
      for (int i = 0; i < km.n_hops; ++i) {
        const Square t = pos.hop_target(s, km.hops[i]);
        if (is_enemy(pos.at(t), us)) add(k, s, t, true);
      }
    switch (km.lion) {
      case LionPower::NONE:
        break;
      case LionPower::AREA:
        for (int d : DIRS8) lion_step(s, Square(s + d), true, pass_from, pass_mid);
        break;
      case LionPower::LINE:
        for (int i = 0; i < km.n_lion; ++i) lion_step(s, Square(s + km.lion_dirs[i]), false, pass_from, pass_mid);
        break;
    }
    if (T != GenType::QUIETS)
      for (int i = 0; i < km.n_sting; ++i) sting(s, Square(s + km.sting_dirs[i]));
  }

  // A sting's double steps: a capture on `a` (the step itself is one of the piece's atoms),
  // then igui, or a second step to an empty square. It never passes and never takes twice.
  void sting(Square s, Square a) {
    if (!is_enemy(pos.at(a), us)) return;
    list.push(Move::double_step(s, a, s));
    for (int d : DIRS8) {
      const Square b = Square(a + d);
      if (b != s && pos.at(b) == EMPTY) list.push(Move::double_step(s, a, b));
    }
  }

  // The double steps whose first step lands on `a`. Through an empty square they repeat a
  // jump or a step, so only a capture on `a` (then igui, or on to a second square) is new;
  // an empty `a` only makes a pass possible.
  void lion_step(Square s, Square a, bool area, Square& pass_from, Square& pass_mid) {
    Piece pa = pos.at(a);
    if (pa == EMPTY) {
      if (pass_from == NO_SQUARE) pass_from = s, pass_mid = a;
      return;
    }
    if (!is_enemy(pa, us) || T == GenType::QUIETS) return;
    list.push(Move::double_step(s, a, s));  // igui
    if (area) {
      for (int d : DIRS8) {
        Square b = Square(a + d);
        if (b != s && is_open(pos.at(b), us)) list.push(Move::double_step(s, a, b));
      }
    } else {
      Square b = Square(a + (a - s));
      if (is_open(pos.at(b), us)) list.push(Move::double_step(s, a, b));
    }
  }

  void drops() {
    const int W = v.files(), H = v.ranks();
    for (int k = 0; k < v.kind_count(); ++k) {
      if (!pos.hand(us, Kind(k))) continue;
      const int dead = v.forced_promotion_ranks(Kind(k));
      const bool nifu = v.kind(Kind(k)).nifu;
      for (int x = 0; x < W; ++x) {
        if (nifu) {
          bool pawn_on_file = false;
          for (int y = 0; y < H && !pawn_on_file; ++y)
            pawn_on_file = pos.at(make_square(x, y)) == make_piece(Kind(k), us);
          if (pawn_on_file) continue;
        }
        for (int y = 0; y < H; ++y) {
          Square t = make_square(x, y);
          if (pos.at(t) == EMPTY && v.rank_from_far(us, t) > dead) list.push(Move::drop(Kind(k), t));
        }
      }
    }
  }

  [[gnu::always_inline]] void run() {
    Square pass_from = NO_SQUARE, pass_mid = NO_SQUARE;
    for (Square s : pos.pieces(us)) piece_moves(s, pass_from, pass_mid);
    if (T != GenType::CAPTURES && pass_from != NO_SQUARE && (!pos.last_was_pass() || v.options().pass_after_pass)) {
      list.piece(pass_from);
      list.push(Move::double_step(pass_from, pass_mid, pass_from));
    }
    if (T != GenType::CAPTURES && v.def().drops) {
      list.drops();
      drops();
    }
  }
};

// Counts the legal moves of a node whose single royal piece is not in check. A move by a piece
// off the royal's exposure, to a square that screens no Cannon, is legal: only the others are
// played out (Position::legal).
struct LegalCount {
  static constexpr bool COUNTS = true;
  Position& pos;
  LazyExposure& exposure;
  const Square royal;
  const bool screens = exposure.exposure.entering.any();
  bool risky = false;  // the piece now moving may uncover its royal piece, or is it
  uint64_t n = 0;

  bool piece(Square s) {
    risky = s == royal || exposure.exposure.leaving[s];
    return !risky && !screens;
  }
  void drops() { risky = true; }  // a Pawn drop may mate (uchifuzume)
  void push(Move m) {
    const Exposure& e = exposure.exposure;
    if (risky || (screens && e.entering[m.to()]) || (m.has_mid() && e.leaving[m.mid()]))
      n += pos.legal(m, false, exposure);
    else
      ++n;
  }
};

}  // namespace

template <GenType T>
void generate(const Position& pos, MoveList& list) {
  const Variant& v = pos.variant();
  Generator<T>{pos, v, {list}, pos.side_to_move(), v.def().promotion}.run();
}

template void generate<GenType::ALL>(const Position&, MoveList&);
template void generate<GenType::CAPTURES>(const Position&, MoveList&);
template void generate<GenType::QUIETS>(const Position&, MoveList&);

void generate_legal(Position& pos, MoveList& list) {
  MoveList pseudo;
  generate<GenType::ALL>(pos, pseudo);
  const bool check = !pos.variant().def().self_check_allowed && pos.in_check();
  LazyExposure exposure;
  for (Move m : pseudo)
    if (pos.legal(m, check, exposure)) list.push(m);
}

uint64_t count_legal(Position& pos) {
  const Variant& v = pos.variant();
  if (v.def().self_check_allowed || !v.def().single_royal) {
    MoveList list;
    generate_legal(pos, list);
    return uint64_t(list.size());
  }
  LazyExposure exposure{true, Exposure::of(pos)};
  if (exposure.exposure.check) {
    MoveList pseudo;
    generate<GenType::ALL>(pos, pseudo);
    uint64_t n = 0;
    for (Move m : pseudo) n += pos.legal(m, true);
    return n;
  }
  const Color us = pos.side_to_move();
  // The generator reads the board while its count plays moves out on it: each is taken back at once.
  Generator<GenType::ALL, LegalCount> gen{pos, v, {pos, exposure, pos.royal_square(us)}, us, v.def().promotion};
  gen.run();
  return gen.list.n;
}

bool has_legal_move(Position& pos) {
  MoveList pseudo;
  generate<GenType::ALL>(pos, pseudo);
  const bool check = !pos.variant().def().self_check_allowed && pos.in_check();
  LazyExposure exposure;
  for (Move m : pseudo)
    if (pos.legal(m, check, exposure)) return true;
  return false;
}

}  // namespace kirin
