#include "server/analysis/game_analyses.h"

#include <spdlog/logger.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/unix_time.h"
#include "game/record.h"
#include "server/play/record_header.h"
#include "server/refusals.h"

namespace kirin::server {

using nlohmann::json;

namespace {

// How often a claiming server looks for analyses whose holder stopped renewing (a request here,
// or a notification from another server, wakes it at once); how often the progress is stored
// (the watchers here hear of every position).
constexpr int64_t TAKEOVER_EVERY_MS = 1000;
constexpr int64_t PROGRESS_EVERY_MS = 1000;

json progress_json(const std::string& status, int done, int total) {
  return {{"status", status}, {"done", done}, {"total", total}};
}

// The state as GET answers it: the progress, and the result once done.
json state_json(const GameAnalysisRecord& r) {
  json out = progress_json(r.status, r.done, r.total);
  if (r.status == "done")
    if (json result = json::parse(r.result, nullptr, false); result.is_object()) out.update(result);
  return out;
}

Judgement judgement_named(const json& name) {
  for (Judgement j : {Judgement::INACCURACY, Judgement::MISTAKE, Judgement::BLUNDER})
    if (name.is_string() && name.get<std::string>() == judgement_name(j)) return j;
  return Judgement::NONE;
}

// The stored result back as the analysis of `g` (what analysis_notes needs: each ply's score,
// judgement and better line); an error when it is not one of `g`.
Result<GameAnalysis> read_result(const Game& g, const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("plies") || !j["plies"].is_array() || int(j["plies"].size()) != g.ply())
    return Error{"the stored analysis is not one of this game"};
  GameAnalysis a;
  for (int i = 0; i < g.ply(); ++i) {
    const json& p = j["plies"][i];
    PlyAnalysis ply;
    ply.ply = i + 1;
    ply.move = g.moves()[i];
    ply.score = p.contains("mate") ? score_of_mate(p.value("mate", 0)) : Value(p.value("score_cp", 0));
    ply.judgement = judgement_named(p.value("judgement", json()));
    Position pos = g.position_at(i);
    for (const json& m : p.value("line", json::array())) {
      auto mv = m.is_string() ? parse_move(pos, m.get<std::string>()) : Result<Move>(Error{"not a move"});
      if (!mv) break;
      ply.best_line.push_back(*mv);
      pos.do_move(*mv);
    }
    a.plies.push_back(std::move(ply));
  }
  a.complete = true;
  return a;
}

}  // namespace

// The analysis under way: its analyser is the searching job's alone (one job at a time);
// `done` is what the heartbeat's renewals store.
struct GameAnalyses::Run {
  Run(std::string id, Game g, GameAnalyser a) : id(std::move(id)), game(std::move(g)), analyser(std::move(a)) {}
  const std::string id;
  const Game game;
  GameAnalyser analyser;
  std::atomic<int> done{0};
  int64_t saved_at = now_ms();  // when the progress was last stored (unix ms)
};

GameAnalyses::GameAnalyses(GameStore& store, RoundCache& rounds, EnginePool& pool, Heartbeat& heart, Failures fail,
                           GameAnalysisOptions options, std::string worker)
    : store_(store),
      rounds_(rounds),
      pool_(pool),
      heart_(heart),
      fail_(std::move(fail)),
      options_(options),
      worker_(std::move(worker)) {}

GameAnalyses::~GameAnalyses() { stop(); }

