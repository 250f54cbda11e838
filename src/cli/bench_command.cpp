// kirin bench perft: leaf nodes per second from each game's start position.
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "notation/fen.h"
#include "rules/perft.h"
#include "search/bench.h"
#include "search/engine.h"

namespace kirin::cli {
namespace {

constexpr const char* FSF_COMMAND =
    "printf 'uci\\nsetoption name UCI_Variant value xiangqi\\nposition startpos\\ngo perft 5\\nquit\\n' | "
    "/usr/games/fairy-stockfish";

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int bench_perft(const std::string& only, int depth_override, bool compare) {
  struct Row {
    const char* game;
    int depth;
  };
  const Row rows[] = {{"xiangqi", 5}, {"chushogi", 4}, {"chuseireigi", 4}};
  double xiangqi_rate = 0;
  for (const Row& r : rows) {
    if (!only.empty() && only != r.game) continue;
    auto v = load_variant(r.game, {});
    if (!v) {
      std::fprintf(stderr, "kirin bench: %s\n", v.error().c_str());
      return EXIT_USAGE;
    }
    Position pos = start_position(*v);
    int depth = depth_override > 0 ? depth_override : r.depth;
    std::fprintf(stderr, "perft %s depth %d ...\n", r.game, depth);
    auto t0 = std::chrono::steady_clock::now();
    uint64_t nodes = perft(pos, depth);
    double secs = seconds_since(t0);
    double rate = nodes / secs;
    if (std::string(r.game) == "xiangqi") xiangqi_rate = rate;
    std::printf("%-12s depth %d  %12llu leaves  %8.3f s  %7.2f M leaves/s\n", r.game, depth,
                static_cast<unsigned long long>(nodes), secs, rate / 1e6);
    std::fflush(stdout);
  }
  std::printf("reproduce: kirin bench perft%s%s\n", only.empty() ? "" : (" --game " + only).c_str(),
              depth_override > 0 ? (" --depth " + std::to_string(depth_override)).c_str() : "");
  if (xiangqi_rate > 0) std::printf("compare (xiangqi, Fairy-Stockfish): time (%s) > /dev/null\n", FSF_COMMAND);
  if (compare && xiangqi_rate > 0) {
    auto t0 = std::chrono::steady_clock::now();
    std::string cmd = std::string(FSF_COMMAND) + " 2>/dev/null";
    FILE* f = popen(cmd.c_str(), "r");
    char buf[256] = {};
    unsigned long long fsf_nodes = 0;
    if (f) {
      while (std::fgets(buf, sizeof buf, f)) std::sscanf(buf, "Nodes searched: %llu", &fsf_nodes);
      pclose(f);
    }
    double secs = seconds_since(t0);
    if (!fsf_nodes) {
      std::fprintf(stderr, "kirin bench: could not run fairy-stockfish\n");
      return EXIT_FAIL;
    }
    std::printf("fairy-stockfish xiangqi depth 5  %12llu leaves  %8.3f s  %7.2f M leaves/s  (Kirin %.2fx)\n", fsf_nodes,
                secs, fsf_nodes / secs / 1e6, xiangqi_rate / (fsf_nodes / secs));
  }
  return EXIT_OK;
}

constexpr const char* FSF_BENCH = "/usr/games/fairy-stockfish bench 16 1 13 default depth xiangqi";

// The search benchmark: total nodes (the signature) and nodes per second.
int bench_search(const std::string& only, int depth, int hash, bool compare, const std::string& eval_file,
                 int threads) {
  std::string error;
  double seconds = 0;
  std::string last_game;
  uint64_t total = run_bench(
      depth, hash, only,
      [&](const BenchLine& l) {
        seconds += l.seconds;
        if (l.game != last_game) std::printf("%-12s eval %s\n", l.game.c_str(), l.evaluation.c_str());
        last_game = l.game;
        std::printf("%s\n", bench_position_text(l).c_str());
        std::fflush(stdout);
      },
      error, eval_file, threads);
  if (!error.empty()) {
    std::fprintf(stderr, "kirin bench: %s\n", error.c_str());
    return EXIT_FAIL;
  }
  std::printf("%s\n", bench_totals_text(total, seconds).c_str());
  // With several threads the node count varies from run to run: what compares is the time to
  // reach the depth, and the nodes per second.
  if (threads > 1)
    std::printf("Threads         : %d (the time is the time to depth %d; nodes are no signature)\n", threads, depth);
  std::printf("reproduce: kirin bench -d %d%s%s%s\n", depth, only.empty() ? "" : (" -g " + only).c_str(),
              threads > 1 ? (" --threads " + std::to_string(threads)).c_str() : "",
              eval_file.empty() ? "" : (" --eval-file " + eval_file).c_str());
  const bool xiangqi = only.empty() || only == "xiangqi";
  if (xiangqi) std::printf("compare (xiangqi, Fairy-Stockfish): %s\n", FSF_BENCH);
  if (compare && xiangqi) {
    std::string cmd = std::string(FSF_BENCH) + " 2>&1 | grep -E 'Nodes|Total time'";
    std::fflush(stdout);
    if (std::system(cmd.c_str()) != 0) std::fprintf(stderr, "kirin bench: could not run fairy-stockfish\n");
  }
  return EXIT_OK;
}

// The rows of a reference table (game, source, fen, depth, nodes) above `min_nodes`: the deep
// rows that are too slow for the test suite.
int bench_reference(const std::string& path, uint64_t min_nodes) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "kirin bench: cannot read %s\n", path.c_str());
    return EXIT_USAGE;
  }
  std::string line;
  std::getline(in, line);
  int rows = 0, failed = 0, number = 1;
  while (std::getline(in, line)) {
    ++number;
    std::stringstream ss(line);
    std::string game, source, fen, depth_text, nodes_text;
    std::getline(ss, game, '\t');
    std::getline(ss, source, '\t');
    std::getline(ss, fen, '\t');
    std::getline(ss, depth_text, '\t');
    std::getline(ss, nodes_text, '\t');
    if (line.empty()) continue;
    int depth = 0;
    uint64_t nodes = 0;
    auto v = load_variant(game, {});
    const auto d = std::from_chars(depth_text.data(), depth_text.data() + depth_text.size(), depth);
    const auto n = std::from_chars(nodes_text.data(), nodes_text.data() + nodes_text.size(), nodes);
    if (!v || d.ec != std::errc() || d.ptr != depth_text.data() + depth_text.size() || depth < 1 || depth > 20 ||
        n.ec != std::errc() || n.ptr != nodes_text.data() + nodes_text.size() || nodes_text.empty()) {
      std::fprintf(stderr,
                   "kirin bench: %s line %d: expected game, source, FEN, depth 1-20 and leaf count, tab-separated\n",
                   path.c_str(), number);
      return EXIT_USAGE;
    }
    if (nodes <= min_nodes) continue;
    auto pos = parse_fen(*v, fen);
    if (!pos) {
      std::printf("FAIL %s %s: %s\n", game.c_str(), fen.c_str(), pos.error().c_str());
      ++failed;
      continue;
    }
    auto t0 = std::chrono::steady_clock::now();
    uint64_t got = perft(*pos, depth);
    double secs = seconds_since(t0);
    bool ok = got == nodes;
    failed += !ok;
    ++rows;
    std::printf("%s %-12s depth %d  %12llu leaves (reference %s)  %7.2f M leaves/s  %s\n", ok ? "ok  " : "FAIL",
                game.c_str(), depth, static_cast<unsigned long long>(got), nodes_text.c_str(), got / secs / 1e6,
                fen.c_str());
    std::fflush(stdout);
  }
  std::printf("%d deep reference rows, %d failed\nreproduce: kirin bench perft --reference %s\n", rows, failed,
              path.c_str());
  return failed ? EXIT_FAIL : EXIT_OK;
}

}  // namespace

