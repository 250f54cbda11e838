// kirin selfplay: training positions from Kirin's games against itself (selfplay/selfplay.h),
// and --stats, which reads such a file back.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "selfplay/sample_stats.h"
#include "selfplay/selfplay.h"

namespace kirin::cli {

std::function<int()> add_selfplay(CLI::App& app) {
  auto* cmd = app.add_subcommand("selfplay", "Kirin against itself at fixed nodes: training positions for NNUE");
  auto c = std::make_shared<SelfplayConfig>();
  auto game = std::make_shared<std::string>();
  auto openings = std::make_shared<std::string>();
  auto stats = std::make_shared<std::string>();
  cmd->add_option("--game,-g", *game, "xiangqi, chushogi or chuseireigi");
  cmd->add_option("--nodes", c->nodes, "nodes per move (default 5000)")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_option("--games,-n", c->games, "games to add to the file (default 1)")->check(CLI::Range(1, 100000000));
  cmd->add_option("--random-plies", c->random_plies, "random legal plies after the opening (default 8)")
      ->check(CLI::Range(0, 200));
  cmd->add_option("--seed", c->seed, "random seed (default 1): the same seed and arguments give the same file");
  cmd->add_option("--openings", *openings,
                  "openings file ('[FEN] [moves ...]' per line, e.g. data/openings/xiangqi-150.txt)");
  cmd->add_option("--balance", c->balance_score,
                  "draw the opening anew if its first search scores beyond +-this cp (default 300, 0: never)")
      ->check(CLI::Range(0, 30000));
  cmd->add_option("--max-plies", c->max_plies, "a draw after this many plies (default 400)")
      ->check(CLI::Range(1, 60000));
  cmd->add_option("--win-score", c->win_score,
                  "adjudicate a win when both sides' scores agree on this many cp (default 1500, 0: never)")
      ->check(CLI::Range(0, 30000));
  cmd->add_option("--win-plies", c->win_plies, "... for this many plies in a row (default 8)")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--hash", c->hash_mb, "hash table MB (default 16)")->check(CLI::Range(1, 4096));
  cmd->add_option("--out,-o", c->out_path, "file to write (appended to if it exists: a run resumes)");
  cmd->add_option("--stats", *stats, "print what a self-play file holds, and play nothing");
  return [=]() -> int {
    if (!stats->empty()) {
      std::ifstream in(*stats, std::ios::binary);
      if (!in) {
        std::fprintf(stderr, "kirin selfplay: cannot read %s\n", stats->c_str());
        return EXIT_USAGE;
      }
      auto st = read_sample_stats(in);
      if (!st) {
        std::fprintf(stderr, "kirin selfplay: %s: %s\n", stats->c_str(), st.error().c_str());
        return EXIT_USAGE;
      }
      print_sample_stats(*st, std::cout);
      return EXIT_OK;
    }
    if (game->empty() || c->out_path.empty()) {
      std::fprintf(stderr, "kirin selfplay: --game and --out are needed (or --stats FILE)\n");
      return EXIT_USAGE;
    }
    auto g = parse_game(*game);
    if (!g) {
      std::fprintf(stderr, "kirin selfplay: %s\n", g.error().c_str());
      return EXIT_USAGE;
    }
    SelfplayConfig config = *c;
    config.variant = make_variant(*g);
    if (!openings->empty()) {
      auto ops = read_openings(*openings);
      if (!ops) {
        std::fprintf(stderr, "kirin selfplay: %s\n", ops.error().c_str());
        return EXIT_USAGE;
      }
      config.openings = *ops;
    }
    return run_selfplay(config, std::cerr, std::cerr);
  };
}

}  // namespace kirin::cli
