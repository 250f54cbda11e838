// The search benchmark: fixed positions from all three games searched to a fixed depth. The
// total node count is a signature of the search's behaviour (put it in commits as "Bench: N").
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kirin {

struct BenchPosition {
  const char* game;
  const char* fen;    // "" for the start position
  const char* moves;  // played from it, space-separated
};

const std::vector<BenchPosition>& bench_positions();

struct BenchLine {
  std::string game;
  std::string position;  // the FEN searched
  uint64_t nodes = 0;
  std::string best;
  double seconds = 0;
  std::string evaluation;  // Engine::evaluation(): which net, or "classical"
};

// Searches every bench position (or those of one game) with a fresh table; calls `each` per
// position. Returns the total nodes, or 0 and an error in `error`. `eval_file` is the EvalFile
// option ("" each game's own net, "none" the hand-made evaluation). With more than one thread the
// nodes are no signature (threads race), and the time is the time to reach the depth.
uint64_t run_bench(int depth, int hash_mb, const std::string& only_game,
                   const std::function<void(const BenchLine&)>& each, std::string& error,
                   const std::string& eval_file = "", int threads = 1);

// The report as `kirin bench` prints it (and the WebAssembly build, which must match it): one
// line per position, then the totals, "Nodes searched  : N" being the signature.
std::string bench_position_text(const BenchLine& line);
std::string bench_totals_text(uint64_t nodes, double seconds);

}  // namespace kirin
