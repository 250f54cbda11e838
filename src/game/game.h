// A game of Chu Shogi, Chu Seireigi or Xiangqi as the referee sees it: the start position, the
// moves played (with undo and redo), and the result with its reason, following the rules files
// ../shared/rules/{chu_shogi,chu_seireigi,xiangqi}.md.
//
//   Game g(make_variant(Game::XIANGQI));      // or Game::from_fen(v, fen)
//   auto r = g.play("h2e2");                  // Result<Move>: the move, or why it is illegal
//   if (g.result().over()) ... g.result().score(), g.result().reason
//
// What the referee adds to Position's move legality:
// * Chu Shogi: the loss of all royals ("king captured"); mate and stalemate adjudicated as a loss
//   (no move leaves a royal unattacked; with King and Prince both on the board play goes on,
//   as one may escape once the other is taken); the fourfold-repetition ban (a move may not produce the
//   same position a fourth time unless its player is in check: play() refuses it); the draw of
//   two bare Kings with only immobile Pawns/Lances ("impossible to win"); options bareking=lishogi|jcsa,
//   mate=capture (no mate adjudication: only a side without moves loses, "stalemate") and
//   repetition=lishogi (the fourth occurrence draws, or loses for the side that attacked
//   throughout, "perpetual check"), which rules=lishogi sets (chu_shogi.md section 11).
// * Chu Seireigi: checkmate and stalemate lose; the fourth occurrence of a position (board, hands,
//   side to move) is a draw, or a loss for a side all of whose moves since the first occurrence
//   gave check ("perpetual check"); the impasse claim with the 56-point count.
// * Xiangqi: checkmate and stalemate lose; at the third occurrence of a position, perpetual check
//   loses, then perpetual chase (or checks and chases mixed) loses, as repetition=axf (the
//   default, rules/cycle_classes.h), axf-hk or
//   repetition=simple (rules/chase.h) judges them; mutual perpetual check or chase and idle
//   repetition draw (docs/xiangqi-repetition.md). The result's detail says it in words ("Red
//   chased the Horse perpetually"). Options movelimit=N; repetition=vary, alone or as axf+vary or
//   simple+vary (the aggressor must vary, idle repetition drawn on a claim); checklimit=N (the
//   check beyond N in a row per checking piece is refused, game/check_limit.h).
// * All: resignation, agreed draw; an illegal move is refused, or loses in strict mode.
// Records (read into and written from a Game) are in game/record.h; typed moves in any notation
// in game/move_input.h. A Game is a value (copy it freely) but not thread-safe: even its const
// queries play moves on its board and take them back.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "game/game_result.h"
#include "rules/position.h"

namespace kirin {

class Game {
 public:
  // The game ids under the class's name, so `Game::XIANGQI` reads as before the class existed.
  static constexpr GameId XIANGQI = GameId::XIANGQI;
  static constexpr GameId CHUSHOGI = GameId::CHUSHOGI;
  static constexpr GameId CHUSEIREIGI = GameId::CHUSEIREIGI;

  // The variant's standard start position, or any position (e.g. a handicap) as the start.
  explicit Game(VariantPtr v);
  explicit Game(Position start);
  static Result<Game> from_fen(const VariantPtr& v, std::string_view fen);

  const Variant& variant() const { return pos_.variant(); }
  const VariantPtr& variant_ptr() const { return pos_.variant_ptr(); }
  const Position& start() const { return start_; }
  const Position& position() const { return pos_; }
  // The position after the first `ply` moves (0 = the start).
  Position position_at(int ply) const;
  int ply() const { return int(moves_.size()); }
  Color side_to_move() const { return pos_.side_to_move(); }

  // Strict mode, for refereeing engines: a rejected move also ends the game, lost for the side
  // that tried it ("illegal move"). Off by default: a rejected move changes nothing.
  void set_strict(bool on) { strict_ = on; }
  bool strict() const { return strict_; }

  // Plays a move, given as a Move or as engine text (USI 7g7f, 7g7f7e, P*5e; ICCS h2e2). A move
  // the rules forbid is refused with a one-line error naming the move and the rule, e.g.
  // "illegal move '7g7f': fourfold repetition: ..."; so is any move once the game is over.
  // A new move empties the redo list, unless it is the move redo() would have played.
  Result<Move> play(Move m);
  Result<Move> play(std::string_view text);
  // Reads a move as play() would, without playing it.
  Result<Move> parse(std::string_view text) const;
  // Takes back the last move (and any resignation, draw or claim that ended the game).
  bool undo();
  bool redo();
  bool can_redo() const { return !redo_.empty(); }

