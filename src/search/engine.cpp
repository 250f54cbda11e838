#include "search/engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <optional>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/lazy_smp.h"
#include "search/level.h"
#include "search/table_size.h"

namespace kirin {
namespace {

LineEntry entry_of(const Position& pos) { return {pos.key(), pos.in_check(), false, pos.quiet_plies()}; }

}  // namespace

Engine::Engine() : pos_(std::make_unique<Position>(start_position(make_variant(GameId::CHUSHOGI)))), tt_(16) {
  line_.push_back(entry_of(*pos_));
}

Engine::~Engine() {
  stop();
  wait();
}

Result<void> Engine::set_position(const VariantPtr& v, std::string_view fen, const std::vector<std::string>& moves) {
  wait();
  // An engine analyses problems too: the side to move may have no royal (games check theirs).
  auto parsed = parse_fen(v, fen.empty() ? std::string_view(v->start_fen()) : fen, Setup::PROBLEM);
  if (!parsed) return Error{"bad position: " + parsed.error()};
  auto pos = std::make_unique<Position>(std::move(*parsed));
  std::vector<LineEntry> line{entry_of(*pos)};
  for (size_t i = 0; i < moves.size(); ++i) {
    auto m = parse_move(*pos, moves[i]);
    if (!m) return Error{"bad move " + std::to_string(i + 1) + " '" + moves[i] + "': " + m.error()};
    pos->do_move(*m);
    line.push_back(entry_of(*pos));
  }
  if (eval_ && pos_->variant_ptr() != pos->variant_ptr()) eval_.reset();
  pos_ = std::move(pos);
  line_ = std::move(line);
  return {};
}

void Engine::set_position(const Position& pos) {
  wait();
  if (eval_ && pos_->variant_ptr() != pos.variant_ptr()) eval_.reset();
  pos_ = std::make_unique<Position>(pos);
  line_.assign(1, entry_of(*pos_));
}

Result<void> Engine::play(std::string_view move) {
  wait();
  auto m = parse_move(*pos_, move);
  if (!m) return Error{"bad move '" + std::string(move) + "': " + m.error()};
  pos_->do_move(*m);
  line_.push_back(entry_of(*pos_));
  return {};
}

void Engine::new_game() {
  wait();
  tt_.clear();
}

void Engine::ensure_evaluator() {
  if (eval_) return;
  EvalWeights w = default_weights(pos_->variant().game());
  for (const std::string& item : weight_settings_) set_weight(w, item);
  eval_ = std::make_unique<Evaluator>(pos_->variant_ptr(), w);
  // The EvalFile net where it is for this game, else the game's own; none: the hand-made terms.
  const Variant& v = pos_->variant();
  const std::string game = game_name(v.game());
  std::string path;
  if (eval_file_ != "none") {
    auto file_game = eval_file_.empty() ? Result<std::string>(Error{}) : nnue::Network::game_of(eval_file_);
    path = file_game && *file_game == game ? eval_file_ : nnue::default_net_path(game);
    if (path.empty()) nnue::warn_once_without_net(game);  // an installed Kirin must not play weaker in silence
  }
  if (path != net_path_ || (net_ && net_->features().dimension() != nnue::FeatureSet(v).dimension())) {
    net_.reset();
    net_path_ = path;
    // A missing default net is normal (the game has none yet); a net that does not fit these
    // rules (another piece set) is not used.
    if (!path.empty()) {
      auto net = nnue::Network::load(path, v);
      if (net) net_ = *net;
    }
  }
  if (net_ && net_->features().dimension() == nnue::FeatureSet(v).dimension()) eval_->set_net(net_);
}

std::string Engine::missing_net() const {
  return eval_file_.empty() ? nnue::missing_net_warning(game_name(pos_->variant().game())) : "";
}

std::string Engine::evaluation() {
  wait();
  ensure_evaluator();
  if (!eval_->net()) return "classical";
  char hash[16];
  std::snprintf(hash, sizeof hash, "%08x", eval_->net()->file_hash());
  return "nnue " + net_path_ + " (" + hash + ")";
}

SearchResult Engine::run(const SearchLimits& limits, const InfoCallback& info) {
  ensure_evaluator();
  SearchResult mate;
  if (limits.infinite && limits.search_moves.empty() && level_ == 0 && analysis_mate(info, mate)) return mate;
  SearchLimits rest = limits;
  if (probe_mate(limits, rest, info, mate)) return mate;
  if (level_ > 0) {
    // The movetime set by the level is spent in full, so the overhead is added back for it.
    const TimeBudget clock = plan_time(limits, pos_->side_to_move(), settings_.move_overhead);
    const int64_t clock_ms = clock.optimum ? clock.optimum + settings_.move_overhead : 0;
    rest = apply_level(limits, level_, clock_ms);
  }
  tt_.new_search();
  control_.helper_nodes = 0;
  Searcher searcher(*pos_, line_, *eval_, tt_, control_);
  // The helpers start after the main thread's Searcher has copied the root, and stop when it
  // returns (lazy_smp.h); the root, line and evaluator stay put until then.
  std::optional<SearchHelpers> helpers;
  if (threads_ > 1) helpers.emplace(threads_ - 1, *pos_, line_, *eval_, tt_, control_, rest, settings_);
  return searcher.run(rest, settings_, info);
}

SearchResult Engine::search(const SearchLimits& limits, const InfoCallback& info) {
  wait();
  control_.stop = false;
  control_.pondering = false;
  return run(limits, info);
}

// The job clears busy_ itself, before it reports, so a front end answering the report sees an
// idle engine.
void Engine::launch(std::function<void()> job) {
  busy_ = true;
  if (control_.yield)
    job();
  else
    worker_ = std::thread(std::move(job));
}

void Engine::set_yield(std::function<void(bool waiting)> yield) {
  wait();
  control_.yield = std::move(yield);
}

void Engine::start(const SearchLimits& limits, bool ponder, InfoCallback info,
                   std::function<void(const SearchResult&)> done) {
  wait();
  control_.stop = false;
  control_.pondering = ponder;
  ensure_evaluator();
  launch([this, limits, info = std::move(info), done = std::move(done)] {
    SearchResult r = run(limits, info);
    // The protocols forbid answering an infinite or pondering search before it is released.
    while (!control_.stop && (limits.infinite || control_.pondering)) {
      if (control_.yield)
        control_.yield(true);
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    busy_ = false;
    if (done) done(r);
  });
}

void Engine::stop() {
  control_.stop = true;
  control_.pondering = false;
}

void Engine::ponderhit() { control_.pondering = false; }

void Engine::wait() {
  if (worker_.joinable() && worker_.get_id() != std::this_thread::get_id()) worker_.join();
}

}  // namespace kirin
