#include "game/game.h"

#include "game/check_limit.h"
#include "game/repetition_explain.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/end_rules.h"
#include "rules/movegen.h"
#include "rules/repetition_verdict.h"

namespace kirin {

Game::Game(VariantPtr v) : Game(start_position(v)) {}

Game::Game(Position start) : start_(start), pos_(std::move(start)) {
  record_position();
  adjudicate();
}

Result<Game> Game::from_fen(const VariantPtr& v, std::string_view fen) {
  auto pos = parse_fen(v, fen);
  if (!pos) return Error{pos.error()};
  return Game(std::move(*pos));
}

Position Game::position_at(int ply) const {
  Position p = pos_;
  for (int i = this->ply(); i > ply && i > 0; --i) p.undo_move();
  return p;
}

int Game::repetitions() const {
  auto it = seen_.find(pos_.key());
  return it == seen_.end() ? 0 : it->second;
}

void Game::record_position() {
  keys_.push_back(pos_.key());
  checks_.push_back(pos_.in_check());
  ++seen_[pos_.key()];
}

// Chu Shogi (chu_shogi.md section 7): a move may not produce the same position (board, side to
// move, counter-strike square) for the fourth time, unless its player is in check. Xiangqi with
// repetition=vary: the aggressor may not repeat a position the third time (aggressor_repeats).
bool Game::repetition_banned(Move m) const {
  if (!check_limit_breach(*this, m).empty()) return true;
  if (repetition_varies()) return aggressor_repeats(m);
  if (variant().game() != GameId::CHUSHOGI || checks_.back() || variant().options().chu_repetition_ends) return false;
  pos_.do_move(m);
  auto it = seen_.find(pos_.key());
  pos_.undo_move();
  return it != seen_.end() && it->second >= 3;
}

// Chu Shogi repetition=lishogi, as lishogi's server judges the fourth occurrence: did the side
// that just moved attack with each of its moves since the first occurrence and with the move
// that led to it? A move attacks when it gives check or leaves the moved piece able to capture.
bool Game::attacked_throughout() const {
  int first = 0;
  while (keys_[first] != keys_.back()) ++first;
  if (first == 0) return false;  // the cycle began at the start: no move led to it
  for (int i = ply(); i >= first; i -= 2) {
    if (checks_[i]) continue;
    Position after = position_at(i);
    const Square dest = moves_[i - 1].to();
    after.set_side_to_move(~after.side_to_move());
    MoveList captures;
    generate<GenType::CAPTURES>(after, captures);
    bool attacks = false;
    for (Move m : captures) attacks = attacks || (m.from() == dest && after.legal(m, false));
    if (!attacks) return false;
  }
  return true;
}

bool Game::repetition_varies() const {
  return variant().game() == GameId::XIANGQI && variant().options().repetition_vary;
}

// Xiangqi, repetition=vary: would `m` make a position occur the third time (or more) in a cycle
// where the mover checks or chases perpetually? The cycle is judged as the default rule would
// judge it, on a copy of the game that plays the move.
bool Game::aggressor_repeats(Move m) const {
  pos_.do_move(m);
  auto it = seen_.find(pos_.key());
  pos_.undo_move();
  if (it == seen_.end() || it->second + 1 < repetition_count(GameId::XIANGQI)) return false;
  Game trial = *this;
  trial.pos_.do_move(m);
  trial.moves_.push_back(m);
  trial.record_position();
  trial.judge(true);
  return trial.result_ == GameResult::win(~pos_.side_to_move(), trial.result_.reason) &&
         perpetual(trial.result_.ending());
}

bool Game::can_claim_repetition() const {
  return repetition_varies() && !over() && repetitions() >= repetition_count(GameId::XIANGQI);
}

Result<GameResult> Game::claim_repetition() {
  if (over()) return Error{"the game is over: " + result_.text()};
  if (!repetition_varies())
    return Error{
        "draw by repetition: only with the rule option repetition=vary (else the third occurrence ends the game)"};
  if (!can_claim_repetition()) return Error{"draw by repetition: this position has not occurred three times"};
  result_ = GameResult::draw(Ending::THREEFOLD_REPETITION);
  return result_;
}

std::string Game::ban_reason(Move m) const {
  if (const std::string breach = check_limit_breach(*this, m); !breach.empty())
    return "illegal move '" + move_to_text(pos_, m) + "': check limit: " + breach;
  if (repetition_varies())
    return "illegal move '" + move_to_text(pos_, m) +
           "': the aggressor must vary: it would repeat the position a third time, checking or chasing perpetually";
  return "illegal move '" + move_to_text(pos_, m) +
         "': fourfold repetition: it would produce the same position a fourth time (only a player in check may repeat)";
}

MoveList Game::legal_moves() const {
  MoveList list, out;
  if (over()) return out;
  generate_legal(pos_, list);
  for (Move m : list)
    if (!repetition_banned(m)) out.push(m);
  return out;
}

bool Game::is_legal(Move m) const {
  if (over()) return false;
  MoveList list;
  generate_legal(pos_, list);
  return list.contains(m) && !repetition_banned(m);
}

Result<Move> Game::parse(std::string_view text) const {
  if (over()) return Error{"the game is over: " + result_.text()};
  auto m = parse_move(pos_, text);
  if (!m) return m;
  if (repetition_banned(*m)) return Error{ban_reason(*m)};
  return m;
}

Result<Move> Game::refuse(std::string why) {
  if (strict_ && !over()) result_ = GameResult::win(~pos_.side_to_move(), Ending::ILLEGAL_MOVE);
  return Error{std::move(why)};
}

Result<Move> Game::play(std::string_view text) {
  if (over()) return Error{"the game is over: " + result_.text()};
  auto m = parse(text);
  if (!m) return refuse(m.error());
  return play(*m);
}

Result<Move> Game::play(Move m) {
  if (over()) return Error{"the game is over: " + result_.text()};
  MoveList legal;
  generate_legal(pos_, legal);
  if (!legal.contains(m)) {
    // The same effect may be written another way (a pass through another empty square);
    // otherwise the text parser knows why the move is illegal.
    auto again = parse_move(pos_, move_to_text(pos_, m));
    if (!again) return refuse(again.error());
    m = *again;
  }
  if (repetition_banned(m)) return refuse(ban_reason(m));
  if (!redo_.empty() && redo_.back() == m)
    redo_.pop_back();
  else
    redo_.clear();
  pos_.do_move(m);
  moves_.push_back(m);
  record_position();
  adjudicate();
  return m;
}

void Game::set_as_played(bool on) {
  as_played_ = on;
  if (result_.over()) return;  // a claim, or mate: nothing the rules' second look would change
  adjudicate();
  // The ending the rules give the last position is the result now, not a note.
  if (!on && rules_ended_ && rules_ended_->ply == ply() && rules_ended_->result == result_) rules_ended_.reset();
}

void Game::set_recorded_result(GameResult r) {
  if (result_.score() == r.score()) return;
  if (result_.over() && !rules_ended_) rules_ended_ = RuleEnding{ply(), result_};
  result_ = std::move(r);
}

bool Game::undo() {
  if (moves_.empty()) {  // only a claim at the start can be taken back
    const GameResult before = result_;
    adjudicate();
    return !(before == result_);
  }
  redo_.push_back(moves_.back());
  if (--seen_[keys_.back()] == 0) seen_.erase(keys_.back());
  keys_.pop_back();
  checks_.pop_back();
  moves_.pop_back();
  pos_.undo_move();
  if (rules_ended_ && rules_ended_->ply > ply()) rules_ended_.reset();
  adjudicate();
  return true;
}

bool Game::redo() {
  if (redo_.empty() || over()) return false;
  return play(redo_.back()).ok();
}

Result<GameResult> Game::resign(Color c) {
  if (over()) return Error{"the game is over: " + result_.text()};
  result_ = GameResult::win(~c, Ending::RESIGNATION);
  return result_;
}

Result<GameResult> Game::lose_on_time(Color c) {
  if (over()) return Error{"the game is over: " + result_.text()};
  result_ = cannot_win(pos_, ~c) ? GameResult::draw("time forfeit, the opponent cannot win")
                                 : GameResult::win(~c, Ending::TIME_FORFEIT);
  return result_;
}

Result<GameResult> Game::agree_draw() {
  if (over()) return Error{"the game is over: " + result_.text()};
  result_ = GameResult::draw(Ending::AGREED_DRAW);
  return result_;
}

Result<GameResult> Game::claim_impasse(Color c) {
  if (over()) return Error{"the game is over: " + result_.text()};
  const Variant& v = variant();
  const int threshold = v.def().impasse_threshold;
  if (!threshold) return Error{"impasse: " + v.name() + " has no impasse rule"};
  for (Color k : {c, ~c})
    if (!royal_in_zone(pos_, k))
      return Error{"impasse: " + v.color_name(c) + " may not claim: the " + v.color_name(k) +
                   " King is not in its promotion zone"};
  const int first = impasse_points(pos_, FIRST), second = impasse_points(pos_, SECOND);
  const std::string why = "impasse " + std::to_string(first) + "-" + std::to_string(second);
  if (first < threshold && second >= threshold)
    result_ = GameResult::win(SECOND, why);
  else if (second < threshold && first >= threshold)
    result_ = GameResult::win(FIRST, why);
  else
    result_ = GameResult::draw(why);
  return result_;
}

bool Game::can_claim_impasse() const {
  return !over() && variant().def().impasse_threshold && royal_in_zone(pos_, FIRST) && royal_in_zone(pos_, SECOND);
}

namespace {

// Chu Shogi mate (chu_shogi.md section 6): can `us` make a move, not barred by the repetition
// ban, after which at least one of its royals stands unattacked? With two royals any move will
// do: the opponent takes one royal per move, and the other may then escape, so play goes on
// until a single royal is mated or the last one is taken.
bool can_escape(Position& pos, const MoveList& legal, const std::unordered_map<Key, int>& seen, bool in_check) {
  const Color us = pos.side_to_move();
  const bool two_royals = royal_count(pos, us) >= 2;
  const bool ban = !in_check && !pos.variant().options().chu_repetition_ends;
  for (Move m : legal) {
    pos.do_move(m);
    auto it = seen.find(pos.key());
    const bool banned = ban && it != seen.end() && it->second >= 3;
    const bool safe = !banned && (two_royals || has_safe_royal(pos, us));
    pos.undo_move();
    if (safe) return true;
  }
  return false;
}

}  // namespace

// The result the rules give the current position and its history (claims aside); read as
// played, an ending other than mate is noted as rules_ended() (the first one) instead.
void Game::adjudicate() {
  // Read as played, once the rules' first ending is noted a later repetition would only be
  // thrown away (the game goes on), and judging one scans the history back to its first
  // occurrence: a record that shuffles would cost the square of its length.
  judge(!repetition_varies() && !(as_played_ && rules_ended_));
  if (!as_played_ || !result_.over() || on_the_board(result_.ending())) return;
  if (!rules_ended_) rules_ended_ = RuleEnding{ply(), result_};
  result_ = {};
}

void Game::judge(bool repetition_ends) {
  result_ = {};
  const Variant& v = variant();
  const Color us = pos_.side_to_move(), them = ~us;
  const bool check = checks_.back();
  const char* mate = check ? "checkmate" : "stalemate";

  if (v.game() == GameId::CHUSHOGI) {
    if (!has_royal(pos_, us)) {
      result_ = GameResult::win(them, Ending::KING_CAPTURED);
      return;
    }
    MoveList legal;
    generate_legal(pos_, legal);
    // mate=capture (lishogi): only a side with no move at all has lost before its King is taken.
    if (v.options().mate_by_capture ? legal.size() == 0 : !can_escape(pos_, legal, seen_, check)) {
      result_ = GameResult::win(them, v.options().mate_by_capture ? "stalemate" : mate);
      return;
    }
    for (Color c : {us, them})
      if (king_bared(pos_, c, v.options().bare_king)) {
        result_ = GameResult::win(~c, Ending::BARE_KING);
        return;
      }
    if (repetition_ends && v.options().chu_repetition_ends && repetitions() >= repetition_count(GameId::CHUSHOGI)) {
      result_ = attacked_throughout() ? GameResult::win(us, Ending::PERPETUAL_CHECK)
                                      : GameResult::draw(Ending::FOURFOLD_REPETITION);
      return;
    }
    if (impossible_to_win(pos_)) result_ = GameResult::draw(Ending::IMPOSSIBLE_TO_WIN);
    return;
  }

  if (!has_legal_move(pos_)) {
    result_ = GameResult::win(them, mate);
    return;
  }
  // Chu Seireigi: the fourth occurrence; xiangqi: the third (the rules files, sections 5.4 / 6).
  const bool xiangqi = v.game() == GameId::XIANGQI;
  if (repetition_ends && repetitions() >= repetition_count(v.game())) {
    int first = 0;
    while (keys_[first] != keys_.back()) ++first;
    // Which sides gave check with every one of their moves since the first occurrence?
    std::array<bool, 2> perpetual = {true, true};
    for (int i = first + 1; i <= ply(); ++i) {
      const Color mover = Color((i - 1 + int(start_.side_to_move())) & 1);
      perpetual[mover] = perpetual[mover] && checks_[i];
    }
    const RepetitionVerdict verdict = judge_cycle(v.game(), perpetual, &pos_, ply() - first);
    result_ = verdict.draw ? GameResult::draw(verdict.ending) : GameResult::win(~verdict.loser, verdict.ending);
    result_.detail = repetition_detail(pos_, ply() - first, verdict);
    return;
  }
  if (xiangqi && v.options().move_limit && pos_.quiet_plies() >= 2 * v.options().move_limit)
    result_ = GameResult::draw(Ending::MOVE_LIMIT);
}

}  // namespace kirin
