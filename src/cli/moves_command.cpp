// kirin moves --game G [--fen F] [MOVES...]: the legal moves after playing MOVES, one per line.
// Scripts (the differential tests) use it to compare Kirin with other programs.
#include <cstdio>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"

namespace kirin::cli {

std::function<int()> add_moves(CLI::App& app) {
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position");
  auto args = std::make_shared<GameArgs>();
  auto played = std::make_shared<std::vector<std::string>>();
  auto fen_only = std::make_shared<bool>(false);
  cmd->add_option("--game,-g", args->game, "xiangqi, chushogi or chuseireigi")->required();
  auto* fen = cmd->add_option("--fen,-f", args->fen, "FEN/SFEN of the position (default: start position)");
  cmd->add_option("--option,-o", args->options, "rule option such as lion=hawk (repeatable)");
  cmd->add_flag("--fen-only", *fen_only, "print only the FEN/SFEN reached");
  cmd->add_option("moves", *played, "moves to play first");
  return [=] {
    args->fen_given = fen->count() > 0;
    auto pos = load_position(*args);
    if (!pos) {
      std::fprintf(stderr, "kirin moves: %s\n", pos.error().c_str());
      return EXIT_USAGE;
    }
    int n = 0;
    for (const auto& text : *played) {
      ++n;
      auto m = parse_move(*pos, text);
      if (!m) {
        std::fprintf(stderr, "kirin moves: move %d: %s\n", n, m.error().c_str());
        return EXIT_USAGE;
      }
      pos->do_move(*m);
    }
    std::printf("%s\n", to_fen(*pos).c_str());
    if (*fen_only) return EXIT_OK;
    MoveList list;
    generate_legal(*pos, list);
    for (Move m : list) std::printf("%s\n", move_to_text(*pos, m).c_str());
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
