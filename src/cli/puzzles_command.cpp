// kirin puzzles --game G --from RECORDS --out FILE [--depth N] [--nodes N] [--max-games N]
#include <cstdio>
#include <fstream>
#include <memory>
#include <set>

#include "analysis/puzzles.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "game/record.h"
#include "notation/fen.h"

namespace kirin::cli {

std::function<int()> add_puzzles(CLI::App& app) {
  auto* cmd = app.add_subcommand("puzzles", "Find puzzles (one clearly winning move) in game records");
  auto game = std::make_shared<std::string>();
  auto from = std::make_shared<std::string>();
  auto out_path = std::make_shared<std::string>();
  auto settings = std::make_shared<PuzzleSettings>();
  auto max_games = std::make_shared<int>(0);
  cmd->add_option("--game,-g", *game, "xiangqi, chushogi or chuseireigi")->required();
  cmd->add_option("--from", *from, "records: kirin match's PGN/KIF/USI files, or imported ones")->required();
  cmd->add_option("--out", *out_path, "puzzles, one per line: game|fen|moves|theme")->required();
  cmd->add_option("--depth", settings->depth, "search depth (confirmed 2 deeper)")->check(CLI::Range(2, 20));
  cmd->add_option("--nodes", settings->nodes, "at most this many search nodes (3x to confirm)")
      ->check(CLI::Range(uint64_t(1000), uint64_t(1) << 40));
  cmd->add_option("--max-games", *max_games, "read at most this many games (0: all)")->check(CLI::Range(0, 1000000));
  return [=] {
    auto v = load_variant(*game, {});
    if (!v) {
      std::fprintf(stderr, "kirin puzzles: %s\n", v.error().c_str());
      return EXIT_USAGE;
    }
    auto text = read_file(*from);
    if (!text) {
      std::fprintf(stderr, "kirin puzzles: %s\n", text.error().c_str());
      return EXIT_USAGE;
    }
    std::ofstream out(*out_path);
    if (!out) {
      std::fprintf(stderr, "kirin puzzles: cannot write '%s'\n", out_path->c_str());
      return EXIT_USAGE;
    }
    int games = count_record_games(*text);
    if (*max_games && games > *max_games) games = *max_games;
    Engine engine;
    int found = 0;
    // Self-play repeats openings and whole games: each game and each position once.
    std::set<std::string> games_seen, positions_seen;
    for (int n = 1; n <= games; ++n) {
      auto g = read_record_game(*v, *text, n);
      if (!g) {
        std::fprintf(stderr, "kirin puzzles: %s game %d: %s\n", from->c_str(), n, g.error().c_str());
        return EXIT_USAGE;
      }
      // A game played again move for move (the same engine with both colours) adds nothing.
      std::string signature = to_fen(g->start());
      for (Move m : g->moves()) signature += ' ' + std::to_string(m.raw());
      if (!games_seen.insert(signature).second) continue;
      for (const Puzzle& p : find_puzzles(*g, engine, *settings)) {
        if (!positions_seen.insert(p.fen).second) continue;
        out << puzzle_line(*game, p) << '\n';
        std::printf("game %d ply %d: %s %s\n", n, p.ply, p.theme.c_str(), p.solution.front().c_str());
        ++found;
      }
      out.flush();
      std::fflush(stdout);
    }
    std::printf("%d puzzles from %d games in %s\n", found, games, out_path->c_str());
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
