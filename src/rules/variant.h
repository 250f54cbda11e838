// A game as a value: board, piece catalogue, promotion and drop rules, special rules, and the
// per-square move tables compiled from the catalogue once, when the variant is built.
#pragma once
#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/types.h"
#include "rules/betza.h"

namespace kirin {

// Which of the three games. (The class Game, in game/game.h, is a game being played.)
enum class GameId : uint8_t { XIANGQI, CHUSHOGI, CHUSEIREIGI };

// Where a move may end (or, for `from`, must start), relative to the mover.
enum class Region : uint8_t { ANYWHERE, PALACE, OWN_HALF, ENEMY_HALF };

// The Lion's double-step powers: in all eight directions (Lion), or only along some (Horned
// Falcon, Soaring Eagle). Their single steps and jumps are ordinary atoms of the piece.
enum class LionPower : uint8_t { NONE, AREA, LINE };

enum class PromotionRule : uint8_t {
  NONE,
  ENTER_OR_CAPTURE,  // Chu Shogi: enter the zone, or capture with a move that starts in it
  ZONE_TOUCH,        // shogi with drops: start or end in the zone
};

struct MoveRule {
  std::string betza;
  Region to = Region::ANYWHERE;
  Region from = Region::ANYWHERE;
};

// One entry of a game's piece catalogue, as the rules files describe it.
struct PieceKind {
  std::string name;   // "Dragon King"
  std::string token;  // upper-case SFEN/FEN token: "D", "+P"
  std::vector<MoveRule> moves;
  LionPower lion = LionPower::NONE;
  std::string lion_line;  // Betza of the directions of a LINE power, e.g. "fW"
  // Legacy Chu Seireigi's stinging move: Betza of the directions of the sting's first step
  // ("K" for the Lion, "fF" for the Soaring Eagle). After a capture there, the piece may step
  // once more, without capturing, to an empty adjacent square (its start square included).
  std::string sting;
  std::string promotes_to;  // token of the promoted kind, "" if it never promotes
  bool royal = false;
  bool trades_as_lion = false;       // subject to the Chu Shogi Lion-trading rules
  bool lion_trade_minor = false;     // Pawn, Go-Between: taking one does not lift the bridge rule
  bool last_rank_promotion = false;  // Chu Shogi: may always promote on reaching the last rank
  int forced_promotion_ranks = 0;    // must promote on, and may not be dropped on, the last N ranks
  bool nifu = false;                 // at most one unpromoted one per file (drops)
  bool no_drop_mate = false;         // uchifuzume
  int impasse_points = 1;
  int value = 100;  // material in centipawns, for the engine
};

// A catalogue entry with one move rule anywhere on the board: most pieces of the shogi games.
PieceKind piece_kind(std::string name, std::string token, std::string betza, std::string promotes_to, int value);

struct RuleOptions {
  enum class SeireigiLion : uint8_t { LEAPER, HAWK } seireigi_lion = SeireigiLion::LEAPER;
  // Chu Seireigi "rules=legacy": seed 001's older pieces, stinging moves, 64-point impasse.
  enum class SeireigiRules : uint8_t { PRIMARY, LEGACY } seireigi_rules = SeireigiRules::PRIMARY;
  enum class LastRankPromotion : uint8_t { PAWN_AND_LANCE, PAWN } last_rank = LastRankPromotion::PAWN_AND_LANCE;
  // Chu Shogi "rules=seed|lishogi|jcsa" (chu_shogi.md section 11): the bundle last chosen; it sets
  // the finer options below, which alone the rules read (rules/chushogi_rule_sets.cpp).
  enum class ChuRules : uint8_t { SEED, LISHOGI, JCSA } chu_rules = ChuRules::SEED;
  // "counterstrike": after a non-Lion took a Lion, which Lion captures by a non-Lion the next
  // move may not make. SEED: any but on the square of that capture (mid squares of double moves
  // tested and recorded too). DESTINATION: only a move's final square is tested or recorded.
  // FOOT (JCSA sakishishi): none of the capturing side's Lions that has a protector, anywhere.
  // LISHOGI (lishogi's server, scalashogi): recorded as SEED records it, tested on the final square
  // only, so a double move may take the Lion on its mid square during the ban.
  enum class CounterStrike : uint8_t { SEED, DESTINATION, FOOT, LISHOGI } counter_strike = CounterStrike::SEED;
  // "bridge=pawnfoot": a Pawn or Go-Between taken on a Lion's first step still counts as the
  // protector of the Lion taken on its second (lishogi, JCSA). Default: it no longer protects.
  bool captured_minor_protects = false;
  // "passes=any": a pass right after the opponent's pass is legal (lishogi). Default: not.
  bool pass_after_pass = false;
  // Game-end options, applied by Game (game/game.h), not by move generation.
  // Chu Shogi "bareking": baring the enemy King wins as lishogi scores it, or as the JCSA does
  // (one piece against the lone King). Default NONE (chu_shogi.md section 10).
  enum class BareKing : uint8_t { NONE, LISHOGI, JCSA } bare_king = BareKing::NONE;
  // Chu Shogi "mate=capture" (lishogi): no mate adjudication; the game ends when the royals are
  // taken, or when the side to move has no move at all. Default: mate adjudicated as a loss.
  bool mate_by_capture = false;
  // Chu Shogi "repetition=lishogi": no move is forbidden; the fourth occurrence ends the game, lost
  // by the side that attacked with every move of the cycle, else drawn. Default: the ban (section 7).
  bool chu_repetition_ends = false;
  // Xiangqi "movelimit=N": a draw after N moves by each side without a capture (xiangqi.md
  // section 5). 0 = off, the default.
  int move_limit = 0;
  // Xiangqi "repetition=": which rule set judges a cycle, and what a forbidden cycle does
  // (docs/xiangqi-repetition.md). The value is one word or two joined by '+', "axf+vary":
  // "axf" (the default): the Asian rulebooks, every move of the cycle classified, a side forbidden
  // when its moves check and chase in any mixture, any pieces (长打, as the CXA's rules word it);
  // "axf-hk": the same classes, but one check and one chase, and one piece chasing two in turn,
  // allowed, as the Hong Kong text of the Asian rules (AXF rules 18 and 32) has them;
  // "simple": the simplified rule (Fairy-Stockfish's AXF_CHASING), as before axf existed.
  enum class XiangqiRepetition : uint8_t { AXF, AXF_HK, SIMPLE } xiangqi_repetition = XiangqiRepetition::AXF;
  // "vary", as the seeds word it ("the aggressor must vary"): the move that would make a position
  // occur the third time is refused to a side the rule set forbids that cycle, and an idle
  // repetition is a draw only when a player claims it. "ends", the default: the third occurrence
  // ends the game (xiangqi.md section 6).
  bool repetition_vary = false;
  // Xiangqi "checklimit=N" (Tiantian Xiangqi's cap, N = 6 there): a side may give at most N
  // consecutive checks with one checking piece, 2N with two, 3N with three or more; the check
  // beyond the cap is refused (the checker must vary). 0 = off, the default.
  int check_limit = 0;
};

// "lion=hawk" and the like; an unknown key or value is an error naming it.
Result<RuleOptions> parse_rule_option(GameId g, RuleOptions base, std::string_view key_value);
// Chu Shogi's options (rules/chushogi_rule_sets.cpp). "rules=" sets every finer option, so it
// comes first: "rules=jcsa", "lastrank=pawn+lance" is the JCSA's rules with a live Lance.
Result<RuleOptions> parse_chushogi_option(RuleOptions base, const std::string& key, const std::string& value);

struct Span {
  uint16_t begin = 0, count = 0;
};

struct SlideDir {
  int8_t delta;
  Mode mode;
};

// What a kind of one colour does alike from every square: its rider and hopper directions, its
// Lion power and sting, and which per-square leap tables it has entries in. One cache line per
// kind and colour, read once per piece by the generator (four vectors and the catalogue entry were
// five lines, and the empty leap tables three more lookups).
struct alignas(64) KindMoves {
  static constexpr int MAX_SLIDES = 16, MAX_STEPS = 8;
  uint8_t n_slides = 0, n_hops = 0, n_lion = 0, n_sting = 0;
  LionPower lion = LionPower::NONE;
  bool leaps = false, lame = false, shadowed = false;  // on some square
  SlideDir slides[MAX_SLIDES];
  int8_t hops[MAX_STEPS], lion_dirs[MAX_STEPS], sting_dirs[MAX_STEPS];
};

// Square-region flags, per colour and square.
enum RegionFlag : uint8_t {
  IN_PALACE = 1,
  IN_OWN_HALF = 2,
  IN_ENEMY_HALF = 4,
  IN_ZONE = 8,  // promotion zone
  ON_BOARD = 16,
};

// The eight queen directions, clockwise from forward-for-FIRST.
constexpr int DIRS8[8] = {delta(0, 1),  delta(1, 1),   delta(1, 0),  delta(1, -1),
                          delta(0, -1), delta(-1, -1), delta(-1, 0), delta(-1, 1)};

class Variant {
 public:
  struct Definition {
    GameId game;
    std::string name;
    int files, ranks;
    std::vector<PieceKind> kinds;
    std::string start;  // FEN / SFEN of the start position
    int zone_depth = 0;
    PromotionRule promotion = PromotionRule::NONE;
    bool drops = false;
    bool self_check_allowed = false;  // Chu Shogi: moving into check is legal
    bool flying_general = false;
    bool lion_trading = false;       // bridge-capture and counter-strike rules
    bool single_royal = true;        // exactly one King/General per side
    bool royal_safe_midway = false;  // legacy Chu Seireigi: no check after a sting's first step either
    int impasse_threshold = 0;
    std::vector<std::pair<std::string, std::string>> setups;  // named start positions (handicaps)
    std::string hand_order;  // SFEN order of pieces in hand, e.g. "QIRBXOEYWUGSCFNJALP"
    RuleOptions options;
  };

