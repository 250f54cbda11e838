#include "server/play/chat.h"

#include "core/unix_time.h"
#include "server/play/chat_text.h"
#include "server/refusals.h"

namespace kirin::server {

using nlohmann::json;

Chat::Chat(GameStore& store, RoundCache& rounds, Failures fail, ChatOptions options)
    : store_(store),
      rounds_(rounds),
      fail_(std::move(fail)),
      options_(options),
      limiter_(options.lines_per_minute, options.burst) {}

json Chat::line_json(const ChatLine& l) {
  return {{"id", l.id}, {"room", l.room}, {"name", l.name}, {"text", l.text}, {"at", l.at}};
}

Result<std::pair<std::optional<Color>, bool>> Chat::seat_in(const std::string& id, const Caller& who, Reply& refused) {
  auto found = rounds_.get(id);
  if (!found) {
    refused = fail_("game " + id, found.error());
    return Error{found.error()};
  }
  if (!*found) {
    refused = refuse(Refusal::NO_GAME, {{"id", id}});
    return Error{"no game"};
  }
  std::lock_guard lock((*found)->mu);
  const Round& r = *(*found)->round;
  return std::pair{r.seat_of(who), r.record().over()};
}

Result<bool> Chat::reads_players(const std::string& id, const Caller& who) {
  Reply refused;
  auto seat = seat_in(id, who, refused);
  if (!seat) return Error{refused.why()};
  return seat->first.has_value();
}

Reply Chat::post(const std::string& id, const Caller& who, bool muted, const std::string& room,
                 const std::string& text) {
  if (!who.account) return refuse(Refusal::LOG_IN_TO_CHAT);
  if (muted) return refuse(Refusal::CHAT_MUTED);
  Reply refused;
  auto seat = seat_in(id, who, refused);
  if (!seat) return refused;
  const auto [you, over] = *seat;
  if (room == "players" && !you) return refuse(Refusal::PLAYERS_CHAT_WRITERS, {{"id", id}});
  if (room == "spectators" && you && !over) return refuse(Refusal::SPECTATORS_CHAT_AFTER_END);
  const std::string key = std::to_string(who.account);
  if (!limiter_.allow(key)) {
    return refuse(Refusal::TOO_MANY_CHAT_LINES, {{"seconds", limiter_.retry_after(key)}});
  }
  auto added = store_.chat().add_chat_line({0, id, room, who.account, who.name, text, now_ms(), 0});
  if (!added) return fail_("adding a chat line to game " + id, added.error());
  // A shared store announces the line to every server, this one included (heard()).
  if (!store_.shared()) publish(*added);
  return {Reply::MADE, {{"line", line_json(*added)}}};
}

Reply Chat::lines(const std::string& id, const Caller& who, const std::string& room) {
  Reply refused;
  auto seat = seat_in(id, who, refused);
  if (!seat) return refused;
  if (room == "players" && !seat->first) return refuse(Refusal::PLAYERS_CHAT_READERS, {{"id", id}});
  auto lines = store_.chat().chat_lines(id, room, options_.lines_shown);
  if (!lines) return fail_("reading the chat of game " + id, lines.error());
  json out = json::array();
  for (const ChatLine& l : *lines) out.push_back(line_json(l));
  return {Reply::DONE, {{"room", room}, {"lines", out}}};
}

Reply Chat::report(const std::string& id, int64_t line, const Caller& who) {
  if (!who.account) return refuse(Refusal::LOG_IN_TO_REPORT);
  Reply refused;
  auto seat = seat_in(id, who, refused);
  if (!seat) return refused;
  auto l = store_.chat().chat_line(line);
  if (!l) return fail_("reading a chat line", l.error());
  // A line of the players' room is no spectator's to see, nor to report.
  if (!*l || (*l)->game_id != id || ((*l)->room == "players" && !seat->first))
    return refuse(Refusal::NO_CHAT_LINE, {{"line", line}, {"id", id}});
  auto r = store_.chat().report_chat_line(line, who.account, now_ms());
  if (!r) return fail_("reporting a chat line", r.error());
  return {Reply::DONE, {{"reported", true}}};
}

void Chat::watch(const std::string& id, bool players, StateSink sink, Unwatch& unwatch) {
  uint64_t key;
  {
    std::lock_guard lock(mu_);
    key = next_watcher_++;
    watchers_[id].emplace(key, Watcher{players, std::move(sink)});
  }
  unwatch = [this, id, key] {
    std::lock_guard lock(mu_);
    auto it = watchers_.find(id);
    if (it == watchers_.end()) return;
    it->second.erase(key);
    if (it->second.empty()) watchers_.erase(it);
  };
}

void Chat::heard(const std::string& id, int64_t line) {
  {
    std::lock_guard lock(mu_);
    if (!watchers_.count(id)) return;  // no page of the game here: nothing to read
  }
  auto l = store_.chat().chat_line(line);
  if (!l) {
    fail_("reading chat line " + std::to_string(line), l.error());
    return;
  }
  if (*l) publish(**l);
}

void Chat::publish(const ChatLine& l) {
  std::lock_guard lock(mu_);
  auto it = watchers_.find(l.game_id);
  if (it == watchers_.end()) return;
  auto text = std::make_shared<const std::string>(line_json(l).dump());
  for (auto& [key, w] : it->second)
    if (l.room != "players" || w.players) w.sink(text);
}

}  // namespace kirin::server
