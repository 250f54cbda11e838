// A new problem is proved by the mate solver (search/mate/problems.h) and stored only when it
// is a mate.
#include "server/problems/problems.h"

#include <fmt/format.h>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/mate/problems.h"
#include "server/play/round.h"
#include "server/refusals.h"
#include "server/security/token.h"

namespace kirin::server {

using nlohmann::json;

namespace {

constexpr size_t MAX_FEN = 400;

std::string plies_text(size_t n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

json problem_json(const ProblemRecord& p, const Position& pos) {
  return {{"id", p.id},
          {"url", "/p/" + p.id},
          {"game", p.game},
          {"options", p.options},
          {"fen", p.fen},
          {"checks_only", p.checks_only},
          {"side", side_name(pos.side_to_move())},
          {"plies", p.solution.size()},
          {"key_unique", p.key_unique == 1   ? json(true)
                         : p.key_unique == 0 ? json(false)
                                             : json(nullptr)},
          {"alternatives", p.alternatives.size()},
          {"legal_moves", legal_move_texts(pos)},
          {"created", p.created}};
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::SOLVED:
      return "solved";
    case Verdict::CORRECT:
      return "correct";
    case Verdict::WRONG:
      return "wrong";
    case Verdict::UNKNOWN:
      break;
  }
  return "unknown";
}

}  // namespace

std::optional<Reply> Problems::find(const std::string& id, ProblemRecord& out) {
  auto p = store_.problems().load(id);
  if (!p) return fail_("loading problem " + id, p.error());
  if (!*p) return refuse(Refusal::NO_PROBLEM, {{"id", id}});
  out = std::move(**p);
  return std::nullopt;
}

Reply Problems::create(const NewProblem& spec, Done done, EnginePool::JobPtr& job) {
  if (spec.fen.empty()) return refusal(Reply::BAD_REQUEST, "missing field 'fen'");
  if (spec.fen.size() > MAX_FEN)
    return refusal(Reply::BAD_REQUEST, "fen too long (at most " + std::to_string(MAX_FEN) + " characters)");
  auto pos = problem_position(spec.game, spec.options, spec.fen);
  if (!pos) return refusal(Reply::BAD_REQUEST, pos.error());
  // Where moving into check is legal (Chu Shogi) such a position parses, but its "mate" would
  // be taking the royal at once.
  if (pos->royal_attacked(~pos->side_to_move()))
    return refusal(Reply::BAD_REQUEST, "not a problem: the side not to move is in check already");
  // The problem is stored with the hands it is solved with, so its page shows them.
  if (spec.rest_to_defender)
    if (auto given = give_defender_the_rest(*pos); !given)
      return refusal(Reply::BAD_REQUEST, "rest_to_defender: " + given.error());
  ProblemRecord rec;
  rec.game = spec.game;
  rec.options = spec.options;
  rec.fen = to_fen(*pos);
  rec.checks_only = spec.checks_only.value_or(pos->variant().is_shogi_family());
  ProblemLimits limits;
  limits.movetime = problem_ms_;
  limits.checks_only = rec.checks_only;
  job = pool_.submit(
      [this, rec, root = *pos, limits, done = std::move(done)](Bot&, const std::atomic<bool>& cancel) mutable {
        const ProblemCheck check = check_problem(root, limits, cancel);
        if (cancel) return;
        const std::string seconds = fmt::format("{:g}", double(limits.movetime) / 1000);
        if (check.status == MateStatus::NO_MATE)
          return done(refusal(Reply::BAD_REQUEST, std::string("not a problem: the side to move has no forced mate") +
                                                      (rec.checks_only ? " with checks only" : "")));
        if (check.status != MateStatus::MATE)
          return done(refusal(Reply::BAD_REQUEST,
                              "not a problem: Kirin proved no mate within " + seconds + " s (too long or too hard)"));
        Position walk = root;
        for (Move m : check.solution) {
          rec.solution.push_back(move_to_text(walk, m));
          walk.do_move(m);
        }
        for (const auto& a : check.alternatives) rec.alternatives.push_back({move_to_text(root, a.move), a.plies});
        rec.key_unique = check.key_unique;
        rec.id = random_hex(5);
        rec.created = now_ms();
        if (auto r = store_.problems().create(rec); !r) return done(fail_("storing problem " + rec.id, r.error()));
        json body = problem_json(rec, root);
        // The composer sees what was proved; a solver's page asks for it only to give up.
        body["solution"] = rec.solution;
        json alts = json::array();
        for (const auto& a : rec.alternatives) alts.push_back({{"move", a.move}, {"plies", a.plies}});
        body["alternative_moves"] = alts;
        done({Reply::MADE, body});
      });
  if (!job) return refuse(Refusal::KIRIN_BUSY);
  return {Reply::LATER, nullptr};
}

Reply Problems::get(const std::string& id) {
  ProblemRecord p;
  if (auto refused = find(id, p)) return *refused;
  auto pos = problem_position(p.game, p.options, p.fen);
  if (!pos) return fail_("reading problem " + id, "database: problem " + id + ": " + pos.error());
  return {Reply::DONE, problem_json(p, *pos)};
}

Reply Problems::solution(const std::string& id, const std::string& notation) {
  ProblemRecord p;
  if (auto refused = find(id, p)) return *refused;
  auto pos = problem_position(p.game, p.options, p.fen);
  if (!pos) return fail_("reading problem " + id, "database: problem " + id + ": " + pos.error());
  auto chosen = chosen_notation(notation, pos->variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  json alts = json::array();
  for (const auto& a : p.alternatives) {
    alts.push_back({{"move", a.move}, {"plies", a.plies}});
    if (*chosen) alts.back()["move_notation"] = notation_along(*pos, {a.move}, *chosen)[0];
  }
  json body = {{"id", p.id},
               {"solution", p.solution},
               {"positions", positions_along(*pos, p.solution)},
               {"alternative_moves", alts}};
  if (*chosen) body["solution_notation"] = notation_along(*pos, p.solution, *chosen);
  return {Reply::DONE, body};
}

Reply Problems::try_line(const std::string& id, const std::vector<std::string>& moves, Done done,
                         EnginePool::JobPtr& job, const std::string& notation) {
  ProblemRecord p;
  if (auto refused = find(id, p)) return *refused;
  if (moves.size() % 2 == 0)
    return refusal(Reply::BAD_REQUEST, "moves must end with the attacker's move (an odd number of them)");
  if (moves.size() > p.solution.size())
    return refusal(Reply::BAD_REQUEST,
                   "problem " + id + " is solved in " + plies_text(p.solution.size()) + "; no more moves");
  auto pos = problem_position(p.game, p.options, p.fen);
  if (!pos) return fail_("reading problem " + id, "database: problem " + id + ": " + pos.error());
  auto chosen = chosen_notation(notation, pos->variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  Position before = *pos;
  const std::vector<std::string> played(moves.begin(), moves.end() - 1);
  auto replayed = replay_checked(before, played);
  if (!replayed) return refusal(Reply::BAD_REQUEST, replayed.error());
  auto m = parse_move(before, moves.back());
  if (!m)
    return refusal(Reply::BAD_REQUEST,
                   "move " + std::to_string(moves.size()) + " (" + moves.back().substr(0, 20) + "): " + m.error());
  ProblemLimits limits;
  limits.movetime = move_ms_;
  limits.checks_only = p.checks_only;
  const int plies_left = int(p.solution.size() - played.size());
  job = pool_.submit([before, move = *m, plies_left, limits, done = std::move(done), n = *chosen, last_to = *replayed](
                         Bot&, const std::atomic<bool>& cancel) {
    const MoveJudgement j = judge_move(before, move, plies_left, limits, cancel);
    if (cancel) return;
    Position after = before;
    json body = {{"verdict", verdict_name(j.verdict)}, {"move", move_to_text(after, move)}};
    if (n) body["move_notation"] = write_move(after, move, *n, last_to);
    after.do_move(move);
    // Kirin's answer (the reply or the refutation), as text and in the notation asked for.
    for (auto [key, answer] : {std::pair{"reply", j.reply}, std::pair{"refutation", j.refutation}}) {
      body[key] = answer.is_none() ? json(nullptr) : json(move_to_text(after, answer));
      if (n)
        body[std::string(key) + "_notation"] =
            answer.is_none() ? json(nullptr) : json(write_move(after, answer, *n, move.to()));
    }
    body["reason"] = j.reason;
    if (j.verdict == Verdict::UNKNOWN) body["reason"] = "Kirin could not judge this move in its time";
    const Move answer = j.verdict == Verdict::CORRECT ? j.reply
                        : j.verdict == Verdict::WRONG ? j.refutation
                                                      : Move::none();
    if (!answer.is_none()) after.do_move(answer);
    body["fen"] = to_fen(after);
    body["legal_moves"] = j.verdict == Verdict::CORRECT ? legal_move_texts(after) : json::array();
    done({Reply::DONE, body});
  });
  if (!job) return refuse(Refusal::KIRIN_BUSY);
  return {Reply::LATER, nullptr};
}

}  // namespace kirin::server