  // Validates and compiles; an inconsistent definition is an error, never a half-built game.
  static Result<std::shared_ptr<const Variant>> build(Definition def);

  GameId game() const { return def_.game; }
  const std::string& name() const { return def_.name; }
  int files() const { return def_.files; }
  int ranks() const { return def_.ranks; }
  const std::string& start_fen() const { return def_.start; }
  const Definition& def() const { return def_; }
  const RuleOptions& options() const { return def_.options; }
  int kind_count() const { return int(def_.kinds.size()); }
  const PieceKind& kind(Kind k) const { return def_.kinds[k]; }
  Kind kind_by_token(std::string_view token) const;
  bool is_shogi_family() const { return def_.game != GameId::XIANGQI; }
  // Square names as the games' players write them: "7g", "12a" (shogi: file number counted from
  // the first side's right, rank letter from the far edge) or "e0" (xiangqi ICCS, ranks 0-9).
  std::string square_name(Square s) const;
  // Parses a square name at the start of `text`; returns the characters used (0 if none).
  int parse_square(std::string_view text, Square& s) const;
  std::string color_name(Color c) const;

  // Compiled per-kind data.
  Kind promoted(Kind k) const { return promoted_[k]; }
  Kind demoted(Kind k) const { return demoted_[k]; }  // the kind a captured piece goes to hand as
  bool can_promote(Kind k) const { return promoted_[k] != NO_KIND; }
  bool is_royal(Kind k) const { return royal_mask_ >> k & 1; }
  bool is_lion(Kind k) const { return lion_mask_ >> k & 1; }
  bool is_minor_for_lion_trade(Kind k) const { return minor_mask_ >> k & 1; }
  LionPower lion_power(Kind k) const { return def_.kinds[k].lion; }
  int forced_promotion_ranks(Kind k) const { return forced_ranks_[k]; }
  bool last_rank_promotion(Kind k) const { return last_rank_promo_[k]; }
  uint64_t royal_mask() const { return royal_mask_; }
  uint64_t lion_mask() const { return lion_mask_; }

