#include "rules/variant.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace kirin {
namespace {

int dir_index(int d) {
  for (int i = 0; i < 8; ++i)
    if (DIRS8[i] == d) return i;
  return -1;
}

bool region_ok(uint8_t flags, Region r) {
  switch (r) {
    case Region::ANYWHERE:
      return true;
    case Region::PALACE:
      return flags & IN_PALACE;
    case Region::OWN_HALF:
      return flags & IN_OWN_HALF;
    case Region::ENEMY_HALF:
      return flags & IN_ENEMY_HALF;
  }
  return false;
}

}  // namespace

PieceKind piece_kind(std::string name, std::string token, std::string betza, std::string promotes_to, int value) {
  PieceKind k;
  k.name = std::move(name);
  k.token = std::move(token);
  k.moves = {{std::move(betza)}};
  k.promotes_to = std::move(promotes_to);
  k.value = value;
  return k;
}

Kind Variant::kind_by_token(std::string_view token) const {
  for (size_t k = 0; k < def_.kinds.size(); ++k)
    if (def_.kinds[k].token == token) return Kind(k);
  return NO_KIND;
}

Result<std::shared_ptr<const Variant>> Variant::build(Definition def) {
  std::shared_ptr<Variant> v(new Variant(std::move(def)));
  if (auto compiled = v->compile(); !compiled) return Error{v->def_.name + ": " + compiled.error()};
  return std::shared_ptr<const Variant>(std::move(v));
}

