#include "search/engine.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/level.h"
#include "search/table_size.h"

namespace kirin {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

LineEntry entry_of(const Position& pos) { return {pos.key(), pos.in_check(), false, pos.quiet_plies()}; }

}  // namespace

Engine::Engine() : pos_(std::make_unique<Position>(start_position(make_variant(GameId::CHUSHOGI)))), tt_(16) {
  line_.push_back(entry_of(*pos_));
}

Engine::~Engine() {
  stop();
  wait();
}

const std::vector<EngineOption>& Engine::options() {
  // A feature whose default is its game's row (game_search.cpp): "game", or forced everywhere.
  const std::vector<std::string> row_choice = {"game", "true", "false"};
  static const std::vector<EngineOption> list = {
      {EngineOption::Type::SPIN, "Hash", "16", 1, MAX_HASH_MB},
      {EngineOption::Type::SPIN, "MultiPV", "1", 1, 64},
      {EngineOption::Type::SPIN, "MoveOverhead", "50", 0, 5000},
      {EngineOption::Type::STRING, "Weights", "", 0, 0},
      {EngineOption::Type::STRING, "EvalFile", "", 0, 0},
      {EngineOption::Type::BUTTON, "Clear Hash", "", 0, 0},
      {EngineOption::Type::SPIN, "Level", "0", 0, MAX_LEVEL},
      {EngineOption::Type::COMBO, "NullMove", "game", 0, 0, row_choice},
      {EngineOption::Type::CHECK, "LMR", "true", 0, 0},
      {EngineOption::Type::CHECK, "Futility", "true", 0, 0},
      {EngineOption::Type::COMBO, "Razoring", "game", 0, 0, row_choice},
      {EngineOption::Type::COMBO, "CheckExtensions", "game", 0, 0, row_choice},
      {EngineOption::Type::CHECK, "HistoryOrdering", "true", 0, 0},
      {EngineOption::Type::CHECK, "Aspiration", "true", 0, 0},
      {EngineOption::Type::COMBO, "IIR", "game", 0, 0, row_choice},
      {EngineOption::Type::COMBO, "SingularExtensions", "game", 0, 0, row_choice},
      {EngineOption::Type::CHECK, "MateProbe", "true", 0, 0},
  };
  return list;
}

