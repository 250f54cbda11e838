// kirin analyse --game G --record FILE [--record-game N] [--nodes N | --movetime MS] [--out FILE]
//   [--json FILE]: evaluates every position of a game record (analysis/game_analysis.h) and writes
//   the record annotated in its own format (PGN, KIF), or a plain table for the formats without
//   comments (USI, Game Courier, DhtmlXQ); a progress bar on stderr, a summary line per side.
// kirin analyse --fit SELFPLAY_FILES... --out FILE: fits the game's win-probability curve to
//   self-play results (analysis/judgement.h) and writes it (data/nets/<game>.winrate).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>

#include "analysis/game_analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "game/record.h"
#include "selfplay/sample_reader.h"

namespace kirin::cli {

namespace {

// "analysing [#######.......] 37/151 positions, 0:24 left" on stderr: redrawn in place on a
// terminal; in a log, a line at each tenth.
class ProgressBar {
 public:
  void operator()(int done, int total) {
    const double elapsed = seconds();
    const int width = 30, filled = total ? done * width / total : width;
    if (terminal_ ? done < total && elapsed - shown_ < 0.1 : done < total && filled / 3 == last_tenth_) return;
    shown_ = elapsed, last_tenth_ = filled / 3;
    const int left = done ? int((total - done) * elapsed / done + 0.5) : 0;
    std::fprintf(stderr, "%sanalysing [%s%s] %d/%d positions, %d:%02d left%s", terminal_ ? "\r" : "",
                 std::string(filled, '#').c_str(), std::string(width - filled, '.').c_str(), done, total, left / 60,
                 left % 60, terminal_ && done < total ? " " : "\n");
    std::fflush(stderr);
  }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool terminal_ = isatty(fileno(stderr));
  double shown_ = -1;
  int last_tenth_ = 0;
};

bool write_text(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  return bool(file << text) && bool(file.flush());
}

// The self-play files' positions as (score, result); the game named by their headers.
int fit(const std::vector<std::string>& files, const std::string& out) {
  std::vector<ScoredResult> positions;
  std::string game;
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "kirin analyse: cannot read '%s'\n", path.c_str());
      return EXIT_USAGE;
    }
    SampleReader reader(in);
    if (std::string err = reader.read_header(); !err.empty()) {
      std::fprintf(stderr, "kirin analyse: %s: %s\n", path.c_str(), err.c_str());
      return EXIT_USAGE;
    }
    if (!game.empty() && reader.header().variant != game) {
      std::fprintf(stderr, "kirin analyse: %s is %s, not %s\n", path.c_str(), reader.header().variant.c_str(),
                   game.c_str());
      return EXIT_USAGE;
    }
    game = reader.header().variant;
    Sample s;
    while (reader.next(s)) positions.push_back({s.score, s.result});
    if (!reader.error().empty()) {
      std::fprintf(stderr, "kirin analyse: %s: %s\n", path.c_str(), reader.error().c_str());
      return EXIT_USAGE;
    }
  }
  auto curve = fit_win_curve(positions);
  if (!curve) {
    std::fprintf(stderr, "kirin analyse: %s\n", curve.error().c_str());
    return EXIT_FAIL;
  }
  const std::string comment = game +
                              ": win probability 1 / (1 + exp(-k * centipawns)), fitted by `kirin analyse --fit` to " +
                              std::to_string(positions.size()) + " self-play positions";
  if (!write_text(out, win_curve_text(*curve, comment))) {
    std::fprintf(stderr, "kirin analyse: cannot write '%s'\n", out.c_str());
    return EXIT_FAIL;
  }
  std::printf("%s: k %.8f from %zu positions, written to %s\n", game.c_str(), curve->k, positions.size(), out.c_str());
  return EXIT_OK;
}

}  // namespace

