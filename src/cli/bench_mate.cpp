// kirin bench mate: the mate solver (or, with --search, the alpha-beta search) over a file of
// problems; prints each problem's result and the solved count, nodes and time.
#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "search/engine.h"

namespace kirin::cli {
namespace {

// One line of a problem file: game|fen|plies|checks-only (true/false)|tag
struct Problem {
  std::string game, fen, tag;
  int plies = 0;
  bool checks_only = true;
};

Result<std::vector<Problem>> read_problems(const std::string& path) {
  auto text = read_file(path);
  if (!text) return Error{text.error()};
  std::vector<Problem> out;
  std::istringstream in(*text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string s; std::getline(fields, s, '|');) f.push_back(s);
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (f.size() != 5) return Error{where + "expected game|fen|plies|checks-only|tag"};
    Problem p{f[0], f[1], f[4]};
    try {
      p.plies = std::stoi(f[2]);
    } catch (...) {
      return Error{where + "plies: expected a number, got '" + f[2] + "'"};
    }
    if (f[3] != "true" && f[3] != "false")
      return Error{where + "checks-only: expected true or false, got '" + f[3] + "'"};
    p.checks_only = f[3] == "true";
    if (!parse_game(p.game)) return Error{where + parse_game(p.game).error()};
    out.push_back(p);
  }
  return out;
}

struct Outcome {
  int plies = 0;  // of the mate found; 0: none
  uint64_t nodes = 0;
};

Outcome run_solver(Engine& e, const Problem& p, int64_t movetime) {
  MateLimits limits;
  limits.movetime = movetime;
  limits.checks_only = p.checks_only;
  const MateResult r = e.solve_mate(limits);
  return {r.status == MateStatus::MATE ? int(r.line.size()) : 0, r.nodes};
}

Outcome run_search(Engine& e, int64_t movetime) {
  SearchLimits limits;
  limits.movetime = movetime;
  e.new_game();
  const SearchResult r = e.search(limits);
  const bool mate = is_mate_score(r.score) && r.score > 0;
  return {mate ? VALUE_MATE - r.score : 0, r.nodes};
}

int bench_mate(const std::string& path, int64_t movetime, bool search, bool probe, int hash) {
  auto problems = read_problems(path);
  if (!problems) {
    std::fprintf(stderr, "kirin bench mate: %s\n", problems.error().c_str());
    return EXIT_USAGE;
  }
  Engine engine;
  engine.set_option("Hash", std::to_string(hash));
  engine.set_option("MateProbe", probe ? "true" : "false");
  int solved = 0, number = 0;
  uint64_t nodes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const Problem& p : *problems) {
    ++number;
    auto v = load_variant(p.game, {});
    std::string err = v ? error_of(engine.set_position(*v, p.fen, {})) : v.error();
    if (!err.empty()) {
      std::fprintf(stderr, "kirin bench mate: %s problem %d: %s\n", path.c_str(), number, err.c_str());
      return EXIT_USAGE;
    }
    const auto t = std::chrono::steady_clock::now();
    const Outcome o = search ? run_search(engine, movetime) : run_solver(engine, p, movetime);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
    const bool ok = o.plies > 0 && o.plies <= p.plies;
    solved += ok;
    nodes += o.nodes;
    std::printf("%3d %-11s mate in %3d %-18s %s %12llu nodes %8.0f ms\n", number, p.game.c_str(), p.plies,
                p.tag.c_str(),
                ok        ? "solved"
                : o.plies ? ("mate " + std::to_string(o.plies)).c_str()
                          : "-     ",
                static_cast<unsigned long long>(o.nodes), ms);
    std::fflush(stdout);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const char* what = !search ? "mate solver"
                     : probe ? "alpha-beta search, mate probe on"
                             : "alpha-beta search, no mate probe";
  std::printf("solved %d/%d, %llu nodes, %.1f s (%s)\nreproduce: kirin bench mate --file %s --movetime %lld%s\n",
              solved, number, static_cast<unsigned long long>(nodes), secs, what, path.c_str(),
              static_cast<long long>(movetime),
              !search ? ""
              : probe ? " --search"
                      : " --search --mate-probe false");
  return EXIT_OK;
}

}  // namespace

std::function<int()> add_bench_mate(CLI::App& bench) {
  auto* cmd = bench.add_subcommand("mate", "The mate solver over a problem file: solved count, nodes and time");
  auto file = std::make_shared<std::string>("data/problems/mates.txt");
  auto movetime = std::make_shared<int64_t>(5000);
  auto search = std::make_shared<bool>(false);
  auto hash = std::make_shared<int>(64);
  auto probe = std::make_shared<bool>(true);
  cmd->add_option("--file", *file, "problems, one per line: game|fen|plies|checks-only|tag");
  cmd->add_option("--movetime", *movetime, "ms per problem")->check(CLI::Range(int64_t(1), int64_t(1) << 40));
  cmd->add_flag("--search", *search, "use the alpha-beta search (go movetime) instead of the solver");
  cmd->add_option("--mate-probe", *probe, "with --search: the search's mate probe (MateProbe), true or false");
  cmd->add_option("--hash", *hash, "table size in MB")->check(CLI::Range(1, 4096));
  return [=] { return bench_mate(*file, *movetime, *search, *probe, *hash); };
}

}  // namespace kirin::cli
