// kirin play --game G [--fen F] [--pieces kanji|letters]: a game for two people in the terminal
// (the engine opponent comes with the search). End of input (Ctrl-D) ends it with exit code 0.
#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "cli/commands.h"
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
    PlaySession session(Game(std::move(*pos)), o, std::cout, std::cerr);
    session.run(std::cin);
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
