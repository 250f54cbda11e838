#include "server/play/rounds.h"

#include <cmath>

#include "game/record.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "server/play/record_header.h"
#include "server/rating/ratings.h"
#include "server/rating/speed.h"
#include "server/refusals.h"
#include "server/security/token.h"

namespace kirin::server {

using nlohmann::json;

Rounds::Rounds(GameStore& store, RoundCache& rounds, Flags& flags, Lobby& lobby, EnginePool& pool, EngineJobs& jobs,
               Heartbeat& heart, Failures fail, AbortTimes abort)
    : finisher_(abort),
      store_(store),
      cache_(rounds),
      flags_(flags),
      lobby_(lobby),
      pool_(pool),
      jobs_(jobs),
      heart_(heart),
      fail_(std::move(fail)) {}

Result<Saved> Rounds::commit(RoundProxy& s, bool tell) {
  const std::string id = s.round->record().id;
  size_t unchanged = s.round->take_unchanged_plies();
  auto saved = store_.save(s.round->record_to_store(), unchanged);
  if (saved && *saved == Saved::CONFLICT) {
    // Another server changed the game first: take the stored game as it is now.
    (void)cache_.reload(s);
    cache_.publish(s);
    return saved;
  }
  if (!saved) {
    fail_("saving game " + id, saved.error());
    // Memory must not run ahead of the store: go back to what is stored.
    (void)cache_.reload(s);
    return saved;
  }
  const GameRecord& saved_rec = s.round->record();
  // The save rated the game's end: the record as stored has the ratings' change.
  if (!(saved_rec.rated && saved_rec.over() && saved_rec.result != "*" && !saved_rec.seats[FIRST].rating_diff &&
        cache_.reload(s)))
    s.round->saved();
  if (tell) cache_.publish(s);
  flags_.watch(id, finisher_.deadline(s.round->record()));
  lobby_.mark();
  // A challenge by name withdrawn, declined or aborted: its player's pages are told.
  const GameRecord& rec = s.round->record();
  for (const Seat& seat : rec.seats)
    if (seat.open && seat.account && challenge_changed_) challenge_changed_(seat.account);
  // Kirin's turn goes to the pool; any other change makes a search of this game stale.
  if (s.round->kirin_to_move())
    schedule_kirin(s.round->record());
  else
    pool_.cancel_game(id);
  return saved;
}

namespace {

// Whether a new game can be rated, and why not.
Result<void> ratable(const NewGame& spec) {
  if (!spec.creator_account.account) return Error{"a rated game is for players with an account: log in first"};
  if (spec.vs_kirin) return Error{"a game against Kirin cannot be rated"};
  if (!spec.open) return Error{"a rated game is a challenge to another player with an account, open or by name"};
  if (!speed_of(spec.clock)) return Error{"a rated game needs a clock (or days per move)"};
  if (spec.casual) return Error{"a rated game allows no take-backs: send casual: false"};
  if (!spec.fen.empty() || !spec.setup.empty() || !spec.moves.empty() || !spec.record.empty())
    return Error{"a rated game starts from the standard position"};
  return {};
}

}  // namespace

Result<void> Rounds::show_rating(GameRecord& rec, Color c) {
  Seat& seat = rec.seats[c];
  seat.rating_diff.reset();
  const auto speed = speed_of(rec.clock);
  if (!rec.rated || !seat.account || !speed) return {};
  auto r = Ratings(store_).of(seat.account, rec.game, *speed, now_ms());
  if (!r) return Error{r.error()};
  seat.rating = int(std::lround(r->glicko.rating));
  seat.provisional = provisional(r->glicko);
  return {};
}

Reply Rounds::create(const NewGame& spec) {
  if (spec.rated)
    if (auto can = ratable(spec); !can) return refusal(Reply::BAD_REQUEST, can.error());
  GameRecord rec;
  rec.id = random_hex(6);
  rec.game = spec.game;
  rec.options = spec.options;
  rec.setup = spec.setup;
  rec.casual = spec.casual;
  rec.rated = spec.rated;
  rec.created = rec.updated = now_ms();
  rec.clock = spec.clock;
  rec.clock_state = fresh_clock(spec.clock);
  Color you = spec.creator;
  if (spec.named.account && !spec.open) return refusal(Reply::BAD_REQUEST, "a challenge by name is an open one");
  std::string tokens[2];
  tokens[you] = new_token();
  rec.seats[you].player = spec.name.empty() ? spec.creator_account.name : spec.name;
  rec.seats[you].account = spec.creator_account.account;
  if (spec.creator_account.account) rec.seats[you].account_name = spec.creator_account.name;
  if (auto shown = show_rating(rec, you); !shown) return fail_("reading a rating", shown.error());
  if (spec.open && spec.vs_kirin) return refusal(Reply::BAD_REQUEST, "an open challenge is for a person, not Kirin");
  if (spec.open) {
    // A challenge by name keeps its seat for the account named: only its sessions may take it.
    rec.seats[~you].open = true;
    rec.seats[~you].account = spec.named.account;
    rec.seats[~you].account_name = spec.named.name;
  } else if (spec.vs_kirin) {
    if (spec.strength < 1 || spec.strength > MAX_STRENGTH)
      return refusal(Reply::BAD_REQUEST, "strength must be 1.." + std::to_string(MAX_STRENGTH));
    rec.seats[~you].kirin = true;
    rec.seats[~you].strength = spec.strength;
  } else {
    tokens[~you] = new_token();
  }
  for (Color c : {FIRST, SECOND})
    if (!tokens[c].empty()) rec.seats[c].token = token_hash(tokens[c]);
  // The start: a set-up position, a handicap, or the standard one (filled in by Round).
  auto empty = Round::from_record(rec, Round::Replay::STORED, &cache_.variants());
  if (!empty) return refusal(Reply::BAD_REQUEST, empty.error());
  const Variant& v = empty->position().variant();
  rec.start_fen = spec.fen;
  if (!spec.setup.empty()) {
    if (!spec.fen.empty()) return refusal(Reply::BAD_REQUEST, "give either setup or fen, not both");
    for (const auto& [name, fen] : v.def().setups)
      if (name == spec.setup) rec.start_fen = fen;
    if (rec.start_fen.empty())
      return refusal(Reply::BAD_REQUEST, "unknown setup '" + spec.setup + "' for " + spec.game);
  }
  if (rec.start_fen.empty()) rec.start_fen = v.start_fen();
  if (spec.moves.size() > MAX_GAME_PLIES) return refuse(too_long_game(spec.moves.size()));
  rec.moves = spec.moves;
  std::vector<std::string> notes;
  if (!spec.record.empty()) {
    if (!spec.fen.empty() || !spec.setup.empty() || !spec.moves.empty())
      return refusal(Reply::BAD_REQUEST, "give either a record or setup/fen/moves, not both");
    auto format = parse_record_format(spec.record_format);
    if (!format) return refusal(Reply::BAD_REQUEST, format.error());
    // Counting words is cheap; reading a record replays it. Far longer than the longest game
    // written out in any format (a KIF move line is four words), it is refused unread.
    if (const size_t words = word_count(spec.record); words > MAX_RECORD_WORDS)
      return refusal(Reply::TOO_LONG, "record: " + std::to_string(words) + " words; at most " +
                                          std::to_string(MAX_RECORD_WORDS) + " are read (a game of " +
                                          std::to_string(MAX_GAME_PLIES) + " plies takes far fewer)");
    auto imported = read_record(empty->position().variant_ptr(), spec.record, *format);
    if (!imported) return refusal(Reply::BAD_REQUEST, "record: " + imported.error());
    if (imported->ply() > int(MAX_GAME_PLIES))
      return refusal(Reply::TOO_LONG, "record: " + words_of(too_long_game(imported->ply())));
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
    name_seats(imported->record_header(), imported->over(), rec);
    rec.tags = tags_of(imported->record_header());
    notes = record_notes(*imported);
  }
  auto round = Round::from_record(rec, Round::Replay::NEW, &cache_.variants());
  if (!round) return refusal(Reply::BAD_REQUEST, round.error());
  rec = round->record_to_store();
  if (round->kirin_to_move() && !store_.shared() && !pool_.has_room_for(rec.id)) return refuse(Refusal::KIRIN_BUSY);
  if (auto created = store_.create(rec); !created) return fail_("creating game " + rec.id, created.error());
  auto found = cache_.get(rec.id, spec.creator_account.address);
  if (!found) return fail_("loading new game " + rec.id, found.error());
  auto s = *found;
  if (!s) return fail_("loading new game " + rec.id, "game " + rec.id + " vanished after creation");
  std::lock_guard lock(s->mu);
  flags_.watch(rec.id, finisher_.deadline(s->round->record()));
  if (s->round->kirin_to_move()) schedule_kirin(s->round->record());
  lobby_.mark();
  if (spec.named.account && challenge_changed_) challenge_changed_(spec.named.account);
  Reply r = made(*s, you, tokens[you], Reply::MADE);
  if (!tokens[~you].empty()) r.body["opponent_token"] = tokens[~you];
  if (!notes.empty()) r.body["notes"] = notes;
  return r;
}

Reply Rounds::made(RoundProxy& s, Color you, const std::string& token, Reply::Kind kind) {
  json body = cache_.state(s, you);
  body["token"] = token;
  return {kind, body};
}

Reply Rounds::not_a_player(const std::string& id) { return refuse(Refusal::NOT_A_PLAYER, {{"id", id}}); }

Result<RoundPtr> Rounds::find(const std::string& id, Reply& refused, const std::string& address) {
  auto found = cache_.get(id, address);
  if (!found) {
    refused = fail_("loading game " + id, found.error());
    return Error{found.error()};
  }
  if (!*found) {
    refused = refuse(Refusal::NO_GAME, {{"id", id}});
    return Error{"no game " + id};
  }
  return found;
}

Reply Rounds::get(const std::string& id, const Caller& who, const std::string& notation) {
  Reply refused;
  auto s = find(id, refused, who.address);
  if (!s) return refused;
  std::lock_guard lock((*s)->mu);
  auto seat = (*s)->round->seat_of(who);
  if (!who.token.empty() && !seat) return refuse(Refusal::TOKEN_NOT_A_PLAYER, {{"id", id}});
  auto chosen = chosen_notation(notation, (*s)->round->position().variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  return {Reply::DONE, cache_.state(**s, seat, Round::Positions::ALL, *chosen)};
}

Reply Rounds::record(const std::string& id, const std::string& format, const std::string& address) {
  auto f = parse_record_format(format);
  if (!f || *f == RecordFormat::AUTO)
    return refusal(Reply::BAD_REQUEST, f ? "give a record format, not 'auto'" : f.error());
  Reply refused;
  auto text = record_text(id, *f, refused, address);
  if (!text) return refused;
  return {Reply::DONE, {{"format", format}, {"text", std::move(*text)}}};
}

std::optional<std::string> Rounds::record_text(const std::string& id, RecordFormat f, Reply& refused,
                                               const std::string& address) {
  auto found = find(id, refused, address);
  if (!found) return std::nullopt;
  RoundProxy* s = found->get();
  std::lock_guard lock(s->mu);
  Game g = s->round->game();  // a copy, headed with who played and when
  g.record_header() = record_header_of(s->round->record());
  if (auto fits = record_format_misfit(f, g.variant()); !fits) {
    refused = refusal(Reply::BAD_REQUEST, fits.error());
    return std::nullopt;
  }
  return write_record(g, f);
}

Reply Rounds::act(const std::string& id, const Caller& who, const Action& action, const std::string& notation) {
  Reply refused;
  auto found = find(id, refused, who.address);
  if (!found) return refused;
  RoundProxy* s = found->get();
  std::lock_guard lock(s->mu);
  auto seat = s->round->seat_of(who);
  if (!seat) return not_a_player(id);
  auto chosen = chosen_notation(notation, s->round->position().variant());
  if (!chosen) return refusal(Reply::BAD_REQUEST, chosen.error());
  // A move that comes after the mover's time ran out (before the flag thread saw it) is late.
  if (s->round->end_if_due(finisher_, now_ms())) {
    if (auto c = commit(*s); !done(c)) return fail_("game " + id, why(c));
    return refuse(Refusal::GAME_OVER, {{"reason", s->round->record().reason}});
  }
  for (int attempt = 0;; ++attempt) {
    if (Reply r = action(*s->round, *seat); r.refused()) {
      // Refused by a copy another server may have moved past (an offer made there a moment
      // ago): on a shared store, ask the stored game once more before saying no.
      if (attempt == 0 && reload_if_stale(*s)) continue;
      return r;
    }
    if (s->round->kirin_to_move() && !store_.shared() && !pool_.has_room_for(id)) break;
    auto c = commit(*s);
    if (done(c)) return {Reply::DONE, cache_.state(*s, seat, Round::Positions::LAST_MOVE, *chosen)};
    // Another server moved first: the action again, on the game as it now stands (so the
    // loser hears "not your turn", as on one server).
    if (c && attempt == 0) continue;
    if (c) return refuse(Refusal::GAME_CHANGED);
    return fail_("game " + id, c.error());
  }
  // Kirin could not answer: the action is undone from the store, which has not seen it.
  if (auto r = cache_.reload(*s); !r) return fail_("reloading game " + id, r.error());
  return refuse(Refusal::KIRIN_BUSY);
}

void Rounds::refresh(const std::string& id, int64_t version) {
  RoundPtr s = cache_.loaded(id);
  if (!s) {
    // Not loaded here: it loads fresh when asked for, or now, as it is, for its watchers.
    if (!cache_.watched(id)) return;
    auto got = cache_.get(id);
    if (!got || !*got) {
      if (!got) fail_("loading game " + id + " for its watchers", got.error());
      return;
    }
    std::lock_guard lock((*got)->mu);
    cache_.publish(**got);
    flags_.watch(id, finisher_.deadline((*got)->round->record()));
    return;
  }
  std::lock_guard lock(s->mu);
  if (s->round->record().store_version >= version) return;  // our own save, or one seen already
  if (auto r = cache_.reload(*s); !r) {
    fail_("reloading game " + id, r.error());
    return;
  }
  cache_.publish(*s);
  flags_.watch(id, finisher_.deadline(s->round->record()));
  lobby_.mark();
  // Kirin's search here, if any, is for a position that is gone.
  pool_.cancel_game(id);
}

bool Rounds::reload_if_stale(RoundProxy& s) {
  if (!store_.shared()) return false;
  auto newer = cache_.reload(s, true);
  if (!newer || !*newer) return false;
  cache_.publish(s);
  return true;
}

Result<GameRecord> Rounds::rematch_of(const GameRecord& old) {
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
  rec.rated = old.rated;
  for (Color c : {FIRST, SECOND})
    if (auto shown = show_rating(rec, c); !shown) return Error{"reading a rating: " + shown.error()};
  if (auto m = Round::from_record(rec, Round::Replay::STORED, &cache_.variants()))
    rec.kirin_turn = m->record_to_store().kirin_turn;
  return rec;
}

Reply Rounds::rematch(const std::string& id, const Caller& who, Offer step) {
  Reply refused;
  auto found = find(id, refused, who.address);
  if (!found) return refused;
  RoundProxy* s = found->get();
  std::lock_guard lock(s->mu);
  auto seat = s->round->seat_of(who);
  if (!seat) return not_a_player(id);
  for (int attempt = 0;; ++attempt) {
    if (Reply r = s->round->rematch(*seat, step); r.refused()) {
      // As for any action: a copy another server moved past is asked once more.
      if (attempt == 0 && reload_if_stale(*s)) continue;
      return r;
    }
    std::optional<GameRecord> next;
    if (s->round->rematch_agreed()) {
      auto made = rematch_of(s->round->record());
      if (!made) return fail_("the rematch of " + id, made.error());
      next = std::move(*made);
      s->round->rematch_started(next->id);
    }
    // The finished game is saved first, pointing to its rematch: of two servers agreeing at
    // once, one saves and the other retries on the game as saved (offers met: accepted; or
    // already started), so a game has one rematch. Its watchers hear of it once it exists.
    auto c = commit(*s, !next);
    if (c && *c == Saved::CONFLICT) {
      if (attempt == 0) continue;
      return refuse(Refusal::GAME_CHANGED);
    }
    if (!c) return fail_("game " + id, c.error());
    if (next) {
      if (auto created = store_.create(*next); !created) return fail_("creating the rematch of " + id, created.error());
      auto fresh = cache_.get(next->id);
      if (fresh && *fresh) {
        std::lock_guard other(fresh.value()->mu);
        flags_.watch(next->id, finisher_.deadline(fresh.value()->round->record()));
        if (fresh.value()->round->kirin_to_move()) schedule_kirin(fresh.value()->round->record());
      }
      cache_.publish(*s);
    }
    return {Reply::DONE, cache_.state(*s, seat, Round::Positions::LAST_MOVE)};
  }
}

Reply Rounds::engine_help(const std::string& id, const Caller& who) {
  Reply refused;
  auto found = find(id, refused, who.address);
  if (!found) return refused;
  RoundProxy* s = found->get();
  std::lock_guard lock(s->mu);
  auto seat = s->round->seat_of(who);
  if (seat && s->round->engine_help_closed_to(*seat)) return refuse(Refusal::NO_ENGINE_HELP, {{"id", id}});
  return {Reply::DONE, nullptr};
}

Reply Rounds::watch(const std::string& id, StateSink sink, Unwatch& unwatch, const std::string& address,
                    const std::string& notation) {
  Reply refused;
  auto found = find(id, refused, address);
  if (!found) return refused;
  std::optional<Notation> chosen;
  {
    std::lock_guard lock((*found)->mu);
    auto n = chosen_notation(notation, (*found)->round->position().variant());
    if (!n) return refusal(Reply::BAD_REQUEST, n.error());
    chosen = *n;
  }
  cache_.watch(*found, std::move(sink), unwatch, chosen);
  return {Reply::DONE, nullptr};
}

}  // namespace kirin::server