  uint8_t region(Color c, Square s) const { return region_[c][s]; }
  bool on_board(Square s) const { return region_[0][s] & ON_BOARD; }
  bool in_zone(Color c, Square s) const { return region_[c][s] & IN_ZONE; }
  // Ranks counted from the far edge for colour c: 1 = last rank.
  int rank_from_far(Color c, Square s) const { return c == FIRST ? def_.ranks - rank_y(s) : rank_y(s) + 1; }

  // Move tables, indexed by kind * 2 + colour.
  static int kc(Kind k, Color c) { return k * 2 + c; }
  const Square* leaps(int kc, Square s, int& n) const {
    const Span& sp = leap_span_[kc * MAILBOX + s];
    n = sp.count;
    return leap_to_.data() + sp.begin;
  }
  const std::pair<Square, Square>* lame_leaps(int kc, Square s, int& n) const {
    const Span& sp = lame_span_[kc * MAILBOX + s];
    n = sp.count;
    return lame_to_.data() + sp.begin;
  }
  // Jumps to a square the same piece also reaches by sliding (the Lion Hawk's A jumps along its
  // Bishop lines): generated only when the slide is blocked, so no move appears twice.
  // Each entry is (target, unit step of the slide).
  const std::pair<Square, int8_t>* shadowed_leaps(int kc, Square s, int& n) const {
    const Span& sp = shadow_span_[kc * MAILBOX + s];
    n = sp.count;
    return shadow_to_.data() + sp.begin;
  }
  const KindMoves& moves(int kc) const { return moves_[kc]; }
  std::span<const SlideDir> slides(int kc) const { return {moves_[kc].slides, moves_[kc].n_slides}; }
  std::span<const int8_t> hops(int kc) const { return {moves_[kc].hops, moves_[kc].n_hops}; }
  std::span<const int8_t> lion_dirs(int kc) const { return {moves_[kc].lion_dirs, moves_[kc].n_lion}; }
  std::span<const int8_t> sting_dirs(int kc) const { return {moves_[kc].sting_dirs, moves_[kc].n_sting}; }

