// The engine's options, declared once: each with its name, type, default, range and what it
// changes, and the one function that applies it. The protocols list and set them from here.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <thread>

#include "search/engine.h"
#include "search/level.h"
#include "search/table_size.h"

namespace kirin {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

// Every core the machine has; the WebAssembly build searches in the page's one worker.
int max_threads() {
#ifdef __EMSCRIPTEN__
  return 1;
#else
  return std::clamp(int(std::thread::hardware_concurrency()), 1, MAX_THREADS);
#endif
}

// "game" (the game's row in game_search.cpp), or forced everywhere.
std::optional<bool> row_choice(const std::string& value) {
  if (value == "game") return std::nullopt;
  return value == "true";
}

}  // namespace

// A value already checked against its option's type: `number` for a spin, `flag` for a check.
struct Engine::OptionValue {
  std::string text;
  int number = 0;
  bool flag = false;
};

struct Engine::OptionEntry {
  EngineOption option;
  Result<void> (*apply)(Engine&, const OptionValue&);
};

const std::vector<Engine::OptionEntry>& Engine::option_table() {
  using T = EngineOption::Type;
  const std::vector<std::string> row = {"game", "true", "false"};
  static const std::vector<OptionEntry> table = {
      {{T::SPIN, "Hash", "16", 1, MAX_HASH_MB, {}, "size of the transposition table in MB", {"USI_Hash"}},
       [](Engine& e, const OptionValue& v) {
         e.tt_.resize(size_t(v.number));
         e.hash_mb_ = size_t(v.number);
         e.mate_table_.reset();
         e.probe_table_.reset();
         return Result<void>();
       }},
      {{T::SPIN, "Threads", "1", 1, max_threads(), {}, "search threads (Lazy SMP: one shared table)"},
       [](Engine& e, const OptionValue& v) {
         e.threads_ = v.number;
         return Result<void>();
       }},
      {{T::SPIN, "MultiPV", "1", 1, 64, {}, "how many best lines to search and report"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.multipv = v.number;
         return Result<void>();
       }},
      {{T::SPIN,
        "MoveOverhead",
        "50",
        0,
        5000,
        {},
        "ms kept back per move for pipes and a busy machine",
        {"Move Overhead"}},
       [](Engine& e, const OptionValue& v) {
         e.settings_.move_overhead = v.number;
         return Result<void>();
       }},
      {{T::STRING, "Weights", "", 0, 0, {}, "evaluation weights to change, e.g. mobility=12,tempo=10"},
       [](Engine& e, const OptionValue& v) { return e.set_weights(v.text); }},
      {{T::STRING,
        "EvalFile",
        "",
        0,
        0,
        {},
        "a net file for the game it was made for; empty: the game's own net; none: the hand-made evaluation"},
       [](Engine& e, const OptionValue& v) { return e.set_eval_file(v.text); }},
      {{T::BUTTON, "Clear Hash", "", 0, 0, {}, "forget what the transposition table holds"},
       [](Engine& e, const OptionValue&) {
         e.tt_.clear();
         return Result<void>();
       }},
      {{T::SPIN, "Level", "0", 0, MAX_LEVEL, {}, "playing strength for people, 1 (weakest) to 8; 0: full strength"},
       [](Engine& e, const OptionValue& v) {
         e.level_ = v.number;
         return Result<void>();
       }},
      {{T::COMBO, "NullMove", "game", 0, 0, row, "null-move pruning"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.null_move = row_choice(v.text);
         return Result<void>();
       }},
      {{T::CHECK, "LMR", "true", 0, 0, {}, "late-move reductions"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.lmr = v.flag;
         return Result<void>();
       }},
      {{T::CHECK, "Futility", "true", 0, 0, {}, "futility pruning of quiet moves"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.futility = v.flag;
         return Result<void>();
       }},
      {{T::COMBO, "Razoring", "game", 0, 0, row, "razoring near the horizon"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.razoring = row_choice(v.text);
         return Result<void>();
       }},
      {{T::COMBO, "CheckExtensions", "game", 0, 0, row, "one more ply for a move that gives check"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.check_extensions = row_choice(v.text);
         return Result<void>();
       }},
      {{T::CHECK, "HistoryOrdering", "true", 0, 0, {}, "quiet moves ordered by killers, counter moves and history"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.history = v.flag;
         return Result<void>();
       }},
      {{T::CHECK, "Aspiration", "true", 0, 0, {}, "aspiration windows around the last iteration's score"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.aspiration = v.flag;
         return Result<void>();
       }},
      {{T::COMBO, "IIR", "game", 0, 0, row, "internal iterative reduction of nodes without a table move"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.iir = row_choice(v.text);
         return Result<void>();
       }},
      {{T::COMBO, "SingularExtensions", "game", 0, 0, row, "one more ply for a table move far better than the rest"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.singular_extensions = row_choice(v.text);
         return Result<void>();
       }},
      {{T::COMBO, "LionApproach", "game", 0, 0, row, "no pruning of a Lion's quiet move to near the enemy King"},
       [](Engine& e, const OptionValue& v) {
         e.settings_.lion_approach = row_choice(v.text);
         return Result<void>();
       }},
      {{T::CHECK, "MateProbe", "true", 0, 0, {}, "a game move first gives the mate solver a share of its time"},
       [](Engine& e, const OptionValue& v) {
         e.mate_probe_ = v.flag;
         return Result<void>();
       }},
  };
  return table;
}

