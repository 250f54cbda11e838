// kirin mate --game G --fen F [--movetime MS] [--checks-only true|false] [--futile-drops-count true|false]
//            [--rest-to-defender] [--hash MB]
#include <cstdio>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "search/mate/mate_solver.h"
#include "search/mate/problems.h"

namespace kirin::cli {

std::function<int()> add_mate(CLI::App& app) {
  auto* cmd = app.add_subcommand("mate", "Solve a mate problem: a forced mate for the side to move");
  auto args = std::make_shared<GameArgs>();
  auto movetime = std::make_shared<int64_t>(0);
  auto hash = std::make_shared<int>(16);
  auto checks = std::make_shared<std::string>();
  cmd->add_option("--game,-g", args->game, "xiangqi, chushogi or chuseireigi")->required();
  cmd->add_option("--fen,-f", args->fen, "FEN/SFEN of the problem (the side to move attacks)")->required();
  cmd->add_option("--option,-o", args->options, "rule option such as lion=hawk (repeatable)");
  cmd->add_option("--movetime", *movetime, "give up after this many ms (default: no limit)")
      ->check(CLI::Range(int64_t(0), int64_t(1) << 40));
  cmd->add_option("--checks-only", *checks,
                  "true: every attacking move checks (tsume; the shogi games' default); false: any move (xiangqi's)")
      ->check(CLI::IsMember({"true", "false"}));
  auto futile = std::make_shared<std::string>("false");
  cmd->add_option("--futile-drops-count", *futile,
                  "false (tsume): a futile interposition does not lengthen the defence; true: every ply counts")
      ->check(CLI::IsMember({"true", "false"}));
  auto rest = std::make_shared<bool>(false);
  cmd->add_flag("--rest-to-defender", *rest,
                "the defender holds every piece neither on the board nor in the attacker's hand (tsume; drops only)");
  cmd->add_option("--hash", *hash, "table size in MB")->check(CLI::Range(1, 4096));
  return [=] {
    args->fen_given = true;
    args->setup = Setup::PROBLEM;
    auto pos = load_position(*args);
    if (!pos) {
      std::fprintf(stderr, "kirin mate: %s\n", pos.error().c_str());
      return EXIT_USAGE;
    }
    if (*rest) {
      if (auto given = give_defender_the_rest(*pos); !given) {
        std::fprintf(stderr, "kirin mate: --rest-to-defender: %s\n", given.error().c_str());
        return EXIT_USAGE;
      }
      std::printf("position %s\n", to_fen(*pos).c_str());
    }
    MateLimits limits;
    limits.movetime = *movetime;
    limits.futile_drops_count = *futile == "true";
    limits.checks_only = checks->empty() ? pos->variant().is_shogi_family() : *checks == "true";
    MateTable table{size_t(*hash)};
    std::atomic<bool> stop{false};
    MateSolver solver(*pos, table, stop);
    auto print_progress = [](const MateProgress& p) {
      std::printf("info nodes %llu pn %s dn %s time %lld hashfull %d\n", static_cast<unsigned long long>(p.nodes),
                  proof_number_text(p.pn).c_str(), proof_number_text(p.dn).c_str(), static_cast<long long>(p.time_ms),
                  p.hashfull);
      std::fflush(stdout);
    };
    const MateResult r = solver.solve(limits, print_progress);
    print_progress({r.nodes, r.time_ms, r.pn, r.dn, table.hashfull()});
    switch (r.status) {
      case MateStatus::MATE: {
        Position walk = *pos;
        std::string text;
        for (Move m : r.line) {
          text += ' ' + move_to_text(walk, m);
          walk.do_move(m);
        }
        std::printf("mate in %zu %s:%s\n", r.line.size(), r.line.size() == 1 ? "ply" : "plies", text.c_str());
        return EXIT_OK;
      }
      case MateStatus::NO_MATE:
        std::printf("no mate\n");
        return EXIT_FAIL;
      case MateStatus::UNKNOWN:
        break;
    }
    std::printf("timeout\n");
    return EXIT_FAIL;
  };
}

}  // namespace kirin::cli
