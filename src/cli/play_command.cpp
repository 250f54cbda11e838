// kirin play --game G: placeholder until the terminal game lands.
#include "cli/commands.h"
#include "cli/common.h"

namespace kirin::cli {

std::function<int()> add_play(CLI::App& app) {
  app.add_subcommand("play", "Play a game in the terminal");
  return [] { return EXIT_OK; };
}

}  // namespace kirin::cli
