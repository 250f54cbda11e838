#include "server/play/finisher.h"

#include <algorithm>

#include "core/unix_time.h"
#include "server/play/clock.h"
#include "server/refusals.h"

namespace kirin::server {

namespace {

constexpr int64_t DAY_MS = 24 * 3600 * 1000LL;
constexpr size_t RATED_PLIES = 4;  // each side's two first moves

}  // namespace

void Finisher::adjudicate(RoundState& r, const std::string& result, const std::string& reason) {
  if (!r.rec.over()) end(r, result, reason);
}

void Finisher::end(RoundState& r, const std::string& result, const std::string& reason) {
  GameRecord& rec = r.rec;
  stop_clock(rec.clock, rec.clock_state, now_ms());
  rec.result = result;
  rec.reason = reason;
  // A rated game that ends before each side has moved twice (a resignation, a flag) counts for
  // nobody, as on lichess: it is aborted, not rated.
  if (rec.rated && result != "*" && rec.moves.size() < RATED_PLIES) {
    rec.result = "*";
    rec.reason = words_of(Ending::ABORTED);
  }
  rec.draw_offer = rec.impasse_claim = rec.takeback_request = -1;
}

void Finisher::finish(RoundState& r) {
  if (r.game.over()) end(r, r.game.result().score(), r.game.result().reason);
}

Reply Finisher::resign(RoundState& r, Color who) {
  if (auto refused = r.refuse_if_over(); refused.refused()) return refused;
  if (auto resigned = r.game.resign(who); !resigned) return refusal(Reply::NOT_NOW, resigned.error());
  finish(r);
  r.touch();
  return {};
}

bool Finisher::abortable(const GameRecord& rec, size_t plies) {
  return !rec.over() && !rec.waiting() && plies < (rec.rated ? RATED_PLIES : 2);
}

Reply Finisher::abort(RoundState& r, Color) {
  if (auto refused = r.refuse_if_over(); refused.refused()) return refused;
  if (!abortable(r)) return refuse(r.rec.rated ? Refusal::ABORT_TOO_LATE_RATED : Refusal::ABORT_TOO_LATE);
  end(r, "*", "aborted");
  r.touch();
  return {};
}

int64_t Finisher::abort_at(const GameRecord& rec, size_t plies) const {
  if (!abortable(rec, plies)) return 0;
  const ClockSpec& clock = rec.clock;
  const int64_t wait = clock.days_per_move                     ? clock.days_per_move * DAY_MS
                       : plies < 2 && times_.first_move_ms > 0 ? times_.first_move_ms
                                                               : times_.after_ms;
  return wait > 0 ? rec.updated + wait : 0;
}

int64_t Finisher::deadline_of(const GameRecord& rec, size_t plies) const {
  const int64_t flag = flag_at(rec.clock, rec.clock_state), abort = abort_at(rec, plies);
  if (!flag || !abort) return std::max(flag, abort);
  return std::min(flag, abort);
}

bool Finisher::end_if_due(RoundState& r, int64_t now) const {
  GameRecord& rec = r.rec;
  if (rec.over() || rec.waiting()) return false;
  if (const int64_t at = abort_at(rec, rec.moves.size()); at && now >= at) {
    abort(r, FIRST);
    return true;
  }
  const ClockState& st = rec.clock_state;
  if (!rec.clock.timed() || st.running < 0) return false;
  if (time_for_move(rec.clock, st, Color(st.running), now) > 0) return false;
  if (!r.game.lose_on_time(Color(st.running))) return false;
  finish(r);
  r.touch();
  return true;
}

}  // namespace kirin::server