Result<void> Variant::compile() {
  const int W = def_.files, H = def_.ranks, nk = int(def_.kinds.size());
  if (W < 1 || W > MAX_FILES || H < 1 || H > MAX_RANKS) return Error{"board size out of range"};
  if (nk > MAX_KINDS - 1) return Error{"too many piece kinds"};

  // Regions
  for (int c = 0; c < 2; ++c)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        int ry = c == FIRST ? y : H - 1 - y;  // rank counted from this colour's own edge
        int rx = c == FIRST ? x : W - 1 - x;
        uint8_t f = ON_BOARD;
        if (ry < 3 && rx >= (W - 3) / 2 && rx < (W - 3) / 2 + 3) f |= IN_PALACE;
        f |= ry < H / 2 ? IN_OWN_HALF : IN_ENEMY_HALF;
        if (ry >= H - def_.zone_depth) f |= IN_ZONE;
        region_[c][make_square(x, y)] = f;
      }

  // Promotion, demotion, flags
  promoted_.assign(nk, NO_KIND);
  demoted_.resize(nk);
  for (int k = 0; k < nk; ++k) {
    const PieceKind& pk = def_.kinds[k];
    for (int j = 0; j < k; ++j)
      if (def_.kinds[j].token == pk.token) return Error{"duplicate token " + pk.token};
    if (!pk.promotes_to.empty()) {
      Kind p = kind_by_token(pk.promotes_to);
      if (p == NO_KIND) return Error{pk.name + " promotes to unknown " + pk.promotes_to};
      promoted_[k] = p;
    }
    demoted_[k] = Kind(k);
    if (pk.token.size() == 2 && pk.token[0] == '+') {
      Kind base = kind_by_token(pk.token.substr(1));
      if (base == NO_KIND) return Error{"no base kind for " + pk.token};
      demoted_[k] = base;
    }
    forced_ranks_[k] = uint8_t(pk.forced_promotion_ranks);
    last_rank_promo_[k] = pk.last_rank_promotion;
    if (pk.royal) royal_mask_ |= 1ULL << k;
    if (pk.trades_as_lion) lion_mask_ |= 1ULL << k;
    if (pk.lion_trade_minor) minor_mask_ |= 1ULL << k;
  }

  // Move tables
  leap_span_.assign(size_t(nk) * 2 * MAILBOX, Span{});
  lame_span_.assign(size_t(nk) * 2 * MAILBOX, Span{});
  shadow_span_.assign(size_t(nk) * 2 * MAILBOX, Span{});
  moves_.assign(nk * 2, {});
  struct RevKey {
    Square from, leg;
  };
  std::vector<std::vector<std::pair<RevKey, uint64_t>>> rev(2 * MAILBOX);

  for (int k = 0; k < nk; ++k) {
    const PieceKind& pk = def_.kinds[k];
    struct Leap {
      Atom atom;
      Region to, from;
    };
    std::vector<Leap> leaps;
    std::vector<Atom> all;
    for (const MoveRule& r : pk.moves) {
      auto atoms = parse_betza(r.betza);
      if (!atoms) return Error{pk.name + ": " + atoms.error()};
      for (const Atom& a : *atoms) {
        if (a.slide && (r.to != Region::ANYWHERE || r.from != Region::ANYWHERE))
          return Error{pk.name + ": a slide cannot be limited to a region"};
        if (!a.slide && (a.mode != Mode::BOTH || a.hop))
          return Error{pk.name + ": leaps that only move or only capture are not supported"};
        if (!a.slide) leaps.push_back({a, r.to, r.from});
        all.push_back(a);
      }
    }
    for (int c = 0; c < 2; ++c) {
      const int kc = k * 2 + c;
      const int sign = c == FIRST ? 1 : -1;
      KindMoves& km = moves_[kc];
      km.lion = pk.lion;
      for (const Atom& a : all) {
        if (!a.slide) continue;
        int d = delta(a.dx * sign, a.dy * sign);
        int di = dir_index(d);
        if (a.hop) {
          if (km.n_hops == KindMoves::MAX_STEPS) return Error{pk.name + ": too many hopping directions"};
          km.hops[km.n_hops++] = int8_t(d);
          hop_kinds_[c][di] |= 1ULL << k;
          has_hoppers_ = true;
        } else {
          if (km.n_slides == KindMoves::MAX_SLIDES) return Error{pk.name + ": too many sliding directions"};
          km.slides[km.n_slides++] = {int8_t(d), a.mode};
          if (a.mode != Mode::QUIET) slide_kinds_[c][di] |= 1ULL << k;
        }
      }
      if (pk.lion == LionPower::LINE) {
        auto atoms = parse_betza(pk.lion_line);
        if (!atoms) return Error{pk.name + ": " + atoms.error()};
        if (atoms->size() > size_t(KindMoves::MAX_STEPS)) return Error{pk.name + ": too many Lion directions"};
        for (const Atom& a : *atoms) km.lion_dirs[km.n_lion++] = int8_t(delta(a.dx * sign, a.dy * sign));
      }
      if (!pk.sting.empty()) {
        auto atoms = parse_betza(pk.sting);
        if (!atoms) return Error{pk.name + ": sting: " + atoms.error()};
        for (const Atom& a : *atoms) {
          if (a.slide || std::max(std::abs(a.dx), std::abs(a.dy)) != 1)
            return Error{pk.name + ": a sting is a single step"};
          if (km.n_sting == KindMoves::MAX_STEPS) return Error{pk.name + ": too many sting directions"};
          km.sting_dirs[km.n_sting++] = int8_t(delta(a.dx * sign, a.dy * sign));
        }
      }
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
          Square s = make_square(x, y);
          Span plain{uint16_t(leap_to_.size()), 0}, lame{uint16_t(lame_to_.size()), 0};
          Span shadow{uint16_t(shadow_to_.size()), 0};
          for (const Leap& l : leaps) {
            if (!region_ok(region_[c][s], l.from)) continue;
            int t = s + delta(l.atom.dx * sign, l.atom.dy * sign);
            if (t < 0 || t >= MAILBOX || !(region_[c][t] & ON_BOARD) || !region_ok(region_[c][t], l.to)) continue;
            // A step along a direction the piece also slides in is already the slide's first square.
            bool covered = false;
            int8_t shadowing = 0;
            for (const SlideDir& sd : slides(kc)) {
              covered |= sd.delta == t - s && sd.mode == Mode::BOTH;
              for (int k = 2; k <= 2 * BORDER && !shadowing; ++k)
                if (sd.delta * k == t - s && sd.mode == Mode::BOTH && !l.atom.lame) shadowing = sd.delta;
            }
            if (covered) continue;
            Square leg = NO_SQUARE;
            if (shadowing) {
              shadow_to_.push_back({Square(t), shadowing});
              ++shadow.count;
            } else if (l.atom.lame) {
              leg = Square(s + delta(l.atom.leg_dx * sign, l.atom.leg_dy * sign));
              bool dup = false;
              for (int i = lame.begin; i < lame.begin + lame.count; ++i) dup |= lame_to_[i].first == t;
              if (dup) continue;
              lame_to_.push_back({Square(t), leg});
              ++lame.count;
            } else {
              bool dup = false;
              for (int i = plain.begin; i < plain.begin + plain.count; ++i) dup |= leap_to_[i] == t;
              if (dup) continue;
              leap_to_.push_back(Square(t));
              ++plain.count;
            }
            auto& bucket = rev[c * MAILBOX + t];
            auto it = std::find_if(bucket.begin(), bucket.end(),
                                   [&](auto& e) { return e.first.from == s && e.first.leg == leg; });
            if (it == bucket.end())
              bucket.push_back({RevKey{s, leg}, 1ULL << k});
            else
              it->second |= 1ULL << k;
          }
          leap_span_[kc * MAILBOX + s] = plain;
          lame_span_[kc * MAILBOX + s] = lame;
          shadow_span_[kc * MAILBOX + s] = shadow;
          if (lame.count) has_lame_ = true;
          km.leaps |= plain.count > 0;
          km.lame |= lame.count > 0;
          km.shadowed |= shadow.count > 0;
        }
    }
  }
  if (leap_to_.size() > 65535 || lame_to_.size() > 65535 || shadow_to_.size() > 65535)
    return Error{"move tables too large"};

  for (int c = 0; c < 2; ++c) {
    for (int t = 0; t < MAILBOX; ++t) {
      rev_span_[c][t] = Span{uint16_t(rev_leap_.size()), uint16_t(rev[c * MAILBOX + t].size())};
      for (auto& [key, kinds] : rev[c * MAILBOX + t]) rev_leap_.push_back({key.from, key.leg, kinds});
    }
    // Scanning outward from a target along direction i meets attackers moving along i + 4.
    for (int i = 0; i < 8; ++i)
      if (slide_kinds_[c][(i + 4) % 8] | hop_kinds_[c][(i + 4) % 8]) ray_dirs_[c].push_back(i);
  }
  return {};
}

