// Rounds::create_paired: a game made for two players by a tournament, not by either of them.
#include "core/unix_time.h"
#include "server/play/clock.h"
#include "server/play/rounds.h"

namespace kirin::server {

Result<void> Rounds::check_paired(const NewGame& spec) {
  GameRecord rec;
  rec.game = spec.game;
  rec.options = spec.options;
  rec.start_fen = spec.fen;
  auto empty = Round::from_record(rec, Round::Replay::STORED, &cache_.variants());
  if (!empty) return Error{empty.error()};
  if (!spec.fen.empty())
    if (auto set_up = Round::from_record(rec, Round::Replay::NEW, &cache_.variants()); !set_up)
      return Error{set_up.error()};
  return {};
}

Result<void> Rounds::adjudicate(const std::string& id, const std::string& result, const std::string& reason) {
  auto found = cache_.get(id);
  if (!found) return Error{found.error()};
  if (!*found) return Error{"no game " + id};
  auto s = *found;
  std::lock_guard lock(s->mu);
  if (s->round->record().over()) return {};
  s->round->adjudicate(result, reason);
  if (auto c = commit(*s); !c) return Error{c.error()};
  return {};
}

Reply Rounds::create_paired(const NewGame& spec, const std::string& id, const Caller& first, const Caller& second) {
  if (auto stored = store_.load(id); !stored)
    return fail_("reading game " + id, stored.error());
  else if (*stored)
    return {Reply::DONE, {{"id", id}}};
  GameRecord rec;
  rec.id = id;
  rec.game = spec.game;
  rec.options = spec.options;
  rec.casual = spec.casual;
  rec.rated = spec.rated;
  rec.tags = spec.tags;
  rec.created = rec.updated = now_ms();
  rec.clock = spec.clock;
  rec.clock_state = fresh_clock(spec.clock);
  const Caller* players[2] = {&first, &second};
  for (Color c : {FIRST, SECOND}) {
    rec.seats[c].player = rec.seats[c].account_name = players[c]->name;
    rec.seats[c].account = players[c]->account;
    if (auto shown = show_rating(rec, c); !shown) return fail_("reading a rating", shown.error());
  }
  auto empty = Round::from_record(rec, Round::Replay::STORED, &cache_.variants());
  if (!empty) return refusal(Reply::BAD_REQUEST, empty.error());
  rec.start_fen = spec.fen.empty() ? empty->position().variant().start_fen() : spec.fen;
  auto round = Round::from_record(rec, Round::Replay::NEW, &cache_.variants());
  if (!round) return refusal(Reply::BAD_REQUEST, round.error());
  rec = round->record_to_store();
  if (auto created = store_.create(rec); !created) return fail_("creating game " + rec.id, created.error());
  auto found = cache_.get(rec.id);
  if (!found) return fail_("loading new game " + rec.id, found.error());
  if (auto s = *found) {
    std::lock_guard lock(s->mu);
    flags_.watch(rec.id, finisher_.deadline(s->round->record()));
  }
  lobby_.mark();
  // Each player's waiting games change: their pages say "your game starts".
  if (challenge_changed_)
    for (const Caller* p : players) challenge_changed_(p->account);
  return {Reply::MADE, {{"id", rec.id}}};
}

}  // namespace kirin::server
