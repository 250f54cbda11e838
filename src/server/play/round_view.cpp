// The game state as the API shows it (docs/api.md, "Game state"), apart from the model it shows.
#include "server/play/round_view.h"

#include "core/unix_time.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "server/play/clock.h"
#include "server/views/seat.h"

namespace kirin::server {

using nlohmann::json;

namespace {

json color_or_null(int c) {
  if (c < 0) return nullptr;
  return c == FIRST ? "first" : "second";
}

// The tournament a game was paired in ({id, name}, from its record's tags), else null.
json tournament_of(const GameRecord& rec) {
  json out = nullptr;
  for (const auto& [name, value] : rec.tags) {
    if (name == "Tournament") out["id"] = value;
    if (name == "Event") out["name"] = value;
  }
  return out.contains("id") ? out : json(nullptr);
}

}  // namespace

json round_view(const Round& round, Round::Positions which, std::optional<Notation> chosen) {
  const GameRecord& rec_ = round.record();
  const Game& game_ = round.game();
  const size_t plies = rec_.moves.size();
  const size_t from = which == Round::Positions::LAST_MOVE && plies > 0 ? plies - 1 : 0;
  const Position& pos = game_.position();
  const Variant& v = pos.variant();
  json players = seats_view(rec_);
  for (Color c : {FIRST, SECOND}) players[side_name(c)]["name"] = v.color_name(c);
  // The moves as players write them: in the notation asked for, else Game Courier for the shogi
  // games and WXF for xiangqi.
  json notation = json::array();
  Position p = game_.start();
  Square last_to = NO_SQUARE;
  for (Move m : game_.moves()) {
    notation.push_back(written_move(p, m, chosen, last_to));
    last_to = m.to();
    p.do_move(m);
  }
  json legal = json::array();
  // A stored end that the referee cannot replay still ends the game: no moves are offered,
  // nor before an open challenge is taken.
  if (!rec_.over() && !rec_.waiting())
    for (Move m : game_.legal_moves()) legal.push_back(move_to_text(pos, m));
  return {{"id", rec_.id},
          {"game", rec_.game},
          {"options", rec_.options},
          {"setup", rec_.setup},
          {"start_fen", rec_.start_fen},
          {"casual", rec_.casual},
          {"rated", rec_.rated},
          {"tournament", tournament_of(rec_)},
          {"players", players},
          {"moves", rec_.moves},
          {"notation", notation},
          {"fen", to_fen(pos)},
          {"positions_from", from},
          {"positions", round.positions(from)},
          {"ply", rec_.moves.size()},
          {"side_to_move", pos.side_to_move() == FIRST ? "first" : "second"},
          {"check", pos.in_check()},
          {"last_move", rec_.moves.empty() ? json(nullptr) : json(rec_.moves.back())},
          {"status", rec_.result == "*" ? (ending_of(rec_.reason) == Ending::ABORTED ? "aborted" : "cancelled")
                     : rec_.over()      ? "over"
                     : rec_.waiting()   ? "waiting"
                                        : "playing"},
          {"rematch",
           {{"offer", color_or_null(rec_.rematch_offer)},
            {"game", rec_.rematch_game.empty() ? json(nullptr) : json(rec_.rematch_game)}}},
          {"result", rec_.result},
          {"reason", rec_.reason},
          // The rules' ending in words ("Red chased the Horse perpetually"), "" for most endings.
          {"detail", rec_.over() && game_.over() && game_.result().reason == rec_.reason ? game_.result().detail : ""},
          {"draw_offer", color_or_null(rec_.draw_offer)},
          {"repetition_claimable", !rec_.over() && game_.can_claim_repetition()},
          {"impasse_claim", color_or_null(rec_.impasse_claim)},
          {"impasse_claimable", game_.can_claim_impasse()},
          {"takeback_request", color_or_null(rec_.takeback_request)},
          {"abortable", round.abortable()},
          {"legal_moves", std::move(legal)},
          {"clock", clock_json(rec_.clock, rec_.clock_state, now_ms())},
          {"created", rec_.created},
          {"updated", rec_.updated}};
}

}  // namespace kirin::server
