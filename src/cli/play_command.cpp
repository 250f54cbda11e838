// kirin play --game G [--fen F] [--pieces kanji|letters]: a game for two people in the terminal,
// or against Kirin with --engine (implied by --engine-side, --depth, --movetime and --level).
// End of input (Ctrl-D) ends it with exit code 0.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/engine_game.h"
#include "cli/play_session.h"
#include "search/level.h"

namespace kirin::cli {

std::function<int()> add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal");
  auto args = std::make_shared<GameArgs>();
  auto pieces = std::make_shared<std::string>("letters");
  auto flip = std::make_shared<bool>(false);
  cmd->add_option("--game,-g", args->game, "xiangqi, chushogi or chuseireigi")->required();
  auto* fen = cmd->add_option("--fen,-f", args->fen, "FEN/SFEN of the start position (default: the standard start)");
  cmd->add_option("--option,-o", args->options, "rule option such as bareking=lishogi (repeatable)");
  cmd->add_option("--pieces", *pieces, "letters (SFEN/FEN) or kanji")->check(CLI::IsMember({"letters", "kanji"}));
  cmd->add_flag("--flip", *flip, "the second side at the bottom");
  auto engine = std::make_shared<bool>(false);
  auto engine_side = std::make_shared<std::string>("second");
  auto depth = std::make_shared<int>(0);
  auto movetime = std::make_shared<int64_t>(0);
  auto level = std::make_shared<int>(0);
  cmd->add_flag("--engine", *engine, "play against Kirin (implied by the options below)");
  auto* side_opt = cmd->add_option("--engine-side", *engine_side, "the side Kirin plays: first or second")
                       ->check(CLI::IsMember({"first", "second"}));
  auto* depth_opt =
      cmd->add_option("--depth", *depth, "difficulty: Kirin searches at most this deep")->check(CLI::Range(1, 60));
  auto* time_opt =
      cmd->add_option("--movetime", *movetime, "difficulty: Kirin thinks at most this many ms per move (default 1000)")
          ->check(CLI::Range(1, 3600000));
  auto* level_opt = cmd->add_option("--level", *level,
                                    "difficulty 1 (weakest) to 8: a depth and a time per move; "
                                    "with --depth or --movetime the smaller limit wins")
                        ->check(CLI::Range(1, MAX_LEVEL));
  return [=] {
    args->fen_given = fen->count() > 0;
    auto pos = load_position(*args);
    if (!pos) {
      std::fprintf(stderr, "kirin play: %s\n", pos.error().c_str());
      return EXIT_USAGE;
    }
    PlayOptions o;
    o.kanji = *pieces == "kanji";
    o.flipped = *flip;
    if (*engine || side_opt->count() || depth_opt->count() || time_opt->count() || level_opt->count()) {
      // Each difficulty option is a limit and Kirin stops at the first reached (the Level
      // option caps depth and time the same way for the protocols).
      Opponent kirin;
      kirin.side = *engine_side == "first" ? FIRST : SECOND;
      kirin.limits.depth = *depth;
      kirin.limits.movetime = *movetime;
      kirin.level = *level;
      if (!*depth && !*movetime && !*level) kirin.limits.movetime = 1000;
      run_engine_game(Game(std::move(*pos)), o, kirin, std::cin, std::cout, std::cerr);
      return EXIT_OK;
    }
    PlaySession session(Game(std::move(*pos)), o, std::cout, std::cerr);
    session.run(std::cin);
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
