// Rounds's challenges: taking one (join), declining one made by name, and withdrawing those
// of an account that closed (round_actor.h). The rest of the actor is rounds.cpp.
#include "server/play/rounds.h"
#include "server/refusals.h"
#include "server/security/token.h"

namespace kirin::server {

Reply Rounds::join(const std::string& id, const std::string& name, const Caller& who) {
  Reply refused;
  auto found = find(id, refused, who.address);
  if (!found) return refused;
  RoundProxy* s = found->get();
  std::lock_guard lock(s->mu);
  const std::string token = new_token();
  for (int attempt = 0;; ++attempt) {
    // The account a challenge by name is for (0: an open challenge to anyone).
    int64_t named = 0;
    std::string named_name;
    for (const Seat& seat : s->round->record().seats)
      if (seat.open) named = seat.account, named_name = seat.account_name;
    if (named && named != who.account && s->round->record().waiting())
      return refuse(Refusal::CHALLENGE_FOR_ANOTHER, {{"name", named_name}});
    if (Reply gone = withdraw_if_closed(*s); gone.refused()) return gone;
    auto seat = s->round->join(token_hash(token), name, who);
    if (!seat) return refuse(seat.refused());
    if (s->round->record().rated) {
      GameRecord shown = s->round->record();
      if (auto r = show_rating(shown, *seat); !r) return fail_("reading a rating", r.error());
      s->round->show_rating(*seat, shown.seats[*seat].rating, shown.seats[*seat].provisional);
    }
    auto c = commit(*s);
    if (done(c)) {
      if (named && challenge_changed_) challenge_changed_(named);
      return made(*s, *seat, token, Reply::DONE);
    }
    // Someone joined on another server first: the game as stored now says so.
    if (c && attempt == 0) continue;
    if (c) return refuse(Refusal::GAME_CHANGED);
    return fail_("game " + id, c.error());
  }
}

Reply Rounds::decline(const std::string& id, const Caller& who) {
  Reply refused;
  auto found = find(id, refused, who.address);
  if (!found) return refused;
  RoundProxy* s = found->get();
  std::lock_guard lock(s->mu);
  if (Reply r = s->round->decline(who); r.refused()) return r;
  if (auto c = commit(*s); !done(c)) return fail_("game " + id, why(c));
  return {Reply::DONE, cache_.state(*s, std::nullopt, Round::Positions::LAST_MOVE)};
}

Reply Rounds::withdraw_if_closed(RoundProxy& s) {
  const GameRecord& rec = s.round->record();
  if (!rec.waiting()) return {};
  for (int c = 0; c < 2; ++c) {
    const Seat& seat = rec.seats[c];
    if (seat.open || !seat.account) continue;
    auto a = store_.accounts().account_by_id(seat.account);
    if (!a) return fail_("reading the challenger's account", a.error());
    if (!*a || !(*a)->closed) return {};
    const std::string who = (*a)->name;
    if (Reply r = s.round->cancel(Color(c)); !r.refused())
      if (auto saved = commit(s); !done(saved)) return fail_("withdrawing challenge " + rec.id, why(saved));
    return refuse(Refusal::CHALLENGER_CLOSED, {{"name", who}});
  }
  return {};
}

void Rounds::withdraw_challenges_of(int64_t account) {
  auto games = store_.unfinished_of(account, 200);
  if (!games) {
    fail_("withdrawing the challenges of a closed account", games.error());
    return;
  }
  for (const GameRecord& rec : *games) {
    if (!rec.waiting()) continue;
    for (const Seat& seat : rec.seats) {
      if (seat.account != account) continue;
      const Caller who{"", account, seat.account_name};
      Reply r = seat.open ? decline(rec.id, who) : act(rec.id, who, [](Round& m, Color c) { return m.cancel(c); });
      if (r.ours()) fail_("withdrawing challenge " + rec.id, r.body.dump());
    }
  }
}

}  // namespace kirin::server
