#include "server/game_service.h"

#include <spdlog/logger.h>

#include <unistd.h>

#include <algorithm>

#include "game/record.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "server/service_replies.h"
#include "server/token.h"

namespace kirin::server {

using nlohmann::json;

namespace {

std::string worker_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = 0;
  return std::string(host) + ":" + std::to_string(::getpid()) + ":" + random_hex(4);
}

}  // namespace

GameService::GameService(std::unique_ptr<GameStore> store, BotFactory make_bot, ServiceOptions options,
                         std::shared_ptr<spdlog::logger> log)
    : store_(std::move(store)),
      log_(std::move(log)),
      cache_games_(std::max<size_t>(options.cache_games, 1)),
      options_(options),
      worker_(worker_name()),
      pool_(options.engine_threads, options.engine_queue, std::move(make_bot), [this](const std::string& e) {
        if (log_) log_->error("{}", e);
      }) {
  if (auto alive = store_->meta("alive_at"); alive && !alive->empty()) alive_before_ = std::atoll(alive->c_str());
  clock_thread_ = std::thread([this] { run_clocks(); });
  store_->on_change([this](const std::string& id, int64_t version) { refresh(id, version); });
  store_->on_engine_job([this] { want_claims(); });
  want_claims();  // jobs left by servers that stopped
}

GameService::~GameService() {
  store_->on_change(nullptr);  // no more calls into a service that is going
  store_->on_engine_job(nullptr);
  stop();
  clock_thread_.join();
}

void GameService::stop() {
  {
    std::lock_guard lock(clock_mu_);
    stopping_ = true;
  }
  clock_cv_.notify_all();
}

Reply GameService::failure(const std::string& what, const std::string& error) {
  if (log_) log_->error("{}: {}", what, error);
  return error_reply(500, error);
}

Result<std::optional<Match>> GameService::load_match(const std::string& id) {
  auto rec = store_->load(id);
  if (!rec) return Error{rec.error()};
  if (!*rec) return std::optional<Match>{};
  auto match = Match::from_record(std::move(**rec));
  if (!match) return Error{"game " + id + " does not replay: " + match.error()};
  return std::optional<Match>{std::move(*match)};
}

Result<bool> GameService::reload(Slot& s, bool only_if_newer) {
  const std::string id = s.match->record().id;
  auto m = load_match(id);
  if (!m) return Error{m.error()};
  if (!*m) return Error{"game " + id + " is gone"};
  if (only_if_newer && (*m)->record().store_version <= s.match->record().store_version) return false;
  s.match.emplace(std::move(**m));
  return true;
}

json GameService::state(const Slot& s, std::optional<Color> you) const {
  json body = s.match->to_json();
  body["you"] = you ? json(side_name(*you)) : json(nullptr);
  body["version"] = s.version;
  return body;
}

Result<std::shared_ptr<GameService::Slot>> GameService::slot(const std::string& id) {
  std::lock_guard lock(slots_mu_);
  if (auto it = slots_.find(id); it != slots_.end()) {
    it->second->last_use = ++uses_;
    return it->second;
  }
  auto match = load_match(id);
  if (!match) return Error{match.error()};
  if (!*match) return std::shared_ptr<Slot>{};
  if (slots_.size() >= cache_games_) evict_idle();
  auto s = std::make_shared<Slot>();
  s->match.emplace(std::move(**match));
  s->version = next_version_++;
  s->last_use = ++uses_;
  slots_[id] = s;
  return s;
}

void GameService::evict_idle() {
  // A slot nobody else holds has no watcher, no action and no Kirin move under way: its game
  // is all in the store. Drop the least recently used quarter of those at once, so a full
  // cache does not scan on every load.
  std::vector<std::pair<uint64_t, std::string>> idle;
  for (const auto& [id, s] : slots_)
    if (s.use_count() == 1) idle.emplace_back(s->last_use, id);
  std::sort(idle.begin(), idle.end());
  const size_t drop = std::min(idle.size(), std::max<size_t>(1, cache_games_ / 4));
  for (size_t i = 0; i < drop; ++i) slots_.erase(idle[i].second);
}

size_t GameService::loaded_games() {
  std::lock_guard lock(slots_mu_);
  return slots_.size();
}