std::string Variant::square_name(Square s) const {
  if (!on_board(s)) return "??";
  if (is_shogi_family()) return std::to_string(def_.files - file_x(s)) + char('a' + def_.ranks - 1 - rank_y(s));
  return std::string(1, char('a' + file_x(s))) + char('0' + rank_y(s));
}

int Variant::parse_square(std::string_view t, Square& s) const {
  if (is_shogi_family()) {
    size_t i = 0;
    int file = 0;
    while (i < t.size() && i < 2 && t[i] >= '0' && t[i] <= '9') file = file * 10 + (t[i++] - '0');
    if (i == 0 || i >= t.size() || file < 1 || file > def_.files) return 0;
    int r = t[i] - 'a';
    if (r < 0 || r >= def_.ranks) return 0;
    s = make_square(def_.files - file, def_.ranks - 1 - r);
    return int(i + 1);
  }
  if (t.size() < 2) return 0;
  int x = t[0] - 'a', y = t[1] - '0';
  if (x < 0 || x >= def_.files || y < 0 || y > 9 || y >= def_.ranks) return 0;
  s = make_square(x, y);
  return 2;
}

std::string Variant::color_name(Color c) const {
  if (is_shogi_family()) return c == FIRST ? "Black" : "White";
  return c == FIRST ? "Red" : "Black";
}

namespace {

// A count of at most `max_digits` decimal digits, or -1.
int parse_count(const std::string& value, size_t max_digits) {
  int n = 0;
  bool digits = !value.empty() && value.size() <= max_digits;
  for (char c : value) digits &= c >= '0' && c <= '9', n = n * 10 + (c - '0');
  return digits ? n : -1;
}

}  // namespace