  // The moves the side to move may play now: Position's legal moves minus those the Chu Shogi
  // repetition ban forbids. Empty once the game is over.
  MoveList legal_moves() const;
  bool is_legal(Move m) const;

  const GameResult& result() const { return result_; }
  bool over() const { return result_.over(); }

  // Claims and agreements. Each ends the game and returns the result, or is refused with the
  // reason (game already over; impasse not possible). The side claiming need not be on move.
  Result<GameResult> resign(Color c);
  Result<GameResult> agree_draw();
  // Chu Seireigi impasse (chu_seireigi.md 5.5): both Kings in their promotion zones; a side with
  // fewer points than the threshold loses, otherwise a draw. Reason "impasse B-W" with the first
  // side's points first, e.g. "impasse 61-58".
  Result<GameResult> claim_impasse(Color c);
  // Whether claim_impasse would end the game now (both Kings in their promotion zones).
  bool can_claim_impasse() const;
  // c's time ran out: c loses ("time forfeit"), unless the other side cannot win with what it
  // has (cannot_win, end_rules.h): then a draw ("time forfeit, the opponent cannot win").
  Result<GameResult> lose_on_time(Color c);
  // Xiangqi with repetition=vary: the current position has occurred three times or more, so
  // either player may claim the draw ("threefold repetition").
  bool can_claim_repetition() const;
  Result<GameResult> claim_repetition();

  // Records are history, read as played (game/record.h): while as-played is on, an ending the
  // rules find in the game's history or material -- repetition, perpetual check or chase, move
  // limit, bare king, impossible to win -- is kept as rules_ended() and the game goes on.
  // Checkmate, stalemate and a captured King still end it, and every illegal move is refused.
  // Switching it off judges the position reached as the rules do.
  void set_as_played(bool on);
  // The record's own result replaces the rules' verdict (nothing changes if the score is the
  // same); a verdict it overrides is kept as rules_ended() unless the rules ended it earlier.
  void set_recorded_result(GameResult r);
  // A record's own word for how its game ended ("time forfeit"), for a result the record gave.
  void set_recorded_reason(std::string why) {
    if (over()) result_.reason = std::move(why);
  }
  struct RuleEnding {
    int ply;  // the moves played when the rules ended the game
    GameResult result;
  };
  // The first ending the rules gave that the record played past or overrode.
  const std::optional<RuleEnding>& rules_ended() const { return rules_ended_; }
  // What a record reader says of the record besides its moves (record_notes() words them all):
  // e.g. the moves it left unread after the game had ended.
  void add_record_note(std::string note) { record_notes_.push_back(std::move(note)); }
  const std::vector<std::string>& record_notes() const { return record_notes_; }
  // Who played and when, as a record names them ("" where it does not): read from a record's
  // headers and written into the records written of the game.
  struct RecordHeader {
    std::string players[2];  // by Color
    std::string date;        // YYYY-MM-DD
    // The record's other headers, in its order, by PGN's names where PGN has one (KIF's 棋戦 and
    // 場所 are Event and Site): what a writer does not derive from the game itself.
    std::vector<std::pair<std::string, std::string>> tags;
    // A tag's value, "" when the record has none.
    std::string tag(std::string_view name) const {
      for (const auto& [n, value] : tags)
        if (n == name) return value;
      return "";
    }
  };
  RecordHeader& record_header() { return record_header_; }
  const RecordHeader& record_header() const { return record_header_; }

  // History. keys()[i] is the position key after i moves (keys()[0]: the start), so
  // keys().size() == moves().size() + 1.
  const std::vector<Move>& moves() const { return moves_; }
  const std::vector<Key>& keys() const { return keys_; }
  // How often the current position has occurred so far, this occurrence included.
  int repetitions() const;

 private:
  void record_position();
  void adjudicate();
  void judge(bool repetition_ends);
  bool repetition_banned(Move m) const;
  bool aggressor_repeats(Move m) const;
  bool attacked_throughout() const;
  bool repetition_varies() const;
  std::string ban_reason(Move m) const;
  Result<Move> refuse(std::string why);

  Position start_;
  // Legality tests play moves on the board and take them back, so const queries may use it.
  mutable Position pos_;
  std::vector<Move> moves_, redo_;
  std::vector<Key> keys_;
  std::vector<bool> checks_;  // checks_[i]: the side to move after i moves is in check
  std::unordered_map<Key, int> seen_;
  GameResult result_;
  bool strict_ = false;
  bool as_played_ = false;
  std::optional<RuleEnding> rules_ended_;
  std::vector<std::string> record_notes_;
  RecordHeader record_header_;
};

}  // namespace kirin
