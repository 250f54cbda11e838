#include "server/play/round.h"

#include "notation/fen.h"
#include "notation/game_courier.h"
#include "notation/move_text.h"
#include "notation/wxf.h"
#include "rules/end_rules.h"
#include "server/play/finisher.h"
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
  m.game_.set_as_played(stored);
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!stored && m.game_.over())
      return Error{"move " + std::to_string(i + 1) + " (" + moves[i] + "): the game ended after ply " +
                   std::to_string(i) + " (" + m.game_.result().text() + ")"};
    auto mv = m.game_.play(moves[i]);
    if (!mv) return Error{"move " + std::to_string(i + 1) + " (" + moves[i] + "): " + mv.error()};
    m.rec_.moves.push_back(moves[i]);
  }
  m.game_.set_as_played(false);
  // A new game the rules have ended is stored finished, as a live game would have been.
  if (!stored && m.game_.over() && !m.rec_.over()) {
    m.rec_.result = m.game_.result().score();
    m.rec_.reason = m.game_.result().reason;
  }
  // Results that are not moves (resignation, agreement, impasse) are replayed from the record.
  // An impasse counts the pieces where they stand, so the claim gives the stored result again;
  // who claimed does not change it.
  if (m.rec_.over() && !m.game_.over()) {
    const Ending stored = ending_of(m.rec_.reason);
    if (stored == Ending::RESIGNATION)
      m.game_.resign(m.rec_.result == "1-0" ? SECOND : FIRST);
    else if (m.rec_.result == "1/2-1/2" && stored == Ending::AGREED_DRAW)
      m.game_.agree_draw();
    else if (stored == Ending::IMPASSE)
      m.game_.claim_impasse(m.game_.side_to_move());
    else if (m.rec_.reason.starts_with("time forfeit"))
      m.game_.lose_on_time(m.rec_.result == "1-0" ? SECOND : m.rec_.result == "0-1" ? FIRST : m.game_.side_to_move());
  }
  m.unchanged_ = m.rec_.moves.size();
  return m;
}

size_t Round::take_unchanged_plies() {
  size_t n = unchanged_;
  unchanged_ = rec_.moves.size();
  return n;
}

std::optional<Color> Round::seat_of(const Caller& who) const {
  // The token first: it names one seat even where one account holds both.
  if (!who.token.empty())
    for (Color c : {FIRST, SECOND})
      if (!rec_.seats[c].kirin && token_matches(who.token, rec_.seats[c].token)) return c;
  // A challenge by name reserves its open seat for an account, which is no player's until it accepts.
  if (who.account)
    for (Color c : {FIRST, SECOND})
      if (!rec_.seats[c].kirin && !rec_.seats[c].open && rec_.seats[c].account == who.account) return c;
  return std::nullopt;
}

bool Round::engine_help_closed_to(Color c) const {
  return !rec_.over() && !rec_.seats[c].kirin && !rec_.seats[~c].kirin;
}

std::optional<Color> Round::kirin_to_move() const {
  Color c = game_.side_to_move();
  if (rec_.over() || !rec_.seats[c].kirin) return std::nullopt;
  return c;
}

void Round::touch() { rec_.updated = now_ms(); }

Reply Round::refuse_if_over() const {
  if (rec_.over()) return refuse(Refusal::GAME_OVER, {{"reason", rec_.reason}});
  if (rec_.waiting()) return refuse(Refusal::CHALLENGE_WAITING);
  return {};
}

Granted<Color> Round::join(const std::string& token_hash, const std::string& name, const Caller& who) {
  if (!rec_.waiting()) return Refused{rec_.result == "*" ? Refusal::CHALLENGE_WITHDRAWN : Refusal::CHALLENGE_TAKEN};
  const Color c = rec_.seats[FIRST].open ? FIRST : SECOND;
  if (who.account && rec_.seats[~c].account == who.account) return Refused{Refusal::OWN_CHALLENGE};
  if (rec_.rated && !who.account) return Refused{Refusal::RATED_CHALLENGE_NEEDS_ACCOUNT};
  if (rec_.seats[c].account && rec_.seats[c].account != who.account)
    return Refused{Refusal::CHALLENGE_FOR_ANOTHER, {{"name", rec_.seats[c].account_name}}};
  rec_.seats[c].open = false;
  rec_.seats[c].token = token_hash;
  rec_.seats[c].player = name.empty() ? who.name : name;
  rec_.seats[c].account = who.account;
  rec_.seats[c].account_name = who.account ? who.name : "";
  touch();
  return c;
}

Reply Round::cancel(Color) {
  if (!rec_.waiting()) return refuse(Refusal::ONLY_OPEN_WITHDRAWN);
  rec_.result = "*";
  rec_.reason = words_of(Ending::CHALLENGE_WITHDRAWN);
  touch();
  return {};
}

Reply Round::berserk(Color who) {
  if (rec_.over()) return refuse(Refusal::GAME_OVER, {{"reason", rec_.reason}});
  // Nobody has moved, or only the other side: the player's first move is still to come.
  const bool not_moved = rec_.moves.empty() || (rec_.moves.size() == 1 && game_.side_to_move() == who);
  if (!not_moved) return refuse(Refusal::BERSERK_TOO_LATE);
  if (!rec_.clock.initial_ms || rec_.clock.days_per_move)
    return refusal(Reply::BAD_REQUEST, "this game's clock has no main time to halve");
  const int64_t half = rec_.clock.initial_ms / 2;
  if (rec_.clock_state.left_ms[who] <= half) return refuse(Refusal::BERSERKED_ALREADY);
  rec_.clock_state.left_ms[who] = half;
  touch();
  return {};
}

Reply Round::decline(const Caller& who) {
  const int c = rec_.seats[FIRST].open ? FIRST : rec_.seats[SECOND].open ? SECOND : -1;
  if (c < 0 || !rec_.seats[c].account || rec_.seats[c].account != who.account)
    return refuse(Refusal::ONLY_NAMED_DECLINES);
  if (!rec_.waiting()) return refuse(Refusal::CHALLENGE_NOT_OPEN);
  rec_.result = "*";
  rec_.reason = words_of(Ending::CHALLENGE_DECLINED);
  touch();
  return {};
}

Reply Round::play(Color who, std::string_view text) {
  if (auto r = refuse_if_over(); r.refused()) return r;
  if (who != game_.side_to_move()) return refuse(Refusal::NOT_YOUR_TURN);
  auto m = game_.parse(text);
  if (!m) return refuse(Refusal::ILLEGAL_MOVE, {{"move", std::string(text)}, {"reason", why_illegal(m.error())}});
  std::string canonical = move_to_text(game_.position(), *m);
  if (auto played = game_.play(*m); !played)
    return refuse(Refusal::ILLEGAL_MOVE, {{"move", std::string(text)}, {"reason", why_illegal(played.error())}});
  rec_.moves.push_back(canonical);
  punch(rec_.clock, rec_.clock_state, who, now_ms());
  // A move answers any pending offer.
  rec_.draw_offer = rec_.impasse_claim = rec_.takeback_request = -1;
  Finisher::finish(*this);
  touch();
  return {};
}

void Round::forgive(int64_t by) {
  if (rec_.clock_state.running >= 0 && by > 0) rec_.clock_state.since += by;
}

json Round::positions(size_t from) const {
  json out = json::array();
  Position p = game_.start();
  if (from == 0) out.push_back(to_fen(p));
  size_t ply = 0;
  for (Move m : game_.moves()) {
    p.do_move(m);
    if (++ply >= from) out.push_back(to_fen(p));
  }
  return out;
}

}  // namespace kirin::server
