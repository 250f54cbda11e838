#include "server/play/round.h"

#include "notation/fen.h"
#include "notation/game_courier.h"
#include "notation/move_text.h"
#include "notation/wxf.h"
#include "rules/end_rules.h"
#include "server/play/drawer.h"
#include "server/play/finisher.h"
#include "server/play/rematcher.h"
#include "server/play/takebacker.h"
#include "server/refusals.h"
#include "server/security/token.h"

namespace kirin::server {

using nlohmann::json;

size_t word_count(std::string_view text) {
  size_t words = 0;
  bool in_word = false;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    words += !blank && !in_word;
    in_word = !blank;
  }
  return words;
}

Refused too_long_game(size_t plies) { return {Refusal::GAME_TOO_LONG, {{"plies", plies}, {"limit", MAX_GAME_PLIES}}}; }

namespace {

// Why a move is illegal, without the "illegal move 'X': " the rules' reasons begin with, which the
// refusal says once itself.
std::string why_illegal(const std::string& error) {
  constexpr std::string_view HEAD = "illegal move '";
  if (!error.starts_with(HEAD)) return error;
  const size_t end = error.find("': ", HEAD.size());
  return end == std::string::npos ? error : error.substr(end + 3);
}

}  // namespace

Result<Round> Round::from_record(GameRecord rec, Replay how, VariantCache* variants) {
  auto g = parse_game(rec.game);
  if (!g) return Error{g.error()};
  RuleOptions ro;
  for (const auto& o : rec.options) {
    auto r = parse_rule_option(*g, ro, o);
    if (!r) return Error{r.error()};
    ro = *r;
  }
  std::string key = rec.game;
  for (const auto& o : rec.options) key += ' ' + o;
  VariantPtr v = variants ? variants->get(key, *g, ro) : make_variant(*g, ro);
  if (rec.start_fen.empty()) rec.start_fen = v->start_fen();
  auto game = Game::from_fen(v, rec.start_fen);
  if (!game) return Error{"bad start position: " + game.error()};
  if (how == Replay::NEW) {
    // Chu Shogi's movement tests set up boards without Kings, which a game cannot be played on.
    for (Color c : {FIRST, SECOND})
      if (!has_royal(game->position(), c))
        return Error{"bad start position: " + v->color_name(c) + " has no " +
                     (v->is_shogi_family() ? "King" : "General")};
    if (game->over())
      return Error{"bad start position: the game is over before a move (" + game->result().text() + ")"};
  }
  std::vector<std::string> moves = std::move(rec.moves);
  rec.moves.clear();
  Round m(std::move(rec), std::move(*game));
  // Stored moves are history: a record imported before creation enforced the rules' endings
  // may have played on where the rules would have stopped (an unclaimed repetition); live play
  // never does, so this changes nothing there.
  const bool stored = how == Replay::STORED;
  m.s_.game.set_as_played(stored);
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!stored && m.s_.game.over())
      return Error{"move " + std::to_string(i + 1) + " (" + moves[i] + "): the game ended after ply " +
                   std::to_string(i) + " (" + m.s_.game.result().text() + ")"};
    auto mv = m.s_.game.play(moves[i]);
    if (!mv) return Error{"move " + std::to_string(i + 1) + " (" + moves[i] + "): " + mv.error()};
    m.s_.rec.moves.push_back(moves[i]);
  }
  m.s_.game.set_as_played(false);
  // A new game the rules have ended is stored finished, as a live game would have been.
  if (!stored && m.s_.game.over() && !m.s_.rec.over()) {
    m.s_.rec.result = m.s_.game.result().score();
    m.s_.rec.reason = m.s_.game.result().reason;
  }
  // Results that are not moves (resignation, agreement, impasse) are replayed from the record.
  // An impasse counts the pieces where they stand, so the claim gives the stored result again;
  // who claimed does not change it.
  if (m.s_.rec.over() && !m.s_.game.over()) {
    const Ending stored = ending_of(m.s_.rec.reason);
    if (stored == Ending::RESIGNATION)
      m.s_.game.resign(m.s_.rec.result == "1-0" ? SECOND : FIRST);
    else if (m.s_.rec.result == "1/2-1/2" && stored == Ending::AGREED_DRAW)
      m.s_.game.agree_draw();
    else if (stored == Ending::IMPASSE)
      m.s_.game.claim_impasse(m.s_.game.side_to_move());
    else if (m.s_.rec.reason.starts_with("time forfeit"))
      m.s_.game.lose_on_time(m.s_.rec.result == "1-0"   ? SECOND
                             : m.s_.rec.result == "0-1" ? FIRST
                                                        : m.s_.game.side_to_move());
  }
  m.s_.unchanged = m.s_.rec.moves.size();
  return m;
}

size_t Round::take_unchanged_plies() {
  size_t n = s_.unchanged;
  s_.unchanged = s_.rec.moves.size();
  return n;
}

std::optional<Color> Round::seat_of(const Caller& who) const {
  // The token first: it names one seat even where one account holds both.
  if (!who.token.empty())
    for (Color c : {FIRST, SECOND})
      if (!s_.rec.seats[c].kirin && token_matches(who.token, s_.rec.seats[c].token)) return c;
  // A challenge by name reserves its open seat for an account, which is no player's until it accepts.
  if (who.account)
    for (Color c : {FIRST, SECOND})
      if (!s_.rec.seats[c].kirin && !s_.rec.seats[c].open && s_.rec.seats[c].account == who.account) return c;
  return std::nullopt;
}

bool Round::engine_help_closed_to(Color c) const {
  return !s_.rec.over() && !s_.rec.seats[c].kirin && !s_.rec.seats[~c].kirin;
}