void GameService::publish(Slot& s) {
  s.version = next_version_++;
  s.state = nullptr;
  if (s.watchers.empty()) return;  // made when a watcher comes
  json st = s.match->to_json();
  st["version"] = s.version;
  s.state = std::make_shared<const std::string>(st.dump());
  for (auto& [key, sink] : s.watchers) sink(s.state);
}

Result<Saved> GameService::commit(Slot& s) {
  const std::string id = s.match->record().id;
  size_t unchanged = s.match->take_unchanged_plies();
  auto saved = store_->save(s.match->record_to_store(), unchanged);
  if (saved && *saved == Saved::CONFLICT) {
    // Another server changed the game first: take the stored game as it is now.
    (void)reload(s);
    publish(s);
    return saved;
  }
  if (!saved) {
    if (log_) log_->error("saving game {}: {}", id, saved.error());
    // Memory must not run ahead of the store: go back to what is stored.
    (void)reload(s);
    return saved;
  }
  s.match->saved();
  publish(s);
  watch_clock(id, s.match->flag_time());
  mark_lobby();
  // Kirin's turn goes to the pool; any other change makes a search of this game stale.
  if (s.match->kirin_to_move())
    schedule_kirin(id, true);
  else
    pool_.cancel_game(id);
  return saved;
}

Reply GameService::create(const NewGame& spec) {
  GameRecord rec;
  rec.id = random_hex(6);
  rec.game = spec.game;
  rec.options = spec.options;
  rec.setup = spec.setup;
  rec.casual = spec.casual;
  rec.created = rec.updated = now_ms();
  rec.clock = spec.clock;
  rec.clock_state = fresh_clock(spec.clock);
  Color you = spec.creator;
  std::string tokens[2];
  tokens[you] = new_token();
  rec.seats[you].player = spec.name;
  if (spec.open && spec.vs_kirin) return error_reply(400, "an open challenge is for a person, not Kirin");
  if (spec.open) {
    rec.seats[~you].open = true;
  } else if (spec.vs_kirin) {
    if (spec.strength < 1 || spec.strength > MAX_STRENGTH)
      return error_reply(400, "strength must be 1.." + std::to_string(MAX_STRENGTH));
    rec.seats[~you].kirin = true;
    rec.seats[~you].strength = spec.strength;
  } else {
    tokens[~you] = new_token();
  }
  for (Color c : {FIRST, SECOND})
    if (!tokens[c].empty()) rec.seats[c].token = token_hash(tokens[c]);
  // The start: a set-up position, a handicap, or the standard one (filled in by Match).
  auto empty = Match::from_record(rec);
  if (!empty) return error_reply(400, empty.error());
  const Variant& v = empty->position().variant();
  rec.start_fen = spec.fen;
  if (!spec.setup.empty()) {
    if (!spec.fen.empty()) return error_reply(400, "give either setup or fen, not both");
    for (const auto& [name, fen] : v.def().setups)
      if (name == spec.setup) rec.start_fen = fen;
    if (rec.start_fen.empty()) return error_reply(400, "unknown setup '" + spec.setup + "' for " + spec.game);
  }
  if (rec.start_fen.empty()) rec.start_fen = v.start_fen();
  rec.moves = spec.moves;
  std::vector<std::string> notes;
  if (!spec.record.empty()) {
    if (!spec.fen.empty() || !spec.setup.empty() || !spec.moves.empty())
      return error_reply(400, "give either a record or setup/fen/moves, not both");
    auto format = parse_record_format(spec.record_format);
    if (!format) return error_reply(400, format.error());
    auto imported = read_record(empty->position().variant_ptr(), spec.record, *format);
    if (!imported) return error_reply(400, "record: " + imported.error());
    rec.start_fen = to_fen(imported->start());
    Position p = imported->start();
    for (Move m : imported->moves()) {
      rec.moves.push_back(move_to_text(p, m));
      p.do_move(m);
    }
    // A record is history: its own ending (a resignation, a result the players wrote down)
    // ends the imported game, whatever the rules would have said on the way.
    if (imported->over()) {
      rec.result = imported->result().score();
      rec.reason = imported->result().reason;
    }
    notes = record_notes(*imported);
  }
  auto match = Match::from_record(rec);
  if (!match) return error_reply(400, match.error());
  rec = match->record_to_store();
  if (match->kirin_to_move() && !store_->shared() && !pool_.has_room_for(rec.id))
    return error_reply(503, "Kirin is busy: its queue is full; try again in a moment");
  if (auto created = store_->create(rec); !created) return failure("creating game " + rec.id, created.error());
  auto found = slot(rec.id);
  if (!found) return failure("loading new game " + rec.id, found.error());
  auto s = *found;
  if (!s) return failure("loading new game " + rec.id, "game " + rec.id + " vanished after creation");
  std::lock_guard lock(s->mu);
  if (s->match->kirin_to_move()) schedule_kirin(rec.id, true);
  mark_lobby();
  Reply r = made(*s, you, tokens[you], 201);
  if (!tokens[~you].empty()) r.body["opponent_token"] = tokens[~you];
  if (!notes.empty()) r.body["notes"] = notes;
  return r;
}

