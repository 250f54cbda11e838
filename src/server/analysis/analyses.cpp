#include "server/analysis/analyses.h"

#include "core/score.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "server/play/round.h"
#include "server/refusals.h"

namespace kirin::server {

using nlohmann::json;

namespace {

// The position to analyse (a start and moves, as a game would have them) as a Round.
Result<Round> analysed(const AnalyseSpec& spec) {
  GameRecord rec;
  rec.game = spec.game;
  rec.options = spec.options;
  rec.start_fen = spec.fen;
  rec.moves = spec.moves;
  return Round::from_record(rec);
}

// A line longer than any real game is refused before it is replayed.
std::optional<Reply> too_long(const AnalyseSpec& spec) {
  if (spec.moves.size() <= MAX_GAME_PLIES) return std::nullopt;
  return refuse(too_long_game(spec.moves.size()));
}

// Where the last move of the analysed line went (Japanese writes 同 for a move there).
Square last_to(const Round& r) { return r.game().moves().empty() ? NO_SQUARE : r.game().moves().back().to(); }

// The analysis board's answer for a line: each position (`positions`), the moves as the game page
// writes them (or in `n`), and the last position's legal moves, in `n` too when asked.
json line_json(json positions, const Position& start, const std::vector<std::string>& moves, std::optional<Notation> n,
               const Position& end, Square last_to) {
  json body = {{"positions", std::move(positions)},
               {"notation", notation_along(start, moves, n)},
               {"legal_moves", legal_move_texts(end)}};
  if (n) body["legal_notation"] = legal_move_texts(end, n, last_to);
  return body;
}

// A line of moves from `pos` as engine text.
json line_text(const Position& pos, const std::vector<Move>& line) {
  json out = json::array();
  Position p = pos;
  for (Move mv : line) {
    out.push_back(move_to_text(p, mv));
    p.do_move(mv);
  }
  return out;
}

}  // namespace

Reply Analyses::analyse(const AnalyseSpec& spec, Done done, EnginePool::JobPtr& job) {
  if (auto refused = too_long(spec)) return *refused;
  auto m = analysed(spec);
  if (!m) return refusal(Reply::BAD_REQUEST, m.error());
  if (spec.strength < 1 || spec.strength > MAX_STRENGTH)
    return refusal(Reply::BAD_REQUEST, "strength must be 1.." + std::to_string(MAX_STRENGTH));
  auto chosen = chosen_notation(spec.notation, m->position().variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  Position pos = m->position();
  BotRequest request{pos.variant_ptr(), m->record().start_fen, spec.moves, spec.strength};
  job = pool_.submit([request, pos, done = std::move(done), n = *chosen, last = last_to(*m)](
                         Bot& bot, const std::atomic<bool>& cancel) {
    Analysis a = bot.think(request, cancel);
    if (cancel) return;
    done({Reply::DONE,
          {{"fen", to_fen(pos)},
           {"best", a.best.is_none() ? json(nullptr) : json(move_to_text(pos, a.best))},
           {"best_notation", a.best.is_none() ? json(nullptr) : json(written_move(pos, a.best, n, last))},
           {"score", a.score},
           {"depth", a.depth},
           {"line", line_text(pos, a.line)},
           {"line_notation", written_line(pos, a.line, n, last)}}});
  });
  if (!job) return refuse(Refusal::KIRIN_BUSY);
  return {Reply::LATER, nullptr};
}

Reply Analyses::positions(const AnalyseSpec& spec) {
  if (auto refused = too_long(spec)) return *refused;
  if (spec.problem) return problem_positions(spec);
  auto m = analysed(spec);
  if (!m) return refusal(Reply::BAD_REQUEST, m.error());
  auto chosen = chosen_notation(spec.notation, m->position().variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  return {Reply::DONE, line_json(m->positions(), m->game().start(), spec.moves, *chosen, m->position(), last_to(*m))};
}

// A line from a problem's position, which no game could start from (a royal may be missing): read
// as the problems read theirs, each move checked; the same answer as positions() gives.
Reply Analyses::problem_positions(const AnalyseSpec& spec) {
  auto start = problem_position(spec.game, spec.options, spec.fen);
  if (!start) return refusal(Reply::BAD_REQUEST, start.error());
  auto chosen = chosen_notation(spec.notation, start->variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  Position end = *start;
  auto last = replay_checked(end, spec.moves);
  if (!last) return refusal(Reply::BAD_REQUEST, last.error());
  return {Reply::DONE, line_json(positions_along(*start, spec.moves), *start, spec.moves, *chosen, end, *last)};
}

Reply Analyses::analyse_live(const AnalyseSpec& spec, int multipv, int64_t max_ms, EventEmitter emit,
                             EnginePool::JobPtr& job) {
  if (auto refused = too_long(spec)) return *refused;
  auto m = analysed(spec);
  if (!m) return refusal(Reply::BAD_REQUEST, m.error());
  if (multipv < 1 || multipv > 5) return refusal(Reply::BAD_REQUEST, "multipv must be 1..5");
  auto chosen = chosen_notation(spec.notation, m->position().variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  Position pos = m->position();
  BotRequest request{pos.variant_ptr(), m->record().start_fen, spec.moves, MAX_STRENGTH};
  job = pool_.submit([request, pos, multipv, max_ms, emit = std::move(emit), n = *chosen, last = last_to(*m)](
                         Bot& bot, const std::atomic<bool>& cancel) {
    Analysis a = bot.analyse_live(
        request, multipv, max_ms,
        [&](const SearchInfo& info) {
          if (cancel) return;
          json j = {{"depth", info.depth},
                    {"multipv", info.multipv},
                    {"score", info.score},
                    {"mate", is_mate_score(info.score) ? json(mate_moves(info.score)) : json(nullptr)},
                    {"nodes", info.nodes},
                    {"nps", info.nps},
                    {"time_ms", info.time_ms},
                    {"pv", line_text(pos, info.pv)},
                    {"pv_notation", written_line(pos, info.pv, n, last)}};
          emit("info", std::make_shared<const std::string>(j.dump()));
        },
        cancel);
    if (cancel) return;
    json done = {{"best", a.best.is_none() ? json(nullptr) : json(move_to_text(pos, a.best))},
                 {"best_notation", a.best.is_none() ? json(nullptr) : json(written_move(pos, a.best, n, last))},
                 {"depth", a.depth}};
    emit("done", std::make_shared<const std::string>(done.dump()));
  });
  if (!job) return refuse(Refusal::KIRIN_BUSY);
  return {Reply::LATER, nullptr};
}

}  // namespace kirin::server
