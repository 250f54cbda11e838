#include "server/play/account_games.h"

#include "core/unix_time.h"
#include "server/play/clock.h"
#include "server/views/seat.h"

namespace kirin::server {

using nlohmann::json;

namespace {

// Where a game's open seat is, or -1.
int open_seat(const GameRecord& g) { return g.seats[FIRST].open ? FIRST : g.seats[SECOND].open ? SECOND : -1; }

}  // namespace

Reply AccountGames::challenges(int64_t account) {
  auto games = store_.unfinished_of(account, 200);
  if (!games) return fail_("listing the challenges to an account", games.error());
  const int64_t now = now_ms();
  json out = json::array();
  for (const GameRecord& g : *games) {
    const int c = open_seat(g);
    if (!g.waiting() || c < 0 || g.seats[c].account != account) continue;
    const Seat& from = g.seats[1 - c];
    out.push_back({{"id", g.id},
                   {"game", g.game},
                   {"options", g.options},
                   {"setup", g.setup},
                   {"casual", g.casual},
                   {"clock", clock_json(g.clock, fresh_clock(g.clock), now)},
                   {"days_per_move", g.clock.days_per_move},
                   {"color", side_name(Color(1 - c))},
                   {"from", from.account ? from.account_name : from.player},
                   {"created", g.created}});
  }
  return {Reply::DONE, {{"challenges", out}}};
}

Reply AccountGames::your_turn(int64_t account) {
  auto games = store_.unfinished_of(account, 200);
  if (!games) return fail_("listing the games of an account", games.error());
  const int64_t now = now_ms();
  json out = json::array();
  for (const GameRecord& header : *games) {
    if (header.waiting()) continue;
    auto found = rounds_.get(header.id);
    if (!found) return fail_("game " + header.id, found.error());
    if (!*found) continue;
    std::lock_guard lock((*found)->mu);
    const Round& r = *(*found)->round;
    const GameRecord& g = r.record();
    const auto you = r.seat_of(Caller{"", account, ""});
    if (!you || g.over() || r.game().side_to_move() != *you) continue;
    out.push_back({{"id", g.id},
                   {"game", g.game},
                   {"you", side_name(*you)},
                   {"opponent", seat_view(g.seats[~*you], g.rated)},
                   {"plies", r.game().moves().size()},
                   {"clock", clock_json(g.clock, g.clock_state, now)},
                   {"days_per_move", g.clock.days_per_move},
                   {"updated", g.updated}});
  }
  return {Reply::DONE, {{"games", out}}};
}

Reply AccountGames::watch(int64_t account, StateSink sink, Unwatch& unwatch) {
  Reply now = challenges(account);
  if (now.refused()) return now;
  auto text = std::make_shared<const std::string>(now.body.dump());
  {
    std::lock_guard lock(mu_);
    const uint64_t key = next_watcher_++;
    watchers_[account].emplace(key, sink);
    last_sent_[account] = text;
    unwatch = [this, account, key] {
      std::lock_guard lock(mu_);
      auto it = watchers_.find(account);
      if (it == watchers_.end()) return;
      it->second.erase(key);
      if (it->second.empty()) {
        watchers_.erase(it);
        last_sent_.erase(account);
      }
    };
  }
  sink(text);
  return {};
}

void AccountGames::changed(int64_t account) {
  if (!account) return;
  // A shared store tells every server, this one included (heard()).
  if (store_.shared()) {
    if (auto r = store_.announce_challenges(account); !r) fail_("announcing the challenges to an account", r.error());
    return;
  }
  publish(account);
}

void AccountGames::heard(int64_t account) { publish(account); }

void AccountGames::publish(int64_t account) {
  {
    std::lock_guard lock(mu_);
    if (!watchers_.count(account)) return;  // no page of the account here
  }
  Reply now = challenges(account);
  if (now.refused()) return;
  auto text = std::make_shared<const std::string>(now.body.dump());
  std::lock_guard lock(mu_);
  auto it = watchers_.find(account);
  if (it == watchers_.end()) return;
  // The same list twice (a change that was not the account's) is sent once.
  if (auto& last = last_sent_[account]; last && *last == *text) return;
  last_sent_[account] = text;
  for (auto& [key, sink] : it->second) sink(text);
}

}  // namespace kirin::server
