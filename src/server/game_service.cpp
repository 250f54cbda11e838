#include "server/game_service.h"

#include <algorithm>
#include <future>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "game/record.h"
#include "server/token.h"

namespace kirin::server {

using nlohmann::json;

namespace {

Reply error_reply(int status, const std::string& message) { return {status, {{"error", message}}}; }

}  // namespace

GameService::GameService(std::unique_ptr<GameStore> store, std::unique_ptr<Bot> bot, size_t cache_games)
    : store_(std::move(store)), bot_(std::move(bot)), cache_games_(std::max<size_t>(cache_games, 1)) {}

GameService::~GameService() { stop(); }

void GameService::stop() {
  stopping_ = true;
  std::lock_guard lock(slots_mu_);
  for (auto& [id, s] : slots_) {
    std::lock_guard slock(s->mu);
    s->cv.notify_all();
  }
}

std::shared_ptr<GameService::Slot> GameService::slot(const std::string& id) {
  std::lock_guard lock(slots_mu_);
  if (auto it = slots_.find(id); it != slots_.end()) {
    it->second->last_use = ++uses_;
    return it->second;
  }
  auto rec = store_->load(id);
  if (!rec) return nullptr;
  auto match = Match::from_record(std::move(*rec));
  if (!match) return nullptr;
  if (slots_.size() >= cache_games_) evict_idle();
  auto s = std::make_shared<Slot>();
  s->match.emplace(std::move(*match));
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

Refusal GameService::commit(Slot& s) {
  size_t unchanged = s.match->take_unchanged_plies();
  std::string err = store_->save(s.match->record(), unchanged);
  if (!err.empty()) {
    // Memory must not run ahead of the store: go back to what is stored.
    if (auto rec = store_->load(s.match->record().id))
      if (auto m = Match::from_record(std::move(*rec))) s.match.emplace(std::move(*m));
    return {500, err};
  }
  s.version = next_version_++;
  s.cv.notify_all();
  if (s.match->kirin_to_move()) schedule_kirin(s.match->record().id);
  return {};
}

Reply GameService::create(const NewGame& spec) {
  GameRecord rec;
  rec.id = random_hex(6);
  rec.game = spec.game;
  rec.options = spec.options;
  rec.setup = spec.setup;
  rec.casual = spec.casual;
  rec.created = rec.updated = now_ms();
  Color you = spec.creator;
  rec.seats[you].token = random_hex(16);
  if (spec.vs_kirin) {
    if (spec.strength < 1 || spec.strength > MAX_STRENGTH)
      return error_reply(400, "strength must be 1.." + std::to_string(MAX_STRENGTH));
    rec.seats[~you].kirin = true;
    rec.seats[~you].strength = spec.strength;
  } else {
    rec.seats[~you].token = random_hex(16);
  }
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
  }
  auto match = Match::from_record(rec);
  if (!match) return error_reply(400, match.error());
  rec = match->record();
  if (std::string err = store_->create(rec); !err.empty()) return error_reply(500, err);
  auto s = slot(rec.id);
  if (!s) return error_reply(500, "game " + rec.id + " vanished after creation");
  json body;
  {
    std::lock_guard lock(s->mu);
    body = s->match->to_json();
    if (s->match->kirin_to_move()) schedule_kirin(rec.id);
  }
  body["you"] = you == FIRST ? "first" : "second";
  body["token"] = rec.seats[you].token;
  if (!spec.vs_kirin) body["opponent_token"] = rec.seats[~you].token;
  return {201, body};
}

Reply GameService::get(const std::string& id, const std::string& token) {
  auto s = slot(id);
  if (!s) return error_reply(404, "no game " + id);
  std::lock_guard lock(s->mu);
  json body = s->match->to_json();
  auto seat = s->match->seat_of(token);
  if (!token.empty() && !seat) return error_reply(403, "that token is not a player of game " + id);
  body["you"] = seat ? json(*seat == FIRST ? "first" : "second") : json(nullptr);
  body["version"] = s->version;
  return {200, body};
}

Reply GameService::list(int limit) {
  json games = json::array();
  for (const GameSummary& g : store_->list(limit))
    games.push_back({{"id", g.id},
                     {"game", g.game},
                     {"result", g.result},
                     {"reason", g.reason},
                     {"plies", g.plies},
                     {"players", {g.kirin[0] ? "kirin" : "human", g.kirin[1] ? "kirin" : "human"}},
                     {"updated", g.updated}});
  return {200, {{"games", games}}};
}

Reply GameService::record(const std::string& id, const std::string& format) {
  auto f = parse_record_format(format);
  if (!f || *f == RecordFormat::AUTO) return error_reply(400, "unknown record format '" + format + "' (usi, gc, kif, pgn)");
  auto s = slot(id);
  if (!s) return error_reply(404, "no game " + id);
  std::lock_guard lock(s->mu);
  const Game& g = s->match->game();
  bool shogi = g.variant().is_shogi_family();
  if ((*f == RecordFormat::PGN && shogi) || (*f == RecordFormat::KIF && !shogi) ||
      (*f == RecordFormat::GAME_COURIER && !shogi))
    return error_reply(400, "format '" + format + "' is not for " + s->match->record().game);
  return {200, {{"format", format}, {"text", write_record(g, *f)}}};
}

Reply GameService::act(const std::string& id, const std::string& token, const Action& action) {
  auto s = slot(id);
  if (!s) return error_reply(404, "no game " + id);
  std::lock_guard lock(s->mu);
  auto seat = s->match->seat_of(token);
  if (!seat) return error_reply(403, "only the players of game " + id + " may do that (bad or missing token)");
  if (Refusal r = action(*s->match, *seat)) return error_reply(r.status, r.message);
  if (Refusal r = commit(*s)) return error_reply(r.status, r.message);
  json body = s->match->to_json();
  body["you"] = *seat == FIRST ? "first" : "second";
  body["version"] = s->version;
  return {200, body};
}

void GameService::schedule_kirin(const std::string& id) {
  worker_.post([this, id] { kirin_move(id); });
}

void GameService::kirin_move(const std::string& id) {
  if (stopping_) return;
  auto s = slot(id);
  if (!s) return;
  BotRequest request;
  size_t ply;
  Color kirin;
  {
    std::lock_guard lock(s->mu);
    auto c = s->match->kirin_to_move();
    if (!c) return;
    kirin = *c;
    const GameRecord& rec = s->match->record();
    request = {s->match->position().variant_ptr(), rec.start_fen, rec.moves, rec.seats[kirin].strength};
    ply = rec.moves.size();
  }
  Analysis a = bot_->think(request);
  std::lock_guard lock(s->mu);
  // The game moved on while Kirin thought (a take-back, a resignation): drop the answer.
  if (s->match->kirin_to_move() != kirin || s->match->record().moves.size() != ply) return;
  Refusal r = a.best.is_none() ? s->match->resign(kirin)
                               : s->match->play(kirin, move_to_text(s->match->position(), a.best));
  if (!r) commit(*s);
}

Reply GameService::analyse(const std::string& game, const std::vector<std::string>& options,
                           const std::string& fen, const std::vector<std::string>& moves, int strength) {
  GameRecord rec;
  rec.game = game;
  rec.options = options;
  rec.start_fen = fen;
  rec.moves = moves;
  auto m = Match::from_record(rec);
  if (!m) return error_reply(400, m.error());
  if (strength < 1 || strength > MAX_STRENGTH)
    return error_reply(400, "strength must be 1.." + std::to_string(MAX_STRENGTH));
  auto done = std::make_shared<std::promise<Analysis>>();
  auto result = done->get_future();
  Position pos = m->position();
  BotRequest request{pos.variant_ptr(), m->record().start_fen, moves, strength};
  worker_.post([this, request, done] { done->set_value(bot_->think(request)); });
  if (result.wait_for(std::chrono::seconds(60)) != std::future_status::ready)
    return error_reply(503, "Kirin is busy; try again");
  Analysis a = result.get();
  json line = json::array();
  Position p = pos;
  for (Move mv : a.line) {
    line.push_back(move_to_text(p, mv));
    p.do_move(mv);
  }
  return {200,
          {{"fen", to_fen(pos)},
           {"best", a.best.is_none() ? json(nullptr) : json(move_to_text(pos, a.best))},
           {"score", a.score},
           {"depth", a.depth},
           {"line", line}}};
}

bool GameService::wait_for_change(const std::string& id, uint64_t& seen, json& state,
                                  std::chrono::milliseconds timeout) {
  if (stopping_) return false;
  auto s = slot(id);
  if (!s) return false;
  std::unique_lock lock(s->mu);
  s->cv.wait_for(lock, timeout, [&] { return s->version != seen || stopping_; });
  if (stopping_) return false;
  if (s->version != seen) {
    seen = s->version;
    state = s->match->to_json();
    state["version"] = seen;
  }
  return true;
}

void GameService::resume_unfinished() {
  for (const std::string& id : store_->unfinished()) {
    auto s = slot(id);
    if (!s) continue;
    std::lock_guard lock(s->mu);
    if (s->match->kirin_to_move()) schedule_kirin(id);
  }
}

}  // namespace kirin::server
