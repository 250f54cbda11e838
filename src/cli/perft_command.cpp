// kirin perft --game G [--fen F] --depth N [--divide]
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "notation/move_text.h"
#include "rules/perft.h"

namespace kirin::cli {

std::function<int()> add_perft(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree");
  auto args = std::make_shared<GameArgs>();
  auto depth = std::make_shared<int>(1);
  auto divide = std::make_shared<bool>(false);
  cmd->add_option("--game,-g", args->game, "xiangqi, chushogi or chuseireigi")->required();
  auto* fen = cmd->add_option("--fen,-f", args->fen, "FEN/SFEN of the position (default: start position)");
  cmd->add_option("--option,-o", args->options, "rule option such as lion=hawk (repeatable)");
  cmd->add_option("--depth,-d", *depth, "depth in plies")->required()->check(CLI::Range(0, 20));
  cmd->add_flag("--divide", *divide, "print the count below each root move");
  return [=] {
    args->fen_given = fen->count() > 0;
    auto pos = load_position(*args);
    if (!pos) {
      std::fprintf(stderr, "kirin perft: %s\n", pos.error().c_str());
      return EXIT_USAGE;
    }
    auto t0 = std::chrono::steady_clock::now();
    uint64_t total = 0;
    if (*divide && *depth > 0) {
      for (const auto& line : perft_divide(*pos, *depth, [&](const DivideLine& l) {
             std::printf("%s: %llu\n", move_to_text(*pos, l.move).c_str(), static_cast<unsigned long long>(l.nodes));
             std::fflush(stdout);
           }))
        total += line.nodes;
      std::printf("\n");
    } else {
      total = perft(*pos, *depth);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "%.3f s, %.0f leaves/s\n", secs, secs > 0 ? total / secs : 0.0);
    std::printf("Nodes searched: %llu\n", static_cast<unsigned long long>(total));
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