void GameAnalyses::stop() {
  std::shared_ptr<Run> run;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    run.swap(run_);
  }
  // A clean stop gives the analysis back at once (its lease ends now): the next claimer, this
  // server restarted or another, need not wait for the lease to run out.
  if (run)
    if (auto r = store_.game_analyses().hold(run->id, worker_, run->done, 0); !r)
      fail_("giving back the analysis of game " + run->id, r.error());
  // A position's search (two, with the move played) may be starting as the stop comes: stop
  // until none runs.
  while (searching_) {
    {
      std::lock_guard lock(mu_);
      if (engine_) engine_->stop();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

Reply GameAnalyses::request(const std::string& id) {
  auto found = rounds_.get(id);
  if (!found) return fail_("loading game " + id, found.error());
  if (!*found) return refuse(Refusal::NO_GAME, {{"id", id}});
  int total = 0;
  {
    std::lock_guard lock((*found)->mu);
    const GameRecord& rec = (*found)->round->record();
    if (!rec.over() || rec.result == "*") return refuse(Refusal::GAME_NOT_OVER, {{"id", id}});
    total = int(rec.moves.size()) + 1;
  }
  auto asked = store_.game_analyses().request(id, total, options_.queue_limit);
  if (!asked) return fail_("queueing the analysis of game " + id, asked.error());
  if (asked->outcome == GameAnalysisRequest::FULL)
    return refuse(Refusal::GAME_ANALYSES_FULL, {{"limit", options_.queue_limit}});
  const GameAnalysisRecord& r = asked->record;
  if (asked->outcome == GameAnalysisRequest::ADDED) {
    publish(id, progress_json(r.status, r.done, r.total));
    want();
  }
  return {r.status == "done" ? Reply::DONE : Reply::UNDER_WAY, state_json(r)};
}

Reply GameAnalyses::get(const std::string& id, const std::string& notation) {
  auto r = store_.game_analyses().load(id);
  if (!r) return fail_("reading the analysis of game " + id, r.error());
  if (*r && notation.empty()) return {Reply::DONE, state_json(**r)};
  auto found = rounds_.get(id);
  if (!found) return fail_("loading game " + id, found.error());
  if (!*found) return refuse(Refusal::NO_GAME, {{"id", id}});
  if (!*r) return refuse(Refusal::NO_GAME_ANALYSIS, {{"id", id}});
  const Game g = [&] {
    std::lock_guard lock((*found)->mu);
    return (*found)->round->game();
  }();
  auto n = chosen_notation(notation, g.variant());
  if (!n) return refusal(Reply::BAD_REQUEST, n.error());
  // The better moves in the notation asked for (stored in the pages' own).
  json state = state_json(**r);
  if (!state.contains("plies")) return {Reply::DONE, state};
  for (size_t i = 0; i < state["plies"].size() && i < g.moves().size(); ++i) {
    json& ply = state["plies"][i];
    if (!ply.value("best", json()).is_string()) continue;
    Position pos = g.position_at(int(i));
    auto best = parse_move(pos, ply["best"].get<std::string>());
    if (best) ply["best_notation"] = written_move(pos, *best, **n, i ? g.moves()[i - 1].to() : NO_SQUARE);
  }
  return {Reply::DONE, state};
}

Reply GameAnalyses::annotated(const std::string& id, const std::string& format) {
  auto f = parse_record_format(format);
  if (!f || !takes_notes(*f))
    return refusal(Reply::BAD_REQUEST, "an annotated record is pgn (xiangqi) or kif (the shogi games)");
  auto r = store_.game_analyses().load(id);
  if (!r) return fail_("reading the analysis of game " + id, r.error());
  auto found = rounds_.get(id);
  if (!found) return fail_("loading game " + id, found.error());
  if (!*found) return refuse(Refusal::NO_GAME, {{"id", id}});
  if (!*r || (*r)->status != "done") return refuse(Refusal::GAME_ANALYSIS_NOT_DONE, {{"id", id}});
  Game g = [&] {
    std::lock_guard lock((*found)->mu);
    Game copy = (*found)->round->game();
    copy.record_header() = record_header_of((*found)->round->record());
    return copy;
  }();
  if (auto fits = record_format_misfit(*f, g.variant()); !fits) return refusal(Reply::BAD_REQUEST, fits.error());
  auto a = read_result(g, (*r)->result);
  if (!a) return fail_("reading the analysis of game " + id, a.error());
  return {Reply::DONE,
          {{"text", write_annotated_record(g, *f, analysis_notes(*a))},
           // Named as its readers expect: every PGN's moves (WXF, ICCS, Chinese) end in .pgn.
           {"filename", "kirin-" + id + "-analysis." + (is_pgn(*f) ? "pgn" : format)}}};
}

void GameAnalyses::watch(const std::string& id, StateSink sink, Unwatch& unwatch) {
  unwatch = watchers_.add(id, sink);
  // The state now, so that a page that opens while an analysis runs (or reconnects) follows it;
  // only a finished game may have one (no read of the store for the pages of games in play).
  auto found = rounds_.get(id);
  if (!found || !*found) return;
  {
    std::lock_guard lock((*found)->mu);
    if (!(*found)->round->record().over()) return;
  }
  if (auto r = store_.game_analyses().load(id); r && *r)
    sink(std::make_shared<const std::string>(progress_json((*r)->status, (*r)->done, (*r)->total).dump()));
}

bool GameAnalyses::watched(const std::string& id) { return watchers_.any(id); }

void GameAnalyses::publish(const std::string& id, const json& event) {
  watchers_.tell(id, [&] { return std::make_shared<const std::string>(event.dump()); });
}

void GameAnalyses::want() {
  if (!options_.claims) return;
  wanted_ = true;
  heart_.poke();
}

int64_t GameAnalyses::tend(int64_t now) {
  if (!options_.claims) return 0;
  if (wanted_ || now >= next_claim_) {
    wanted_ = false;
    claim();
    next_claim_ = now + TAKEOVER_EVERY_MS;
  }
  if (now >= next_renewal_) {
    std::shared_ptr<Run> run;
    {
      std::lock_guard lock(mu_);
      run = run_;
    }
    if (run) {
      auto held = store_.game_analyses().hold(run->id, worker_, run->done, options_.lease_ms);
      if (!held && fail_.log()) fail_.log()->error("renewing the analysis of game {}: {}", run->id, held.error());
      if (held && !*held) {
        // Another server took it over (this one stopped renewing for too long): it is theirs.
        std::lock_guard lock(mu_);
        if (run_ == run) run_.reset();
      }
    }
    next_renewal_ = now + std::max<int64_t>(100, options_.lease_ms / 3);
  }
  return std::min(next_claim_, next_renewal_);
}

void GameAnalyses::claim() {
  {
    std::lock_guard lock(mu_);
    if (run_) return;
  }
  if (heart_.stopping()) return;
  auto claimed = store_.game_analyses().claim(worker_, options_.lease_ms);
  if (!claimed) {
    if (fail_.log()) fail_.log()->error("claiming a game analysis: {}", claimed.error());
    return;
  }
  if (*claimed) start(**claimed);
}

void GameAnalyses::start(const GameAnalysisRecord& claimed) {
  const std::string& id = claimed.game_id;
  auto found = rounds_.get(id);
  if (!found || !*found) {
    fail_("analysing game " + id, found ? "the game is gone" : found.error());
    if (auto r = store_.game_analyses().drop(id, worker_); !r) fail_("dropping the analysis of game " + id, r.error());
    publish(id, {{"status", "failed"}});
    return;
  }
  Game g = [&] {
    std::lock_guard lock((*found)->mu);
    return (*found)->round->game();
  }();
  std::string warning;
  const WinCurve curve = win_curve_for(game_name(g.variant().game()), &warning);
  if (!warning.empty() && fail_.log()) fail_.log()->warn("analysing game {}: {}", id, warning);
  AnalysisSettings settings;
  settings.nodes = options_.nodes;
  auto run = std::make_shared<Run>(id, g, GameAnalyser(g, curve, settings));
  {
    std::lock_guard lock(mu_);
    if (run_) return;
    run_ = run;
  }
  if (fail_.log()) fail_.log()->debug("analysing game {} ({} positions)", id, run->analyser.total());
  publish(id, progress_json("running", 0, run->analyser.total()));
  next(run);
}

void GameAnalyses::next(const std::shared_ptr<Run>& run) {
  pool_.submit_idle([this, run](Bot&, const std::atomic<bool>& cancel) { step(run, cancel); });
}

void GameAnalyses::step(const std::shared_ptr<Run>& run, const std::atomic<bool>& cancel) {
  Engine* engine;
  {
    std::lock_guard lock(mu_);
    if (run_ != run || stopping_ || cancel) return;
    if (!engine_) {
      engine_ = std::make_unique<Engine>();
      (void)engine_->set_option("Hash", std::to_string(options_.hash_mb));
    }
    engine = engine_.get();
    searching_ = true;
  }
  const bool searched = run->analyser.step(*engine);
  searching_ = false;
  {
    std::lock_guard lock(mu_);
    if (run_ != run || stopping_) return;  // stopped mid-search: the position's score is cut short
  }
  if (!searched) return give_up(run, "the engine refused a position of the game");
  run->done = run->analyser.done();
  if (run->analyser.finished()) return finish(run);
  publish(run->id, progress_json("running", run->analyser.done(), run->analyser.total()));
  if (const int64_t now = now_ms(); now - run->saved_at >= PROGRESS_EVERY_MS) {
    run->saved_at = now;
    auto held = store_.game_analyses().hold(run->id, worker_, run->analyser.done(), options_.lease_ms);
    if (!held) fail_("noting the progress of the analysis of game " + run->id, held.error());
    if (held && !*held) {
      std::lock_guard lock(mu_);
      if (run_ == run) run_.reset();
      want();
      return;
    }
  }
  next(run);
}

void GameAnalyses::finish(const std::shared_ptr<Run>& run) {
  const GameAnalysis a = run->analyser.result();
  json result = json::parse(analysis_json(a));
  // The better move as the page writes moves, beside its engine text.
  for (size_t i = 0; i < a.plies.size(); ++i) {
    const PlyAnalysis& p = a.plies[i];
    result["plies"][i]["best_notation"] =
        p.best.is_none() ? json(nullptr) : json(written_move(run->game.position_at(int(i)), p.best));
  }
  auto stored = store_.game_analyses().finish(run->id, worker_, result.dump());
  {
    std::lock_guard lock(mu_);
    if (run_ == run) run_.reset();
  }
  if (!stored) fail_("storing the analysis of game " + run->id, stored.error());
  if (stored && *stored) {
    json event = progress_json("done", run->analyser.total(), run->analyser.total());
    event.update(result);
    publish(run->id, event);
  }
  want();
}

void GameAnalyses::give_up(const std::shared_ptr<Run>& run, const std::string& why) {
  fail_("analysing game " + run->id, why);
  if (auto r = store_.game_analyses().drop(run->id, worker_); !r)
    fail_("dropping the analysis of game " + run->id, r.error());
  {
    std::lock_guard lock(mu_);
    if (run_ == run) run_.reset();
  }
  publish(run->id, {{"status", "failed"}});
  want();
}

void GameAnalyses::changed(const std::string& id) {
  want();
  {
    std::lock_guard lock(mu_);
    if (run_ && run_->id == id) return;  // this server tells its own watchers
  }
  if (!watched(id)) return;
  auto r = store_.game_analyses().load(id);
  if (!r) return;
  publish(id, *r ? state_json(**r) : json{{"status", "failed"}});
}

}  // namespace kirin::server
