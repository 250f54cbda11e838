// Subcommands of the `kirin` executable.
#pragma once
#include <CLI/CLI.hpp>
#include <functional>

namespace kirin::cli {

// Each registers its options on `app` and returns the function that runs it (an exit code).
std::function<int()> add_perft(CLI::App& app);
std::function<int()> add_moves(CLI::App& app);
std::function<int()> add_bench(CLI::App& app);
std::function<int()> add_serve(CLI::App& app);
// `bench serve`, a subcommand of `bench`.
std::function<int()> add_bench_serve(CLI::App& bench);
std::function<int()> add_protocols(CLI::App& app);  // usi, uci, xboard
std::function<int()> add_match(CLI::App& app);
std::function<int()> add_replay(CLI::App& app);
std::function<int()> add_play(CLI::App& app);
std::function<int()> add_print(CLI::App& app);    // print-and-play PDF
std::function<int()> add_diagram(CLI::App& app);  // position diagram SVG/PNG
std::function<int()> add_mate(CLI::App& app);
std::function<int()> add_puzzles(CLI::App& app);
std::function<int()> add_analyse(CLI::App& app);   // computer analysis of a game record
std::function<int()> add_selfplay(CLI::App& app);  // NNUE training positions
std::function<int()> add_nnue(CLI::App& app);      // the net's features and values, for the trainer
std::function<int()> add_accounts(CLI::App& app);  // the operator's hand on accounts and chat reports
// `bench mate`, a subcommand of `bench`.
std::function<int()> add_bench_mate(CLI::App& bench);
// kirin bench start: the time kirin serve takes to start on a store of long unfinished games.
std::function<int()> add_bench_start(CLI::App& bench);

}  // namespace kirin::cli