Result<RuleOptions> parse_rule_option(GameId g, RuleOptions o, std::string_view kv) {
  auto eq = kv.find('=');
  std::string key(kv.substr(0, eq)), value(eq == std::string_view::npos ? "" : kv.substr(eq + 1));
  if (g == GameId::CHUSEIREIGI && key == "lion") {
    if (value == "leaper")
      o.seireigi_lion = RuleOptions::SeireigiLion::LEAPER;
    else if (value == "hawk")
      o.seireigi_lion = RuleOptions::SeireigiLion::HAWK;
    else
      return Error{"option lion: expected leaper or hawk, got '" + value + "'"};
    return o;
  }
  if (g == GameId::CHUSEIREIGI && key == "rules") {
    if (value == "primary")
      o.seireigi_rules = RuleOptions::SeireigiRules::PRIMARY;
    else if (value == "legacy")
      o.seireigi_rules = RuleOptions::SeireigiRules::LEGACY;
    else
      return Error{"option rules: expected primary or legacy, got '" + value + "'"};
    return o;
  }
  if (g == GameId::CHUSHOGI) return parse_chushogi_option(o, key, value);
  if (g == GameId::XIANGQI && key == "movelimit") {
    const int n = parse_count(value, 4);
    if (n < 0) return Error{"option movelimit: expected a number of moves (0 = off), got '" + value + "'"};
    o.move_limit = n;
    return o;
  }
  if (g == GameId::XIANGQI && key == "repetition") {
    // One word or two joined by '+': a rule set, what a forbidden repetition does, or both.
    std::string_view rest = value;
    while (true) {
      const auto plus = rest.find('+');
      const std::string_view word = rest.substr(0, plus);
      if (word == "axf")
        o.xiangqi_repetition = RuleOptions::XiangqiRepetition::AXF;
      else if (word == "axf-hk")
        o.xiangqi_repetition = RuleOptions::XiangqiRepetition::AXF_HK;
      else if (word == "simple")
        o.xiangqi_repetition = RuleOptions::XiangqiRepetition::SIMPLE;
      else if (word == "vary")
        o.repetition_vary = true;
      else if (word == "ends")
        o.repetition_vary = false;
      else
        return Error{
            "option repetition: expected axf, axf-hk, simple, ends or vary (or two joined by '+', as axf+vary), got '" +
            value + "'"};
      if (plus == std::string_view::npos) return o;
      rest = rest.substr(plus + 1);
    }
  }
  if (g == GameId::XIANGQI && key == "checklimit") {
    const int n = parse_count(value, 3);
    if (n < 0)
      return Error{"option checklimit: expected a number of checks per checking piece (0 = off), got '" + value + "'"};
    o.check_limit = n;
    return o;
  }
  return Error{"unknown rule option '" + key + "' for " + game_name(g)};
}

VariantPtr make_variant(GameId g, const RuleOptions& options) {
  Variant::Definition def = g == GameId::XIANGQI    ? xiangqi_definition(options)
                            : g == GameId::CHUSHOGI ? chushogi_definition(options)
                                                    : chuseireigi_definition(options);
  auto v = Variant::build(std::move(def));
  if (!v) {  // our own definitions are wrong: nothing sensible can follow
    std::fprintf(stderr, "internal error: %s\n", v.error().c_str());
    std::abort();
  }
  return *v;
}

Result<VariantPtr> make_variant(std::string_view game, const std::vector<std::string>& options) {
  auto g = parse_game(game);
  if (!g) return Error{g.error()};
  RuleOptions ro;
  for (const auto& o : options) {
    auto r = parse_rule_option(*g, ro, o);
    if (!r) return Error{r.error()};
    ro = *r;
  }
  return make_variant(*g, ro);
}

Result<GameId> parse_game(std::string_view name) {
  if (name == "xiangqi") return GameId::XIANGQI;
  if (name == "chushogi" || name == "chu") return GameId::CHUSHOGI;
  if (name == "chuseireigi") return GameId::CHUSEIREIGI;
  return Error{"unknown game '" + std::string(name) + "' (expected xiangqi, chushogi or chuseireigi)"};
}

std::string game_name(GameId g) {
  switch (g) {
    case GameId::XIANGQI:
      return "xiangqi";
    case GameId::CHUSHOGI:
      return "chushogi";
    case GameId::CHUSEIREIGI:
      return "chuseireigi";
  }
  return "?";
}

}  // namespace kirin