const std::vector<EngineOption>& Engine::options() {
  static const std::vector<EngineOption> list = [] {
    std::vector<EngineOption> out;
    for (const OptionEntry& entry : option_table()) out.push_back(entry.option);
    return out;
  }();
  return list;
}

Result<void> Engine::set_option(std::string_view name, std::string_view value_text) {
  wait();
  const OptionEntry* entry = nullptr;
  for (const OptionEntry& e : option_table()) {
    bool named = iequals(name, e.option.name);
    for (const std::string& alias : e.option.aliases) named = named || iequals(name, alias);
    if (named) {
      entry = &e;
      break;
    }
  }
  if (!entry) return Error{"unknown option '" + std::string(name) + "'"};
  const EngineOption& o = entry->option;
  OptionValue value{std::string(value_text)};
  const std::string got = ", got '" + value.text + "'";
  switch (o.type) {
    case EngineOption::Type::SPIN: {
      auto [end, ec] = std::from_chars(value_text.data(), value_text.data() + value_text.size(), value.number);
      if (ec != std::errc() || end != value_text.data() + value_text.size() || value.number < o.min ||
          value.number > o.max)
        return Error{"option " + o.name + ": expected a number from " + std::to_string(o.min) + " to " +
                     std::to_string(o.max) + got};
      break;
    }
    case EngineOption::Type::CHECK:
      if (value.text != "true" && value.text != "false")
        return Error{"option " + o.name + ": expected true or false" + got};
      value.flag = value.text == "true";
      break;
    case EngineOption::Type::COMBO:
      if (std::find(o.vars.begin(), o.vars.end(), value.text) == o.vars.end()) {
        std::string expected;
        for (size_t i = 0; i < o.vars.size(); ++i)
          expected += (i == 0 ? "" : i + 1 == o.vars.size() ? " or " : ", ") + o.vars[i];
        return Error{"option " + o.name + ": expected " + expected + got};
      }
      break;
    case EngineOption::Type::STRING:
    case EngineOption::Type::BUTTON:
      break;
  }
  return entry->apply(*this, value);
}

Result<void> Engine::set_eval_file(const std::string& file) {
  // Read in full now, so a bad file is refused at once rather than ignored at the search.
  if (!file.empty() && file != "none") {
    auto game = nnue::Network::game_of(file);
    if (!game) return Error{"option EvalFile: " + game.error()};
    auto id = parse_game(*game);
    if (!id) return Error{"option EvalFile: net file " + file + ": made for an unknown game '" + *game + "'"};
    auto net = nnue::Network::load(file, *make_variant(*id));
    if (!net) return Error{"option EvalFile: " + net.error()};
  }
  eval_file_ = file;
  eval_.reset();
  return {};
}

Result<void> Engine::set_weights(std::string_view list) {
  // Checked against a scratch table first, so a bad list changes nothing.
  EvalWeights scratch;
  std::vector<std::string> items;
  std::string_view rest = list;
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    std::string item(rest.substr(0, comma));
    if (!item.empty()) {
      if (auto set = set_weight(scratch, item); !set) return Error{"option Weights: " + set.error()};
      items.push_back(item);
    }
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  weight_settings_ = items;
  eval_.reset();
  return {};
}

}  // namespace kirin