Reply GameService::made(Slot& s, Color you, const std::string& token, int status) {
  json body = state(s, you);
  body["token"] = token;
  return {status, body};
}

Result<std::shared_ptr<GameService::Slot>> GameService::find(const std::string& id, Reply& refused) {
  auto found = slot(id);
  if (!found) {
    refused = failure("loading game " + id, found.error());
    return Error{found.error()};
  }
  if (!*found) {
    refused = error_reply(404, "no game " + id);
    return Error{"no game " + id};
  }
  return found;
}

Reply GameService::get(const std::string& id, const std::string& token) {
  Reply refused;
  auto s = find(id, refused);
  if (!s) return refused;
  std::lock_guard lock((*s)->mu);
  auto seat = (*s)->match->seat_of(token);
  if (!token.empty() && !seat) return error_reply(403, "that token is not a player of game " + id);
  return {200, state(**s, seat)};
}

Reply GameService::record(const std::string& id, const std::string& format) {
  auto f = parse_record_format(format);
  if (!f || *f == RecordFormat::AUTO) return error_reply(400, f ? "give a record format, not 'auto'" : f.error());
  Reply refused;
  auto found = find(id, refused);
  if (!found) return refused;
  Slot* s = found->get();
  std::lock_guard lock(s->mu);
  const Game& g = s->match->game();
  if (std::string misfit = record_format_misfit(*f, g.variant()); !misfit.empty()) return error_reply(400, misfit);
  return {200, {{"format", format}, {"text", write_record(g, *f)}}};
}

Reply GameService::act(const std::string& id, const std::string& token, const Action& action) {
  Reply refused;
  auto found = find(id, refused);
  if (!found) return refused;
  Slot* s = found->get();
  std::lock_guard lock(s->mu);
  auto seat = s->match->seat_of(token);
  if (!seat) return error_reply(403, "only the players of game " + id + " may do that (bad or missing token)");
  // A move that comes after the mover's time ran out (before the flag thread saw it) is late.
  if (s->match->flag_if_out(now_ms())) {
    if (auto c = commit(*s); !done(c)) return failure("game " + id, why(c));
    return error_reply(409, "the game is over (" + s->match->record().reason + ")");
  }
  for (int attempt = 0;; ++attempt) {
    if (Refusal r = action(*s->match, *seat)) {
      // Refused by a copy another server may have moved past (an offer made there a moment
      // ago): on a shared store, ask the stored game once more before saying no.
      if (attempt == 0 && reload_if_stale(*s)) continue;
      return error_reply(r.status, r.message);
    }
    if (s->match->kirin_to_move() && !store_->shared() && !pool_.has_room_for(id)) break;
    auto c = commit(*s);
    if (done(c)) return {200, state(*s, seat)};
    // Another server moved first: the action again, on the game as it now stands (so the
    // loser hears "not your turn", as on one server).
    if (c && attempt == 0) continue;
    if (c) return error_reply(409, "the game changed meanwhile; try again");
    return failure("game " + id, c.error());
  }
  // Kirin could not answer: the action is undone from the store, which has not seen it.
  if (auto r = reload(*s); !r) return failure("reloading game " + id, r.error());
  return error_reply(503, "Kirin is busy: its queue is full; try again in a moment");
}

