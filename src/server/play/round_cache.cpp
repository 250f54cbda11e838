#include "server/play/round_cache.h"

#include <algorithm>
#include <vector>

#include "server/play/round_view.h"

namespace kirin::server {

using nlohmann::json;

Result<std::optional<Round>> RoundCache::load(const std::string& id) {
  auto rec = store_.load(id);
  if (!rec) return Error{rec.error()};
  if (!*rec) return std::optional<Round>{};
  // A closed account's name stays on its games, marked as closed (issue 30).
  for (Seat& seat : (*rec)->seats) {
    if (!seat.account) continue;
    auto a = store_.accounts().account_by_id(seat.account);
    if (!a) return Error{a.error()};
    seat.account_closed = *a && (*a)->closed;
  }
  auto round = Round::from_record(std::move(**rec), Round::Replay::STORED, &variants_);
  if (!round) return Error{"game " + id + " does not replay: " + round.error()};
  return std::optional<Round>{std::move(*round)};
}

Result<RoundPtr> RoundCache::get(const std::string& id, const std::string& address) {
  if (RoundPtr p = cached(id)) return p;
  // Read and replayed under no lock: every other game stays reachable meanwhile.
  auto round = load(id);
  if (!round) return Error{round.error()};
  if (!*round) return RoundPtr{};
  std::lock_guard lock(mu_);
  // Loaded meanwhile by another request: that copy is the one (it may have changed since).
  if (auto it = rounds_.find(id); it != rounds_.end()) {
    it->second->last_use = ++uses_;
    return it->second;
  }
  // One address reading many games makes room among its own first, not among everyone's.
  if (!address.empty() && per_address_ && loaded_per_address_[address] >= per_address_) evict_oldest_of(address);
  if (rounds_.size() >= capacity_) evict_idle();
  auto p = std::make_shared<RoundProxy>();
  p->round.emplace(std::move(**round));
  p->last_use = ++uses_;
  p->loaded_for = address;
  if (!address.empty()) ++loaded_per_address_[address];
  rounds_[id] = p;
  return p;
}

void RoundCache::forget(std::unordered_map<std::string, RoundPtr>::iterator it) {
  if (const std::string& a = it->second->loaded_for; !a.empty())
    if (auto n = loaded_per_address_.find(a); n != loaded_per_address_.end() && --n->second == 0)
      loaded_per_address_.erase(n);
  rounds_.erase(it);
}

bool RoundCache::evict_oldest_of(const std::string& address) {
  auto oldest = rounds_.end();
  for (auto it = rounds_.begin(); it != rounds_.end(); ++it)
    if (it->second->loaded_for == address && it->second.use_count() == 1 &&
        (oldest == rounds_.end() || it->second->last_use < oldest->second->last_use))
      oldest = it;
  if (oldest == rounds_.end()) return false;
  forget(oldest);
  return true;
}

RoundPtr RoundCache::cached(const std::string& id) {
  std::lock_guard lock(mu_);
  auto it = rounds_.find(id);
  if (it == rounds_.end()) return nullptr;
  it->second->last_use = ++uses_;
  return it->second;
}

RoundPtr RoundCache::loaded(const std::string& id) {
  std::lock_guard lock(mu_);
  auto it = rounds_.find(id);
  return it == rounds_.end() ? nullptr : it->second;
}

size_t RoundCache::size() {
  std::lock_guard lock(mu_);
  return rounds_.size();
}

void RoundCache::evict_idle() {
  // A game nobody else holds has no watcher, no action and no Kirin move under way: it is all
  // in the store. Drop the least recently used quarter of those at once, so a full cache does
  // not scan on every load.
  std::vector<std::pair<uint64_t, std::string>> idle;
  for (const auto& [id, p] : rounds_)
    if (p.use_count() == 1) idle.emplace_back(p->last_use, id);
  std::sort(idle.begin(), idle.end());
  const size_t drop = std::min(idle.size(), std::max<size_t>(1, capacity_ / 4));
  for (size_t i = 0; i < drop; ++i) forget(rounds_.find(idle[i].second));
}

Result<bool> RoundCache::reload(RoundProxy& p, bool only_if_newer) {
  const std::string id = p.round->record().id;
  auto m = load(id);
  if (!m) return Error{m.error()};
  if (!*m) return Error{"game " + id + " is gone"};
  if (only_if_newer && (*m)->record().store_version <= p.round->record().store_version) return false;
  p.round.emplace(std::move(**m));
  return true;
}

void RoundCache::account_closed(int64_t account) {
  std::vector<RoundPtr> all;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, p] : rounds_) all.push_back(p);
  }
  for (const RoundPtr& p : all) {
    std::lock_guard lock(p->mu);
    const Seat* seats = p->round->record().seats;
    if (seats[FIRST].account != account && seats[SECOND].account != account) continue;
    // A game that fails to load now keeps what it showed; its next load says why.
    if (auto r = reload(*p); r && *r) p->state = nullptr;
  }
}

namespace {

// The watchers' channel of a notation (0: the pages' own).
int channel_of(std::optional<Notation> n) { return n ? 1 + int(*n) : 0; }
std::optional<Notation> notation_of(int channel) {
  return channel == 0 ? std::nullopt : std::optional<Notation>(Notation(channel - 1));
}

}  // namespace

void RoundCache::publish(RoundProxy& p) {
  p.state = nullptr;  // made when a watcher comes
  // The watchers have the positions before this change (or, for a game loaded again, the
  // positions they were given before; only the last move's are new to them either way).
  watchers_.tell_each(p.round->record().id, [&](int channel) {
    json st = round_view(*p.round, Round::Positions::LAST_MOVE, notation_of(channel));
    st["version"] = p.version();
    return std::make_shared<const std::string>(st.dump());
  });
}

bool RoundCache::watched(const std::string& id) { return watchers_.any(id); }

json RoundCache::state(const RoundProxy& p, std::optional<Color> you, Round::Positions which,
                       std::optional<Notation> notation) const {
  json body = round_view(*p.round, which, notation);
  body["you"] = you ? json(side_name(*you)) : json(nullptr);
  body["version"] = p.version();
  return body;
}

void RoundCache::watch(const RoundPtr& p, StateSink sink, Unwatch& unwatch, std::optional<Notation> notation) {
  std::lock_guard lock(p->mu);
  if (notation) {  // rarer than the pages' own: made for each watcher that comes
    json st = round_view(*p->round, Round::Positions::ALL, notation);
    st["version"] = p->version();
    sink(std::make_shared<const std::string>(st.dump()));
  } else {
    if (!p->state) {
      json st = round_view(*p->round);
      st["version"] = p->version();
      p->state = std::make_shared<const std::string>(st.dump());
    }
    sink(p->state);
  }
  unwatch = watchers_.add(p->round->record().id, std::move(sink), channel_of(notation));
}

}  // namespace kirin::server