std::string Engine::set_option(std::string_view name, std::string_view value) {
  wait();
  auto number = [&](int lo, int hi, int& out) -> std::string {
    int n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || n < lo || n > hi)
      return "option " + std::string(name) + ": expected a number from " + std::to_string(lo) + " to " +
             std::to_string(hi) + ", got '" + std::string(value) + "'";
    out = n;
    return "";
  };
  int n = 0;
  if (iequals(name, "Hash")) {
    std::string err = number(1, MAX_HASH_MB, n);
    if (err.empty()) {
      tt_.resize(size_t(n));
      hash_mb_ = size_t(n);
      mate_table_.reset();
      probe_table_.reset();
    }
    return err;
  }
  if (iequals(name, "Level")) {  // 0: full strength
    std::string err = number(0, MAX_LEVEL, n);
    if (err.empty()) level_ = n;
    return err;
  }
  if (iequals(name, "MultiPV")) {
    std::string err = number(1, 64, n);
    if (err.empty()) settings_.multipv = n;
    return err;
  }
  if (iequals(name, "MoveOverhead") || iequals(name, "Move Overhead")) {
    std::string err = number(0, 5000, n);
    if (err.empty()) settings_.move_overhead = n;
    return err;
  }
  auto check = [&](auto& flag) -> std::string {
    if (value != "true" && value != "false")
      return "option " + std::string(name) + ": expected true or false, got '" + std::string(value) + "'";
    flag = value == "true";
    return "";
  };
  // Features whose default is the game's row: "game" (the row), "true" or "false".
  for (auto [option, flag] : {std::pair{"Razoring", &SearchSettings::razoring},
                              std::pair{"CheckExtensions", &SearchSettings::check_extensions},
                              std::pair{"NullMove", &SearchSettings::null_move}, std::pair{"IIR", &SearchSettings::iir},
                              std::pair{"SingularExtensions", &SearchSettings::singular_extensions}})
    if (iequals(name, option)) {
      if (value == "game") {
        (settings_.*flag).reset();
        return "";
      }
      if (value != "true" && value != "false")
        return "option " + std::string(option) + ": expected game, true or false, got '" + std::string(value) + "'";
      settings_.*flag = value == "true";
      return "";
    }
  for (auto [option, flag] :
       {std::pair{"LMR", &SearchSettings::lmr}, std::pair{"Futility", &SearchSettings::futility},
        std::pair{"HistoryOrdering", &SearchSettings::history}, std::pair{"Aspiration", &SearchSettings::aspiration}})
    if (iequals(name, option)) return check(settings_.*flag);
  if (iequals(name, "MateProbe")) return check(mate_probe_);
  if (iequals(name, "Clear Hash")) {
    tt_.clear();
    return "";
  }
  if (iequals(name, "EvalFile")) {
    // Read in full now, so a bad file is refused at once rather than ignored at the search.
    std::string file(value);
    if (!file.empty() && file != "none") {
      auto game = nnue::Network::game_of(file);
      if (!game) return "option EvalFile: " + game.error();
      auto id = parse_game(*game);
      if (!id) return "option EvalFile: net file " + file + ": made for an unknown game '" + *game + "'";
      auto net = nnue::Network::load(file, *make_variant(*id));
      if (!net) return "option EvalFile: " + net.error();
    }
    eval_file_ = file;
    eval_.reset();
    return "";
  }
  if (iequals(name, "Weights")) {
    // Checked against a scratch table first, so a bad list changes nothing.
    EvalWeights scratch;
    std::vector<std::string> items;
    std::string_view rest = value;
    while (!rest.empty()) {
      size_t comma = rest.find(',');
      std::string item(rest.substr(0, comma));
      if (!item.empty()) {
        std::string err = set_weight(scratch, item);
        if (!err.empty()) return "option Weights: " + err;
        items.push_back(item);
      }
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    weight_settings_ = items;
    eval_.reset();
    return "";
  }
  return "unknown option '" + std::string(name) + "'";
}

std::string Engine::set_position(const VariantPtr& v, std::string_view fen, const std::vector<std::string>& moves) {
  wait();
  // An engine analyses problems too: the side to move may have no royal (games check theirs).
  auto parsed = parse_fen(v, fen.empty() ? std::string_view(v->start_fen()) : fen, Setup::PROBLEM);
  if (!parsed) return "bad position: " + parsed.error();
  auto pos = std::make_unique<Position>(std::move(*parsed));
  std::vector<LineEntry> line{entry_of(*pos)};
  for (size_t i = 0; i < moves.size(); ++i) {
    auto m = parse_move(*pos, moves[i]);
    if (!m) return "bad move " + std::to_string(i + 1) + " '" + moves[i] + "': " + m.error();
    pos->do_move(*m);
    line.push_back(entry_of(*pos));
  }
  if (eval_ && pos_->variant_ptr() != pos->variant_ptr()) eval_.reset();
  pos_ = std::move(pos);
  line_ = std::move(line);
  return "";
}

void Engine::set_position(const Position& pos) {
  wait();
  if (eval_ && pos_->variant_ptr() != pos.variant_ptr()) eval_.reset();
  pos_ = std::make_unique<Position>(pos);
  line_.assign(1, entry_of(*pos_));
}

std::string Engine::play(std::string_view move) {
  wait();
  auto m = parse_move(*pos_, move);
  if (!m) return "bad move '" + std::string(move) + "': " + m.error();
  pos_->do_move(*m);
  line_.push_back(entry_of(*pos_));
  return "";
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
  Searcher searcher(*pos_, line_, *eval_, tt_, control_);
  if (level_ == 0) return searcher.run(rest, settings_, info);
  // The movetime set by the level is spent in full, so the overhead is added back for it.
  const TimeBudget clock = plan_time(limits, pos_->side_to_move(), settings_.move_overhead);
  const int64_t clock_ms = clock.optimum ? clock.optimum + settings_.move_overhead : 0;
  return searcher.run(apply_level(limits, level_, clock_ms), settings_, info);
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