void GameService::refresh(const std::string& id, int64_t version) {
  std::shared_ptr<Slot> s;
  {
    std::lock_guard lock(slots_mu_);
    auto it = slots_.find(id);
    if (it == slots_.end()) return;  // not loaded here: it will load fresh when asked for
    s = it->second;
  }
  std::lock_guard lock(s->mu);
  if (s->match->record().store_version >= version) return;  // our own save, or one seen already
  if (auto r = reload(*s); !r) {
    if (log_) log_->error("reloading game {}: {}", id, r.error());
    return;
  }
  publish(*s);
  watch_clock(id, s->match->flag_time());
  mark_lobby();
  // Kirin's search here, if any, is for a position that is gone.
  pool_.cancel_game(id);
}

Reply GameService::join(const std::string& id, const std::string& name) {
  Reply refused;
  auto found = find(id, refused);
  if (!found) return refused;
  Slot* s = found->get();
  std::lock_guard lock(s->mu);
  const std::string token = new_token();
  for (int attempt = 0;; ++attempt) {
    auto seat = s->match->join(token_hash(token), name);
    if (!seat) return error_reply(409, seat.error());
    auto c = commit(*s);
    if (done(c)) return made(*s, *seat, token, 200);
    // Someone joined on another server first: the game as stored now says so.
    if (c && attempt == 0) continue;
    if (c) return error_reply(409, "the game changed meanwhile; try again");
    return failure("game " + id, c.error());
  }
}

bool GameService::reload_if_stale(Slot& s) {
  if (!store_->shared()) return false;
  auto newer = reload(s, true);
  if (!newer || !*newer) return false;
  publish(s);
  return true;
}

Reply GameService::rematch(const std::string& id, const std::string& token, const std::string& action) {
  Reply refused;
  auto found = find(id, refused);
  if (!found) return refused;
  Slot* s = found->get();
  std::lock_guard lock(s->mu);
  auto seat = s->match->seat_of(token);
  if (!seat) return error_reply(403, "only the players of game " + id + " may do that (bad or missing token)");
  if (Refusal r = s->match->rematch(*seat, action)) return error_reply(r.status, r.message);
  if (s->match->rematch_agreed()) {
    // The same settings from the same start, the colours swapped: each seat, with its token,
    // its name or Kirin's strength, moves to the other side.
    const GameRecord& old = s->match->record();
    GameRecord rec;
    rec.id = random_hex(6);
    rec.game = old.game;
    rec.options = old.options;
    rec.setup = old.setup;
    rec.start_fen = old.start_fen;
    rec.casual = old.casual;
    rec.clock = old.clock;
    rec.clock_state = fresh_clock(old.clock);
    rec.created = rec.updated = now_ms();
    rec.seats[FIRST] = old.seats[SECOND];
    rec.seats[SECOND] = old.seats[FIRST];
    if (auto m = Match::from_record(rec)) rec.kirin_turn = m->record_to_store().kirin_turn;
    if (auto created = store_->create(rec); !created) return failure("creating the rematch of " + id, created.error());
    s->match->rematch_started(rec.id);
    auto fresh = slot(rec.id);
    if (fresh && *fresh) {
      std::lock_guard other(fresh.value()->mu);
      if (fresh.value()->match->kirin_to_move()) schedule_kirin(rec.id, true);
    }
  }
  if (auto c = commit(*s); !done(c)) return failure("game " + id, why(c));
  return {200, state(*s, seat)};
}

Reply GameService::watch(const std::string& id, StateSink sink, Unwatch& unwatch) {
  Reply refused;
  auto found = find(id, refused);
  if (!found) return refused;
  std::shared_ptr<Slot> s = *found;
  std::lock_guard lock(s->mu);
  const uint64_t key = next_watcher_++;
  if (!s->state) {
    json st = s->match->to_json();
    st["version"] = s->version;
    s->state = std::make_shared<const std::string>(st.dump());
  }
  sink(s->state);
  s->watchers.emplace(key, std::move(sink));
  // The closure holds the slot, so a watched game stays loaded.
  unwatch = [s, key] {
    std::lock_guard lock(s->mu);
    s->watchers.erase(key);
  };
  return {200, nullptr};
}

void GameService::schedule_kirin(const std::string& id, bool force) {
  // On a shared store the save left an engine job, which the claimers take.
  if (store_->shared()) {
    want_claims();
    return;
  }
  pool_.submit_for_game(
      id, [this, id](Bot& bot, const std::atomic<bool>& cancel) { kirin_move(id, bot, cancel); }, force);
}

