#include "search/bench.h"

#include <chrono>
#include <cstdio>
#include <sstream>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/engine.h"

namespace kirin {

const std::vector<BenchPosition>& bench_positions() {
  static const std::vector<BenchPosition> list = {
      {"xiangqi", "", ""},
      {"xiangqi", "", "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b2b6 c6c5"},
      {"xiangqi", "", "b2e2 b9c7 b0c2 h9g7 a0b0 a9b9 h0g2 c6c5 b0b4 g6g5"},
      {"xiangqi", "", "c3c4 b9c7 b2e2 g6g5 b0c2 h9g7 a0b0 a9b9 h2f2 i9h9"},
      {"chushogi", "", ""},
      {"chushogi", "", "6i6h 7d7e 7j6i 8d8e 6h6g 5d5e"},
      {"chushogi", "", "7i7h 6d6e 5i5h 8d8e 8i8h 7d7e"},
      {"chuseireigi", "", ""},
      {"chuseireigi", "", "6i6h 7d7e 7i7h 6d6e 5i5h 8d8e"},
      {"chuseireigi", "", "9i9h 4d4e 4i4h 9d9e 10i10h 3d3e 8i8h 10d10e"},
  };
  return list;
}

uint64_t run_bench(int depth, int hash_mb, const std::string& only_game,
                   const std::function<void(const BenchLine&)>& each, std::string& error, const std::string& eval_file,
                   int threads) {
  uint64_t total = 0;
  Engine engine;
  engine.set_option("Hash", std::to_string(hash_mb));
  error = error_of(engine.set_option("EvalFile", eval_file));
  if (error.empty()) error = error_of(engine.set_option("Threads", std::to_string(threads)));
  if (!error.empty()) return 0;
  for (const BenchPosition& bp : bench_positions()) {
    if (!only_game.empty() && only_game != bp.game) continue;
    auto g = parse_game(bp.game);
    VariantPtr v = make_variant(*g);
    std::vector<std::string> moves;
    std::istringstream in(bp.moves);
    for (std::string m; in >> m;) moves.push_back(m);
    error = error_of(engine.set_position(v, bp.fen, moves));
    if (!error.empty()) {
      error = std::string(bp.game) + " bench position: " + error;
      return 0;
    }
    engine.new_game();
    SearchLimits limits;
    limits.depth = depth;
    auto t0 = std::chrono::steady_clock::now();
    SearchResult r = engine.search(limits);
    BenchLine line;
    line.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    line.game = bp.game;
    line.position = to_fen(engine.position());
    line.nodes = r.nodes;
    line.evaluation = engine.evaluation();
    line.best = r.best.is_none() ? "(none)" : move_to_text(engine.position(), r.best);
    total += r.nodes;
    if (each) each(line);
  }
  return total;
}

std::string bench_position_text(const BenchLine& l) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%-12s %10llu nodes  best %-10s ", l.game.c_str(),
                static_cast<unsigned long long>(l.nodes), l.best.c_str());
  return buf + l.position;
}

std::string bench_totals_text(uint64_t nodes, double seconds) {
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "===========================\nTotal time (ms) : %.0f\nNodes searched  : %llu\nNodes/second    : %.0f",
                seconds * 1000, static_cast<unsigned long long>(nodes), seconds > 0 ? nodes / seconds : 0.0);
  return buf;
}

}  // namespace kirin
