// Rounds's side of Kirin's turns and of time: scheduling Kirin's move (on this server's
// engines, or as an engine job on a shared store), making and saving it, a flag that fell, and
// the games taken up again after a restart (round_actor.h). The rest of the actor is
// rounds.cpp and rounds_challenges.cpp.
#include <map>

#include "notation/move_text.h"
#include "server/play/rounds.h"

namespace kirin::server {

void Rounds::schedule_kirin(const GameRecord& rec) {
  // On a shared store the save left an engine job, which the claimers take.
  if (store_.shared()) {
    jobs_.want();
    return;
  }
  // Kirin's moves are served in turn across the people it plays: an account, else a seat.
  std::string player;
  for (const Seat& seat : rec.seats)
    if (!seat.kirin) player = seat.account ? "account " + std::to_string(seat.account) : "seat " + seat.token;
  const std::string id = rec.id;
  pool_.submit_for_game(
      id, [this, id](Bot& bot, const std::atomic<bool>& cancel) { kirin_move(id, bot, cancel, nullptr); }, true,
      player);
}

void Rounds::kirin_move(const std::string& id, Bot& bot, const std::atomic<bool>& cancel, const EngineJob* job) {
  if (heart_.stopping()) return;
  // A claimed job that ends without Kirin's move saved goes back to the other claimers (a job
  // replaced by a newer turn is left alone: the release names the version).
  struct Release {
    EngineJobs& jobs;
    const EngineJob* job;
    bool done = false;
    ~Release() {
      if (job && !done) jobs.release(*job);
    }
  } release{jobs_, job};
  auto found = cache_.get(id);
  if (!found) {
    fail_("Kirin's move in game " + id, found.error());
    return;
  }
  auto s = *found;
  if (!s) return;
  BotRequest request;
  int64_t version;
  Color kirin;
  {
    std::lock_guard lock(s->mu);
    if (job) {
      reload_if_stale(*s);
      // The job is for another version of the game: a newer turn has a job of its own.
      if (s->round->record().store_version != job->version) {
        release.done = true;
        return;
      }
    }
    auto c = s->round->kirin_to_move();
    if (!c) return;
    kirin = *c;
    const GameRecord& rec = s->round->record();
    request = {s->round->position().variant_ptr(), rec.start_fen, rec.moves, rec.seats[kirin].strength};
    if (rec.clock.timed()) {
      const int64_t now = now_ms();
      for (Color c : {FIRST, SECOND})
        request.time_ms[c] = time_for_move(rec.clock, rec.clock_state, c, now) - rec.clock.byoyomi_ms;
      request.increment_ms = rec.clock.increment_ms;
      request.byoyomi_ms = rec.clock.byoyomi_ms;
      request.timed = true;
    }
    version = s->version();
  }
  Analysis a = bot.think(request, cancel);
  std::lock_guard lock(s->mu);
  // The game changed while Kirin thought (a take-back, a resignation, an offer): the answer is
  // for another position or moment, so it is dropped; a change that left Kirin to move has
  // queued a fresh run.
  if (cancel || heart_.stopping() || s->version() != version) return;
  // Kirin too loses on time when its answer comes after its flag fell.
  if (s->round->end_if_due(finisher_, now_ms())) {
    if (auto c = commit(*s); !done(c)) fail_("ending game " + id + " on time", why(c));
    return;
  }
  Reply r =
      a.best.is_none() ? s->round->resign(kirin) : s->round->play(kirin, move_to_text(s->round->position(), a.best));
  if (r.refused()) {
    fail_("Kirin's move in game " + id + " was refused", r.why());
    return;
  }
  auto c = commit(*s);
  if (!done(c)) fail_("Kirin's move in game " + id, why(c));
  release.done = done(c);
}

void Rounds::flag(const std::string& id) {
  auto found = cache_.get(id);
  if (!found || !*found) return;
  auto s = *found;
  std::lock_guard lock(s->mu);
  if (s->round->end_if_due(finisher_, now_ms())) {
    if (auto c = commit(*s); !done(c)) fail_("ending game " + id + " on time", why(c));
  } else {
    flags_.watch(id, finisher_.deadline(s->round->record()));  // a deadline that moved on (a move came first)
  }
}

void Rounds::resume(const std::vector<GameSummary>& games) {
  // Who moves first, by start: most games share a few (the standard one, the handicaps), and
  // reading one is a position, not a replay.
  std::map<std::string, std::optional<Color>> first_by_start;
  for (const GameSummary& g : games) {
    const GameRecord& h = g.header;
    flags_.watch(h.id, finisher_.deadline_of(h, g.plies));
    if (h.over() || (!h.seats[FIRST].kirin && !h.seats[SECOND].kirin)) continue;
    std::string start = h.game + '\n' + h.setup + '\n' + h.start_fen;
    for (const std::string& o : h.options) start += '\n' + o;
    auto [first, fresh] = first_by_start.try_emplace(start);
    if (fresh) {
      GameRecord bare = h;
      bare.moves.clear();
      if (auto r = Round::from_record(std::move(bare), Round::Replay::STORED, &cache_.variants()))
        first->second = r->game().side_to_move();
    }
    if (!first->second) {
      fail_("resuming game " + h.id, "its start position cannot be read");
      continue;
    }
    const Color mover = g.plies % 2 ? ~*first->second : *first->second;
    if (!h.seats[mover].kirin) continue;
    GameRecord turn = h;
    turn.kirin_turn = true;
    // A game stored before engine jobs existed gets its job now (a shared store's).
    if (auto r = store_.shared() ? store_.engine_jobs().ensure(turn) : Result<void>(); !r)
      fail_("resuming Kirin's turn in game " + h.id, r.error());
    schedule_kirin(turn);
  }
}

}  // namespace kirin::server
