// kirin play --game G [--fen F] [--pieces kanji|letters]: a game for two people in the terminal
// (the engine opponent comes with the search). End of input (Ctrl-D) ends it with exit code 0.
#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/engine_game.h"
#include "cli/common.h"
#include "cli/play_session.h"

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
  auto movetime = std::make_shared<int64_t>(1000);
  cmd->add_flag("--engine", *engine, "play against Kirin");
  cmd->add_option("--engine-side", *engine_side, "the side Kirin plays: first or second")
      ->check(CLI::IsMember({"first", "second"}));
  cmd->add_option("--depth", *depth, "difficulty: Kirin searches this deep (instead of --movetime)")
      ->check(CLI::Range(1, 60));
  cmd->add_option("--movetime", *movetime, "difficulty: Kirin thinks this many ms per move")
      ->check(CLI::Range(1, 3600000));
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
    if (*engine) {
      SearchLimits limits;
      if (*depth) limits.depth = *depth;
      else limits.movetime = *movetime;
      run_engine_game(Game(std::move(*pos)), o, *engine_side == "first" ? FIRST : SECOND, limits, std::cin, std::cout,
                      std::cerr);
      return EXIT_OK;
    }
    PlaySession session(Game(std::move(*pos)), o, std::cout, std::cerr);
    session.run(std::cin);
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