  // Reverse tables for "is this square attacked": leapers that reach a square, and which kinds
  // slide or hop along each of the eight directions.
  struct LeapAttacker {
    Square from;
    Square leg;  // NO_SQUARE if the leap cannot be blocked
    uint64_t kinds;
  };
  const LeapAttacker* leap_attackers(Color by, Square target, int& n) const {
    const Span& sp = rev_span_[by][target];
    n = sp.count;
    return rev_leap_.data() + sp.begin;
  }
  uint64_t slide_attackers(Color by, int dir) const { return slide_kinds_[by][dir]; }
  uint64_t hop_attackers(Color by, int dir) const { return hop_kinds_[by][dir]; }
  // Directions along which some piece of `by` slides or hops towards the target.
  const std::vector<int>& ray_dirs(Color by) const { return ray_dirs_[by]; }
  bool has_hoppers() const { return has_hoppers_; }
  bool has_lame_leapers() const { return has_lame_; }

 private:
  explicit Variant(Definition d) : def_(std::move(d)) {}
  Result<void> compile();

  Definition def_;
  std::vector<Kind> promoted_, demoted_;
  uint64_t royal_mask_ = 0, lion_mask_ = 0, minor_mask_ = 0;
  uint8_t forced_ranks_[MAX_KINDS + 1] = {};
  bool last_rank_promo_[MAX_KINDS + 1] = {};
  uint8_t region_[2][MAILBOX] = {};
  std::vector<Span> leap_span_, lame_span_, shadow_span_;
  std::vector<std::pair<Square, int8_t>> shadow_to_;
  std::vector<Square> leap_to_;
  std::vector<std::pair<Square, Square>> lame_to_;
  std::vector<KindMoves> moves_;
  Span rev_span_[2][MAILBOX];
  std::vector<LeapAttacker> rev_leap_;
  uint64_t slide_kinds_[2][8] = {}, hop_kinds_[2][8] = {};
  std::vector<int> ray_dirs_[2];
  bool has_hoppers_ = false, has_lame_ = false;
};

using VariantPtr = std::shared_ptr<const Variant>;

// The three games, with rule options.
VariantPtr make_variant(GameId g, const RuleOptions& options = {});
Result<GameId> parse_game(std::string_view name);
// The game named ("chushogi") with its rule options ("lastrank=pawn"), or the first error.
Result<VariantPtr> make_variant(std::string_view game, const std::vector<std::string>& options);
std::string game_name(GameId g);

// Definitions, one file per game.
Variant::Definition xiangqi_definition(const RuleOptions& options);
Variant::Definition chushogi_definition(const RuleOptions& options);
Variant::Definition chuseireigi_definition(const RuleOptions& options);
// Seed 001's pieces for Chu Seireigi's "rules=legacy" (chu_seireigi.md section 9).
std::vector<PieceKind> chuseireigi_legacy_kinds();

}  // namespace kirin
