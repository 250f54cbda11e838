// kirin nnue features|eval: the C++ side of the net, as text, for the trainer's checks
// (scripts/nnue): the features of positions, and a net's value of them.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>

#include "cli/commands.h"
#include "cli/common.h"
#include "nnue/accumulator.h"
#include "nnue/position_text.h"
#include "notation/fen.h"
#include "rules/movegen.h"
#include "search/eval.h"

namespace kirin::cli {
namespace {

std::string feature_text(const nnue::FeatureSet& fs, const Position& pos, Color perspective) {
  nnue::FeatureList list;
  fs.active(pos, perspective, list);
  std::sort(list.index.begin(), list.index.begin() + list.count);
  std::string out;
  for (uint32_t f : list) {
    if (!out.empty()) out += ' ';
    out += std::to_string(f);
  }
  return out;
}

// Positions of random games from the start position, every ply: captures, promotions, drops and
// Lion moves all come up, which is what a features check needs.
int print_features(const VariantPtr& v, int count, uint32_t seed) {
  const nnue::FeatureSet fs(*v);
  // The catalogue as self-play headers give it, so a reader knows the kinds.
  std::string kinds;
  for (Kind k = 0; k < v->kind_count(); ++k) kinds += (k ? "," : "") + v->kind(k).token;
  std::printf("kinds=%s\n", kinds.c_str());
  std::mt19937 rng(seed);
  int printed = 0;
  while (printed < count) {
    Position pos = start_position(v);
    const int plies = std::uniform_int_distribution<int>(20, 300)(rng);
    for (int ply = 0; ply < plies && printed < count; ++ply) {
      std::printf("%s|%s|%s\n", nnue::position_text(pos).c_str(), feature_text(fs, pos, FIRST).c_str(),
                  feature_text(fs, pos, SECOND).c_str());
      ++printed;
      MoveList list;
      generate_legal(pos, list);
      if (list.count == 0) break;
      pos.do_move(list.moves[std::uniform_int_distribution<int>(0, list.count - 1)(rng)]);
    }
  }
  return EXIT_OK;
}

// Prints value(position) for each position line of stdin.
template <typename ValueOf>
int read_positions(const VariantPtr& v, ValueOf value) {
  std::string line;
  for (int number = 1; std::getline(std::cin, line); ++number) {
    if (line.empty()) continue;
    auto pos = nnue::parse_position_text(v, line.substr(0, line.find('|')));
    if (!pos) {
      std::fprintf(stderr, "kirin nnue eval: line %d: %s\n", number, pos.error().c_str());
      return EXIT_USAGE;
    }
    std::printf("%d\n", value(*pos));
  }
  return EXIT_OK;
}

// `none` values the positions with the hand-made evaluation instead: the trainer's baseline.
int print_values(const VariantPtr& v, const std::string& net_path) {
  if (net_path == "none") {
    const Evaluator eval(v, default_weights(v->game()));
    return read_positions(v, [&](const Position& pos) { return int(eval.evaluate(pos)); });
  }
  auto net = nnue::Network::load(net_path, *v);
  if (!net) {
    std::fprintf(stderr, "kirin nnue eval: %s\n", net.error().c_str());
    return EXIT_USAGE;
  }
  nnue::AccumulatorStack acc(**net);
  return read_positions(v, [&](const Position& pos) {
    acc.reset(pos);
    return int(acc.evaluate(pos));
  });
}

}  // namespace

std::function<int()> add_nnue(CLI::App& app) {
  auto* cmd = app.add_subcommand("nnue", "The net's features and values, as text for the trainer's checks");
  cmd->require_subcommand(1);
  auto game = std::make_shared<std::string>();
  auto options = std::make_shared<std::vector<std::string>>();
  auto* features = cmd->add_subcommand("features",
                                       "A line kinds=<tokens>, then positions of random games, each with its "
                                       "features for both sides: position|first side's|second side's");
  auto count = std::make_shared<int>(100);
  auto seed = std::make_shared<uint32_t>(1);
  features->add_option("--game,-g", *game, "xiangqi, chushogi or chuseireigi")->required();
  features->add_option("--option,-o", *options, "rule option such as lion=hawk (repeatable)");
  features->add_option("--positions,-n", *count, "how many positions")->check(CLI::Range(1, 1000000));
  features->add_option("--seed", *seed, "random seed");
  auto* eval = cmd->add_subcommand("eval",
                                   "The net's value (side to move's view, centipawns) of each position "
                                   "line read from stdin");
  auto net = std::make_shared<std::string>();
  eval->add_option("--game,-g", *game, "xiangqi, chushogi or chuseireigi")->required();
  eval->add_option("--option,-o", *options, "rule option such as lion=hawk (repeatable)");
  eval->add_option("--net", *net, "net file, or none for the hand-made evaluation")->required();
  return [=]() -> int {
    auto v = load_variant(*game, *options);
    if (!v) {
      std::fprintf(stderr, "kirin nnue: %s\n", v.error().c_str());
      return EXIT_USAGE;
    }
    if (features->parsed()) return print_features(*v, *count, *seed);
    return print_values(*v, *net);
  };
}

}  // namespace kirin::cli