void GameService::kirin_move(const std::string& id, Bot& bot, const std::atomic<bool>& cancel, const EngineJob* job) {
  if (stopping_) return;
  // A claimed job that ends without Kirin's move saved goes back to the other claimers (a job
  // replaced by a newer turn is left alone: the release names the version).
  struct Release {
    GameService& service;
    const EngineJob* job;
    bool done = false;
    ~Release() {
      if (!job || done) return;
      if (auto r = service.store_->release_engine_job(*job, service.worker_); !r && service.log_)
        service.log_->error("giving back Kirin's move in game {}: {}", job->game_id, r.error());
    }
  } release{*this, job};
  auto found = slot(id);
  if (!found) {
    if (log_) log_->error("Kirin's move in game {}: {}", id, found.error());
    return;
  }
  auto s = *found;
  if (!s) return;
  BotRequest request;
  uint64_t version;
  Color kirin;
  {
    std::lock_guard lock(s->mu);
    if (job) {
      reload_if_stale(*s);
      // The job is for another version of the game: a newer turn has a job of its own.
      if (s->match->record().store_version != job->version) {
        release.done = true;
        return;
      }
    }
    auto c = s->match->kirin_to_move();
    if (!c) return;
    kirin = *c;
    const GameRecord& rec = s->match->record();
    request = {s->match->position().variant_ptr(), rec.start_fen, rec.moves, rec.seats[kirin].strength};
    if (rec.clock.timed()) {
      const int64_t now = now_ms();
      for (Color c : {FIRST, SECOND}) request.time_ms[c] = time_for_move(rec.clock, rec.clock_state, c, now) - rec.clock.byoyomi_ms;
      request.increment_ms = rec.clock.increment_ms;
      request.byoyomi_ms = rec.clock.byoyomi_ms;
      request.timed = true;
    }
    version = s->version;
  }
  Analysis a = bot.think(request, cancel);
  std::lock_guard lock(s->mu);
  // The game changed while Kirin thought (a take-back, a resignation, an offer): the answer is
  // for another position or moment, so it is dropped; a change that left Kirin to move has
  // queued a fresh run.
  if (cancel || stopping_ || s->version != version) return;
  // Kirin too loses on time when its answer comes after its flag fell.
  if (s->match->flag_if_out(now_ms())) {
    if (auto c = commit(*s); !done(c) && log_) log_->error("ending game {} on time: {}", id, why(c));
    return;
  }
  Refusal r = a.best.is_none() ? s->match->resign(kirin)
                               : s->match->play(kirin, move_to_text(s->match->position(), a.best));
  if (r) {
    if (log_) log_->error("Kirin's move in game {} was refused: {}", id, r.message);
    return;
  }
  auto c = commit(*s);
  if (!done(c) && log_) log_->error("Kirin's move in game {}: {}", id, why(c));
  release.done = done(c);
}

Reply GameService::health() {
  StoreHealth h = store_->health();
  json body = {{"ok", h.ok},
               {"store", {{"kind", h.kind}, {"ok", h.ok}, {"error", h.error}}},
               {"engine", {{"threads", pool_.threads()}, {"queued", pool_.queued()}, {"queue_limit", pool_.queue_limit()}}},
               {"games_loaded", loaded_games()}};
  return {h.ok ? 200 : 503, body};
}

void GameService::resume_unfinished() {
  auto ids = store_->unfinished();
  if (!ids) {
    failure("resuming unfinished games", ids.error());
    return;
  }
  for (const std::string& id : *ids) {
    auto found = slot(id);
    if (!found) {
      failure("resuming game " + id, found.error());
      continue;
    }
    auto s = *found;
    if (!s) continue;
    std::lock_guard lock(s->mu);
    // The time between the server's last sign of life and now was nobody's turn.
    if (s->match->flag_time() && alive_before_ > 0) {
      s->match->forgive(now_ms() - alive_before_);
      if (auto c = commit(*s); !done(c)) failure("resuming the clock of game " + id, why(c));
    }
    watch_clock(id, s->match->flag_time());
    if (s->match->kirin_to_move()) {
      // A game stored before engine jobs existed gets its job now.
      if (auto r = store_->ensure_engine_job(s->match->record_to_store()); !r)
        failure("resuming Kirin's turn in game " + id, r.error());
      schedule_kirin(id, true);
    }
  }
}

}  // namespace kirin::server