std::function<int()> add_analyse(CLI::App& app) {
  auto* cmd = app.add_subcommand("analyse", "Analyse every move of a game record: judgements, accuracy, annotations");
  auto args = std::make_shared<GameArgs>();
  auto record = std::make_shared<std::string>();
  auto game_number = std::make_shared<int>(1);
  auto settings = std::make_shared<AnalysisSettings>();
  auto out_path = std::make_shared<std::string>();
  auto json_path = std::make_shared<std::string>();
  auto fit_files = std::make_shared<std::vector<std::string>>();
  auto hash = std::make_shared<int>(64);
  cmd->add_option("--game,-g", args->game, "xiangqi, chushogi or chuseireigi");
  cmd->add_option("--option,-o", args->options, "rule option such as bareking=lishogi (repeatable)");
  cmd->add_option("--record,-r", *record, "the game record (any format `kirin replay` reads)");
  cmd->add_option("--record-game", *game_number, "which game of a record file with several (default: the first)")
      ->check(CLI::PositiveNumber);
  auto* nodes = cmd->add_option("--nodes", settings->nodes, "search nodes per position (default 150000)")
                    ->check(CLI::Range(uint64_t(1000), uint64_t(1) << 40));
  cmd->add_option("--movetime", settings->movetime, "milliseconds per position instead of --nodes")
      ->check(CLI::Range(int64_t(1), int64_t(3600000)))
      ->excludes(nodes);
  cmd->add_option("--hash", *hash, "the search table in MB, kept from position to position (default 64)")
      ->check(CLI::Range(1, 65536));
  cmd->add_option("--out", *out_path,
                  "write the annotated record (or table) here, not to stdout; with --fit, the curve file");
  cmd->add_option("--json", *json_path, "also write the analysis as JSON here");
  cmd->add_option("--fit", *fit_files, "fit the win-probability curve to these self-play files (kirin selfplay)");
  return [=] {
    if (!fit_files->empty()) {
      if (out_path->empty()) {
        std::fprintf(stderr, "kirin analyse: --fit needs --out (the curve file, e.g. data/nets/chushogi.winrate)\n");
        return EXIT_USAGE;
      }
      return fit(*fit_files, *out_path);
    }
    if (args->game.empty() || record->empty()) {
      std::fprintf(stderr, "kirin analyse: --game and --record are needed (or --fit FILES --out FILE)\n");
      return EXIT_USAGE;
    }
    auto v = load_variant(args->game, args->options);
    if (!v) {
      std::fprintf(stderr, "kirin analyse: %s\n", v.error().c_str());
      return EXIT_USAGE;
    }
    auto text = read_record_file(*record);
    if (!text) {
      std::fprintf(stderr, "kirin analyse: %s\n", text.error().c_str());
      return EXIT_USAGE;
    }
    auto g = read_record_game(*v, *text, *game_number);
    if (!g) {
      std::fprintf(stderr, "kirin analyse: %s: %s\n", record->c_str(), g.error().c_str());
      return EXIT_USAGE;
    }
    if (g->ply() == 0) {
      std::fprintf(stderr, "kirin analyse: %s: the game has no moves\n", record->c_str());
      return EXIT_USAGE;
    }
    std::string warning;
    const WinCurve curve = win_curve_for(game_name((*v)->game()), &warning);
    if (!warning.empty()) std::fprintf(stderr, "kirin analyse: warning: %s\n", warning.c_str());
    Engine engine;
    engine.set_option("Hash", std::to_string(*hash));
    ProgressBar bar;
    const GameAnalysis a = analyse_game(*g, engine, curve, *settings, std::ref(bar));
    const double seconds = bar.seconds();
    // XBoard's Chu Shogi PGN is read but not written: a table for it too.
    const RecordFormat format = detect_record_format(*text);
    const bool notes = takes_notes(format) && record_format_misfit(format, **v).empty();
    const std::string annotated = notes ? write_annotated_record(*g, format, analysis_notes(a)) : analysis_table(a, *g);
    if (out_path->empty()) {
      std::fputs(annotated.c_str(), stdout);
    } else if (!write_text(*out_path, annotated)) {
      std::fprintf(stderr, "kirin analyse: cannot write '%s'\n", out_path->c_str());
      return EXIT_FAIL;
    }
    if (!json_path->empty() && !write_text(*json_path, analysis_json(a) + "\n")) {
      std::fprintf(stderr, "kirin analyse: cannot write '%s'\n", json_path->c_str());
      return EXIT_FAIL;
    }
    // With the record on stdout, the summary goes beside the progress bar.
    FILE* say = out_path->empty() ? stderr : stdout;
    for (const std::string& line : analysis_summary(a, **v)) std::fprintf(say, "%s\n", line.c_str());
    std::fprintf(say, "%d positions in %.1f s (%s per position)\n", g->ply() + 1, seconds,
                 settings->movetime ? (std::to_string(settings->movetime) + " ms").c_str()
                                    : (std::to_string(settings->nodes) + " nodes").c_str());
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
