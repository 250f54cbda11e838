#include "server/match.h"

#include <chrono>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"
#include "server/referee.h"

namespace kirin::server {

using nlohmann::json;

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Result<Match> Match::from_record(GameRecord rec) {
  auto g = parse_game(rec.game);
  if (!g) return Error{g.error()};
  RuleOptions ro;
  for (const auto& o : rec.options) {
    auto r = parse_rule_option(*g, ro, o);
    if (!r) return Error{r.error()};
    ro = *r;
  }
  VariantPtr v = make_variant(*g, ro);
  if (rec.start_fen.empty()) rec.start_fen = v->start_fen();
  auto pos = parse_fen(v, rec.start_fen);
  if (!pos) return Error{"bad start position: " + pos.error()};
  std::vector<std::string> moves = std::move(rec.moves);
  rec.moves.clear();
  Match m(std::move(rec), std::move(*pos));
  m.keys_.push_back(m.pos_.key());
  for (size_t i = 0; i < moves.size(); ++i) {
    auto mv = parse_move(m.pos_, moves[i]);
    if (!mv) return Error{"move " + std::to_string(i + 1) + " (" + moves[i] + "): " + mv.error()};
    m.pos_.do_move(*mv);
    m.keys_.push_back(m.pos_.key());
    m.rec_.moves.push_back(moves[i]);
  }
  m.unchanged_ = m.rec_.moves.size();
  return m;
}

size_t Match::take_unchanged_plies() {
  size_t n = unchanged_;
  unchanged_ = rec_.moves.size();
  return n;
}

std::optional<Color> Match::seat_of(std::string_view token) const {
  if (token.empty()) return std::nullopt;
  for (Color c : {FIRST, SECOND})
    if (!rec_.seats[c].kirin && rec_.seats[c].token == token) return c;
  return std::nullopt;
}

std::optional<Color> Match::kirin_to_move() const {
  Color c = pos_.side_to_move();
  if (rec_.over() || !rec_.seats[c].kirin) return std::nullopt;
  return c;
}

void Match::touch() { rec_.updated = now_ms(); }

void Match::finish(const std::string& result, const std::string& reason) {
  rec_.result = result;
  rec_.reason = reason;
  rec_.draw_offer = rec_.impasse_claim = rec_.takeback_request = -1;
}

Refusal Match::refuse_if_over() const {
  if (rec_.over()) return {409, "the game is over (" + rec_.reason + ")"};
  return {};
}

Refusal Match::play(Color who, std::string_view text) {
  if (auto r = refuse_if_over()) return r;
  if (who != pos_.side_to_move()) return {403, "not your turn"};
  auto m = parse_move(pos_, text);
  if (!m) return {400, "illegal move " + std::string(text) + ": " + m.error()};
  std::string canonical = move_to_text(pos_, *m);
  pos_.do_move(*m);
  keys_.push_back(pos_.key());
  rec_.moves.push_back(canonical);
  // A move answers any pending offer.
  rec_.draw_offer = rec_.impasse_claim = rec_.takeback_request = -1;
  if (auto out = judge(pos_, keys_)) finish(out->result, out->reason);
  touch();
  return {};
}

Refusal Match::resign(Color who) {
  if (auto r = refuse_if_over()) return r;
  finish(win_for(~who), "resignation");
  touch();
  return {};
}

Refusal Match::draw(Color who, std::string_view action) {
  if (auto r = refuse_if_over()) return r;
  if (action == "offer") {
    if (rec_.seats[~who].kirin) return {409, "Kirin does not accept draw offers"};
    rec_.draw_offer = who;
  } else if (action == "accept") {
    if (rec_.draw_offer != int(~who)) return {409, "no draw offer to accept"};
    finish("1/2-1/2", "agreement");
  } else if (action == "decline") {
    if (rec_.draw_offer != int(~who)) return {409, "no draw offer to decline"};
    rec_.draw_offer = -1;
  } else {
    return {400, "unknown draw action '" + std::string(action) + "' (offer, accept or decline)"};
  }
  touch();
  return {};
}

Refusal Match::impasse(Color who) {
  if (auto r = refuse_if_over()) return r;
  auto out = score_impasse(pos_);
  if (!out) return {409, out.error()};
  // Impasse needs both players' agreement; Kirin agrees whenever the conditions hold.
  if (rec_.impasse_claim == int(~who) || rec_.seats[~who].kirin) {
    finish(out->result, out->reason);
  } else {
    rec_.impasse_claim = who;
  }
  touch();
  return {};
}

void Match::undo_plies(int n) {
  for (int i = 0; i < n; ++i) {
    pos_.undo_move();
    keys_.pop_back();
    rec_.moves.pop_back();
  }
  unchanged_ = std::min(unchanged_, rec_.moves.size());
}

Refusal Match::takeback(Color who, std::string_view action) {
  if (auto r = refuse_if_over()) return r;
  if (!rec_.casual) return {409, "take-backs are only allowed in casual games"};
  // Taking back returns the turn to the requester: one ply if the opponent has not replied yet.
  auto plies_for = [&](Color c) { return pos_.side_to_move() == c ? 2 : 1; };
  if (action == "request") {
    int n = plies_for(who);
    if (pos_.game_ply() < n) return {409, "no move of yours to take back"};
    if (rec_.seats[~who].kirin) {
      undo_plies(n);
    } else {
      rec_.takeback_request = who;
    }
  } else if (action == "accept") {
    if (rec_.takeback_request != int(~who)) return {409, "no take-back request to accept"};
    int n = plies_for(~who);
    if (pos_.game_ply() < n) return {409, "no move to take back"};
    undo_plies(n);
    rec_.takeback_request = -1;
  } else if (action == "decline") {
    if (rec_.takeback_request != int(~who)) return {409, "no take-back request to decline"};
    rec_.takeback_request = -1;
  } else {
    return {400, "unknown takeback action '" + std::string(action) + "' (request, accept or decline)"};
  }
  rec_.draw_offer = rec_.impasse_claim = -1;
  touch();
  return {};
}

namespace {

json color_or_null(int c) {
  if (c < 0) return nullptr;
  return c == FIRST ? "first" : "second";
}

}  // namespace

json Match::to_json() const {
  const Variant& v = pos_.variant();
  json players = json::object();
  for (Color c : {FIRST, SECOND}) {
    const Seat& s = rec_.seats[c];
    players[c == FIRST ? "first" : "second"] = {
        {"kind", s.kirin ? "kirin" : "human"}, {"strength", s.strength}, {"name", v.color_name(c)}};
  }
  json j = {{"id", rec_.id},
            {"game", rec_.game},
            {"options", rec_.options},
            {"setup", rec_.setup},
            {"start_fen", rec_.start_fen},
            {"casual", rec_.casual},
            {"players", players},
            {"moves", rec_.moves},
            {"fen", to_fen(pos_)},
            {"ply", rec_.moves.size()},
            {"side_to_move", pos_.side_to_move() == FIRST ? "first" : "second"},
            {"check", pos_.in_check()},
            {"last_move", rec_.moves.empty() ? json(nullptr) : json(rec_.moves.back())},
            {"status", rec_.over() ? "over" : "playing"},
            {"result", rec_.result},
            {"reason", rec_.reason},
            {"draw_offer", color_or_null(rec_.draw_offer)},
            {"impasse_claim", color_or_null(rec_.impasse_claim)},
            {"takeback_request", color_or_null(rec_.takeback_request)},
            {"created", rec_.created},
            {"updated", rec_.updated}};
  json legal = json::array();
  if (!rec_.over()) {
    Position p = pos_;
    MoveList list;
    generate_legal(p, list);
    for (Move m : list) legal.push_back(move_to_text(p, m));
  }
  j["legal_moves"] = std::move(legal);
  return j;
}

}  // namespace kirin::server