std::optional<Color> Round::kirin_to_move() const {
  Color c = s_.game.side_to_move();
  if (s_.rec.over() || !s_.rec.seats[c].kirin) return std::nullopt;
  return c;
}

Granted<Color> Round::join(const std::string& token_hash, const std::string& name, const Caller& who) {
  if (!s_.rec.waiting()) return Refused{s_.rec.result == "*" ? Refusal::CHALLENGE_WITHDRAWN : Refusal::CHALLENGE_TAKEN};
  const Color c = s_.rec.seats[FIRST].open ? FIRST : SECOND;
  if (who.account && s_.rec.seats[~c].account == who.account) return Refused{Refusal::OWN_CHALLENGE};
  if (s_.rec.rated && !who.account) return Refused{Refusal::RATED_CHALLENGE_NEEDS_ACCOUNT};
  if (s_.rec.seats[c].account && s_.rec.seats[c].account != who.account)
    return Refused{Refusal::CHALLENGE_FOR_ANOTHER, {{"name", s_.rec.seats[c].account_name}}};
  s_.rec.seats[c].open = false;
  s_.rec.seats[c].token = token_hash;
  s_.rec.seats[c].player = name.empty() ? who.name : name;
  s_.rec.seats[c].account = who.account;
  s_.rec.seats[c].account_name = who.account ? who.name : "";
  s_.touch();
  return c;
}

Reply Round::cancel(Color) {
  if (!s_.rec.waiting()) return refuse(Refusal::ONLY_OPEN_WITHDRAWN);
  s_.rec.result = "*";
  s_.rec.reason = words_of(Ending::CHALLENGE_WITHDRAWN);
  s_.touch();
  return {};
}

Reply Round::berserk(Color who) {
  if (s_.rec.over()) return refuse(Refusal::GAME_OVER, {{"reason", s_.rec.reason}});
  // Nobody has moved, or only the other side: the player's first move is still to come.
  const bool not_moved = s_.rec.moves.empty() || (s_.rec.moves.size() == 1 && s_.game.side_to_move() == who);
  if (!not_moved) return refuse(Refusal::BERSERK_TOO_LATE);
  if (!s_.rec.clock.initial_ms || s_.rec.clock.days_per_move)
    return refusal(Reply::BAD_REQUEST, "this game's clock has no main time to halve");
  const int64_t half = s_.rec.clock.initial_ms / 2;
  if (s_.rec.clock_state.left_ms[who] <= half) return refuse(Refusal::BERSERKED_ALREADY);
  s_.rec.clock_state.left_ms[who] = half;
  s_.touch();
  return {};
}

Reply Round::decline(const Caller& who) {
  const int c = s_.rec.seats[FIRST].open ? FIRST : s_.rec.seats[SECOND].open ? SECOND : -1;
  if (c < 0 || !s_.rec.seats[c].account || s_.rec.seats[c].account != who.account)
    return refuse(Refusal::ONLY_NAMED_DECLINES);
  if (!s_.rec.waiting()) return refuse(Refusal::CHALLENGE_NOT_OPEN);
  s_.rec.result = "*";
  s_.rec.reason = words_of(Ending::CHALLENGE_DECLINED);
  s_.touch();
  return {};
}

Reply Round::play(Color who, std::string_view text) {
  if (auto r = s_.refuse_if_over(); r.refused()) return r;
  if (who != s_.game.side_to_move()) return refuse(Refusal::NOT_YOUR_TURN);
  auto m = s_.game.parse(text);
  if (!m) return refuse(Refusal::ILLEGAL_MOVE, {{"move", std::string(text)}, {"reason", why_illegal(m.error())}});
  std::string canonical = move_to_text(s_.game.position(), *m);
  if (auto played = s_.game.play(*m); !played)
    return refuse(Refusal::ILLEGAL_MOVE, {{"move", std::string(text)}, {"reason", why_illegal(played.error())}});
  s_.rec.moves.push_back(canonical);
  punch(s_.rec.clock, s_.rec.clock_state, who, now_ms());
  // A move answers any pending offer.
  s_.rec.draw_offer = s_.rec.impasse_claim = s_.rec.takeback_request = -1;
  Finisher::finish(s_);
  s_.touch();
  return {};
}

void Round::forgive(int64_t by) {
  if (s_.rec.clock_state.running >= 0 && by > 0) s_.rec.clock_state.since += by;
}

json Round::positions(size_t from) const {
  json out = json::array();
  Position p = s_.game.start();
  if (from == 0) out.push_back(to_fen(p));
  size_t ply = 0;
  for (Move m : s_.game.moves()) {
    p.do_move(m);
    if (++ply >= from) out.push_back(to_fen(p));
  }
  return out;
}

Reply Round::draw(Color who, Offer step) { return Drawer::draw(s_, who, step); }
Reply Round::impasse(Color who) { return Drawer::impasse(s_, who); }
Reply Round::takeback(Color who, Offer step) { return Takebacker::takeback(s_, who, step); }
Reply Round::rematch(Color who, Offer step) { return Rematcher::rematch(s_, who, step); }
void Round::rematch_started(const std::string& id) { Rematcher::started(s_, id); }
Reply Round::resign(Color who) { return Finisher::resign(s_, who); }
Reply Round::abort(Color who) { return Finisher::abort(s_, who); }
void Round::adjudicate(const std::string& result, const std::string& reason) {
  Finisher::adjudicate(s_, result, reason);
}
bool Round::abortable() const { return Finisher::abortable(s_); }
bool Round::end_if_due(const Finisher& finisher, int64_t now) { return finisher.end_if_due(s_, now); }

}  // namespace kirin::server
