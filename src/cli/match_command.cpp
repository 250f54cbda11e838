// kirin match: engine against engine over USI/UCI/XBoard, refereed by Kirin's Game.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/common.h"
#include "core/score.h"
#include "game/record.h"
#include "match/match.h"

namespace kirin::cli {
namespace {

constexpr uint64_t MAX_NODES = 1000000000000000;  // as the protocols' "go nodes" accepts

struct Side {
  std::string command = "kirin", protocol, name;
  std::vector<std::string> options;
  int memory = 0;
  uint64_t nodes = 0;
  std::string tc;                 // this engine's own base+increment (time odds)
  std::optional<double> byoyomi;  // and byoyomi
};

// "10+0.1" (seconds + increment), "60" (sudden death).
bool parse_tc(const std::string& text, TimeControl& tc) {
  char* end = nullptr;
  double base = std::strtod(text.c_str(), &end);
  double inc = 0;
  if (end == text.c_str()) return false;
  if (*end == '+') {
    const char* start = end + 1;
    inc = std::strtod(start, &end);
    if (end == start) return false;
  }
  // A week of main time and a day of increment are plenty; beyond (or inf, nan) is a mistake.
  if (*end != '\0' || !(base >= 0 && base <= 604800) || !(inc >= 0 && inc <= 86400)) return false;
  tc.base_ms = int64_t(base * 1000);
  tc.inc_ms = int64_t(inc * 1000);
  return true;
}

}  // namespace

std::function<int()> add_match(CLI::App& app) {
  auto* cmd = app.add_subcommand("match", "Engine-against-engine match with Elo and SPRT (Kirin's Game referees)");
  auto game = std::make_shared<std::string>("xiangqi");
  auto sides = std::make_shared<std::array<Side, 2>>();
  auto games = std::make_shared<int>(2);
  auto tc = std::make_shared<std::string>();
  auto byoyomi = std::make_shared<double>(0);
  auto movetime = std::make_shared<int64_t>(0);
  auto depth = std::make_shared<int>(0);
  auto nodes = std::make_shared<uint64_t>(0);
  auto openings = std::make_shared<std::string>();
  auto pgn = std::make_shared<std::string>();
  auto kif = std::make_shared<std::string>();
  auto record = std::make_shared<std::string>();
  auto record_format = std::make_shared<std::string>("usi");
  auto max_plies = std::make_shared<int>(600);
  auto margin = std::make_shared<int64_t>(200);
  auto sprt = std::make_shared<std::string>();
  auto prior = std::make_shared<std::string>();
  auto resign = std::make_shared<std::string>();
  auto first_opening = std::make_shared<int>(1);
  auto concurrency = std::make_shared<std::string>("1");
  auto jitter = std::make_shared<int>(10);
  auto seed = std::make_shared<uint64_t>(1);
  cmd->add_option("--game,-g", *game, "xiangqi, chushogi or chuseireigi");
  for (int i = 0; i < 2; ++i) {
    const std::string n = std::to_string(i + 1);
    Side& s = (*sides)[i];
    cmd->add_option("--engine" + n, s.command, "engine " + n + " command ('kirin' = this program)");
    cmd->add_option("--proto" + n, s.protocol,
                    "usi, uci, ucci or xboard (default: usi for the shogi games, uci for xiangqi)");
    cmd->add_option("--name" + n, s.name, "name in the records");
    cmd->add_option("--option" + n, s.options, "engine option Name=Value (repeatable)");
    cmd->add_option("--memory" + n, s.memory, "XBoard 'memory' in MB (HaChu needs it)")->check(CLI::Range(1, 1 << 20));
    cmd->add_option(
           "--nodes" + n, s.nodes,
           "fixed nodes per move for this engine only (USI/UCI): a handicap, or two engines' speeds evened out")
        ->check(CLI::Range(uint64_t(1), MAX_NODES));
    cmd->add_option("--tc" + n, s.tc, "engine " + n + "'s own time control, base+increment in seconds (time odds)");
    cmd->add_option("--byoyomi" + n, s.byoyomi, "engine " + n + "'s own byoyomi in seconds (time odds)")
        ->check(CLI::Range(0.0, 86400.0));
  }
  cmd->add_option("--games,-n", *games, "number of games (pairs with colours swapped)")->check(CLI::Range(1, 100000));
  cmd->add_option("--tc", *tc, "time control in seconds: base+increment, e.g. 10+0.1");
  cmd->add_option("--byoyomi", *byoyomi, "byoyomi seconds per move (USI)")->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--movetime", *movetime, "fixed ms per move")->check(CLI::Range(int64_t(1), int64_t(86400000)));
  cmd->add_option("--depth", *depth, "fixed depth per move")->check(CLI::Range(1, MAX_PLY - 8));
  cmd->add_option("--nodes", *nodes, "fixed nodes per move (USI/UCI)")->check(CLI::Range(uint64_t(1), MAX_NODES));
  cmd->add_option("--openings", *openings, "file of openings: '[FEN] [moves m1 m2 ...]' per line");
  cmd->add_option("--pgn", *pgn, "append the games as PGN (xiangqi)");
  cmd->add_option("--kif", *kif, "append the games as KIF (Chu Shogi)");
  cmd->add_option("--record", *record, "append the games in --record-format");
  cmd->add_option("--record-format", *record_format,
                  "usi, gc, kif, pgn, iccs, chinese, chinese-traditional or dhtmlxq");
  cmd->add_option("--max-plies", *max_plies, "adjudicate a draw after this many plies (the opening's moves included)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--margin", *margin, "ms a clock may overrun per move")
      ->check(CLI::Range(int64_t(0), int64_t(600000)));
  cmd->add_option("--sprt", *sprt, "stop when decided: elo0=0,elo1=10[,alpha=0.05,beta=0.05]");
  cmd->add_option("--resign", *resign,
                  "MOVES,SCORE: end a game when, MOVES moves in a row, one engine scored at most -SCORE (cp) and the "
                  "other at least SCORE");
  cmd->add_option("--prior", *prior, "continue an earlier run: its score W-L-D (for engine 1) counts in Elo and SPRT");
  cmd->add_option("--first-opening", *first_opening,
                  "start at this opening (numbered as the progress lines show it, from 1)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--concurrency,-j", *concurrency,
                  "games played at once, each by its own pair of engines (default 1)");
  cmd->add_option(
         "--nodes-jitter", *jitter,
         "percent by which node limits vary from move to move, drawn alike for both engines (default 10, 0: exact)")
      ->check(CLI::Range(0, 50));
  cmd->add_option("--seed", *seed, "seed of the node jitter (default 1)");
  return [=]() -> int {
    MatchConfig c;
    {
      const std::string& text = *concurrency;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), c.concurrency);
      if (ec != std::errc() || end != text.data() + text.size() || c.concurrency < 1 || c.concurrency > 256) {
        std::fprintf(stderr, "kirin match: --concurrency: expected a number of games from 1 to 256, got '%s'\n",
                     text.c_str());
        return EXIT_USAGE;
      }
    }
    c.nodes_jitter_percent = *jitter;
    c.seed = *seed;
    auto g = parse_game(*game);
    if (!g) {
      std::fprintf(stderr, "kirin match: %s\n", g.error().c_str());
      return EXIT_USAGE;
    }
    c.game = *g;
    for (int i = 0; i < 2; ++i) {
      const Side& s = (*sides)[i];
      PlayerConfig& p = c.players[i];
      p.command = s.command;
      p.protocol = !s.protocol.empty() ? s.protocol : c.game == GameId::XIANGQI ? "uci" : "usi";
      if (p.protocol != "usi" && p.protocol != "uci" && p.protocol != "ucci" && p.protocol != "xboard") {
        std::fprintf(stderr, "kirin match: --proto%d: expected usi, uci, ucci or xboard, got '%s'\n", i + 1,
                     p.protocol.c_str());
        return EXIT_USAGE;
      }
      if (p.protocol == "usi" && c.game == GameId::XIANGQI) {
        std::fprintf(stderr,
                     "kirin match: --proto%d: USI is for the shogi games; xiangqi engines speak uci, ucci or xboard\n",
                     i + 1);
        return EXIT_USAGE;
      }
      p.name = !s.name.empty() ? s.name : s.command + (s.command == "kirin" ? std::to_string(i + 1) : "");
      p.memory_mb = s.memory;
      p.nodes = s.nodes;
      for (const std::string& o : s.options) {
        auto eq = o.find('=');
        if (eq == std::string::npos) {
          std::fprintf(stderr, "kirin match: --option%d: expected Name=Value, got '%s'\n", i + 1, o.c_str());
          return EXIT_USAGE;
        }
        p.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
      }
    }
    c.games = *games;
    if (!tc->empty() && !parse_tc(*tc, c.tc)) {
      std::fprintf(stderr, "kirin match: --tc: expected seconds or base+increment, got '%s'\n", tc->c_str());
      return EXIT_USAGE;
    }
    c.tc.byoyomi_ms = int64_t(*byoyomi * 1000);
    c.tc.movetime_ms = *movetime;
    c.tc.depth = *depth;
    c.tc.nodes = *nodes;
    const bool own_nodes = c.players[0].nodes || c.players[1].nodes;
    if (!c.tc.clocked() && !c.tc.movetime_ms && !c.tc.depth && !c.tc.nodes && !own_nodes)
      c.tc.base_ms = 10000, c.tc.inc_ms = 100;
    // Time odds: an engine's own clock replaces the match's clock for it; the other limits stay.
    for (int i = 0; i < 2; ++i) {
      const Side& s = (*sides)[i];
      if (s.tc.empty() && !s.byoyomi) continue;
      TimeControl own = c.tc;
      if (!s.tc.empty() && !parse_tc(s.tc, own)) {
        std::fprintf(stderr, "kirin match: --tc%d: expected seconds or base+increment, got '%s'\n", i + 1,
                     s.tc.c_str());
        return EXIT_USAGE;
      }
      if (s.byoyomi) own.byoyomi_ms = int64_t(*s.byoyomi * 1000);
      c.players[i].tc = own;
    }
    if (!openings->empty()) {
      auto ops = read_openings(*openings);
      if (!ops) {
        std::fprintf(stderr, "kirin match: %s\n", ops.error().c_str());
        return EXIT_USAGE;
      }
      c.openings = *ops;
    }
    c.record_path = *record;
    c.record_format = *record_format;
    if (!pgn->empty()) c.record_path = *pgn, c.record_format = "pgn";
    if (!kif->empty()) c.record_path = *kif, c.record_format = "kif";
    if ((!pgn->empty()) + (!kif->empty()) + (!record->empty()) > 1) {
      std::fprintf(stderr, "kirin match: --pgn, --kif and --record: choose one\n");
      return EXIT_USAGE;
    }
    if (!c.record_path.empty()) {
      auto f = parse_record_format(c.record_format);
      std::string err = f ? error_of(record_format_misfit(*f, *make_variant(c.game))) : f.error();
      if (!err.empty()) {
        std::fprintf(stderr, "kirin match: %s\n", err.c_str());
        return EXIT_USAGE;
      }
    }
    c.max_plies = *max_plies;
    c.margin_ms = *margin;
    if (!sprt->empty()) {
      Sprt s;
      if (std::string err = error_of(parse_sprt(*sprt, s)); !err.empty()) {
        std::fprintf(stderr, "kirin match: %s\n", err.c_str());
        return EXIT_USAGE;
      }
      c.sprt = s;
    }
    if (!prior->empty()) {
      long n[3] = {};
      char end = 0;
      const bool read = std::isdigit(static_cast<unsigned char>(prior->front())) &&
                        std::sscanf(prior->c_str(), "%ld-%ld-%ld%c", &n[0], &n[1], &n[2], &end) == 3;
      if (!read || *std::min_element(n, n + 3) < 0 || *std::max_element(n, n + 3) > 100000000) {
        std::fprintf(stderr, "kirin match: --prior: expected wins-losses-draws, got '%s'\n", prior->c_str());
        return EXIT_USAGE;
      }
      c.prior = Score{int(n[0]), int(n[1]), int(n[2])};
    }
    if (!resign->empty()) {
      int moves = 0, score = 0;
      char end = 0;
      if (std::sscanf(resign->c_str(), "%d,%d%c", &moves, &score, &end) != 2 || moves < 1 || moves > 1000 ||
          score < 1 || score > 100000) {
        std::fprintf(stderr, "kirin match: --resign: expected MOVES,SCORE such as 4,1000, got '%s'\n", resign->c_str());
        return EXIT_USAGE;
      }
      c.resign_moves = moves, c.resign_score = score;
    }
    c.first_opening = *first_opening - 1;
    if (c.first_opening >= int(std::max<size_t>(c.openings.size(), 1))) {
      std::fprintf(stderr, "kirin match: --first-opening: %d is past the last opening (%zu)\n", *first_opening,
                   std::max<size_t>(c.openings.size(), 1));
      return EXIT_USAGE;
    }
    return run_match(c, std::cout, std::cerr);
  };
}

}  // namespace kirin::cli