std::function<int()> add_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "bench", "Search benchmark (total nodes = behaviour signature, nps); 'perft' for move generation");
  cmd->require_subcommand(0, 1);
  auto bench_game = std::make_shared<std::string>();
  auto bench_depth = std::make_shared<int>(8);
  auto bench_hash = std::make_shared<int>(16);
  auto bench_compare = std::make_shared<bool>(false);
  cmd->add_option("--game,-g", *bench_game, "only this game's positions");
  cmd->add_option("--depth,-d", *bench_depth, "search depth")->check(CLI::Range(1, 30));
  cmd->add_option("--hash", *bench_hash, "transposition table MB")->check(CLI::Range(1, 4096));
  cmd->add_flag("--compare", *bench_compare, "also run Fairy-Stockfish's xiangqi bench");
  auto bench_threads = std::make_shared<int>(1);
  cmd->add_option("--threads", *bench_threads, "search threads (Lazy SMP); over 1 the time to depth is what compares")
      ->check(CLI::Range(1, MAX_THREADS));
  auto eval_file = std::make_shared<std::string>();
  cmd->add_option("--eval-file", *eval_file,
                  "the EvalFile option: a net file, or none for the hand-made evaluation (default: each game's net)");
  auto* perft_cmd = cmd->add_subcommand("perft", "Perft leaves per second from the start positions");
  auto game = std::make_shared<std::string>();
  auto depth = std::make_shared<int>(0);
  auto compare = std::make_shared<bool>(false);
  perft_cmd->add_option("--game,-g", *game, "only this game");
  perft_cmd->add_option("--depth,-d", *depth, "depth instead of the default")->check(CLI::Range(1, 8));
  perft_cmd->add_flag("--compare", *compare, "also time Fairy-Stockfish's xiangqi perft 5 in this run");
  auto reference = std::make_shared<std::string>();
  perft_cmd->add_option("--reference", *reference,
                        "check the rows of this perft table that are too deep for the tests (over 20M leaves)");
  auto serve_fn = add_bench_serve(*cmd);
  auto* serve_cmd = cmd->get_subcommand("serve");
  auto mate_fn = add_bench_mate(*cmd);
  auto* mate_cmd = cmd->get_subcommand("mate");
  auto start_fn = add_bench_start(*cmd);
  auto* start_cmd = cmd->get_subcommand("start");
  return [=]() -> int {
    for (const std::string* g : {bench_game.get(), game.get()})
      if (!g->empty() && !parse_game(*g)) {
        std::fprintf(stderr, "kirin bench: %s\n", parse_game(*g).error().c_str());
        return EXIT_USAGE;
      }
    if (perft_cmd->parsed() && !reference->empty()) return bench_reference(*reference, 20'000'000);
    if (perft_cmd->parsed()) return bench_perft(*game, *depth, *compare);
    if (serve_cmd->parsed()) return serve_fn();
    if (mate_cmd->parsed()) return mate_fn();
    if (start_cmd->parsed()) return start_fn();
    return bench_search(*bench_game, *bench_depth, *bench_hash, *bench_compare, *eval_file, *bench_threads);
  };
}

}  // namespace kirin::cli
