// The Engine API: everything a front end (USI, UCI, XBoard, the terminal game, the web server's
// worker thread) needs, and nothing more.
//
//   Engine e;
//   e.set_position(start, {"7g7f", ...});        // a position and the moves played from it
//   e.set_option("Hash", "64");                   // options: see options()
//   SearchResult r = e.search(limits, on_info);   // blocking; or start() + stop() + wait()
//
// Thread safety: one thread drives the engine. While a search started with start() runs, the
// same thread (or any other) may call stop() or ponderhit(); every other call waits for the
// search to end first (so stop an infinite or pondering search before changing anything).
// Info callbacks and the done callback run on the search thread; `done` may not call back into
// the Engine except play() and position().
#pragma once
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/result.h"
#include "rules/position.h"
#include "search/eval_weights.h"
#include "search/limits.h"
#include "search/mate/mate_solver.h"
#include "search/search.h"

namespace kirin {

// The most search threads the Threads option allows (it stops at the machine's cores).
inline constexpr int MAX_THREADS = 256;

// One engine option as the protocols list it (search/engine_options.cpp declares them all).
struct EngineOption {
  enum class Type { SPIN, STRING, CHECK, BUTTON, COMBO } type;
  std::string name;
  std::string default_value;
  int min = 0, max = 0;
  std::vector<std::string> vars = {};  // COMBO: the choices
  std::string help = {};               // what it changes
  // Other names it answers to, as GUIs and bridges send them ("USI_Hash", "Move Overhead").
  std::vector<std::string> aliases = {};
};

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Every option with its type, default, range and help (search/engine_options.cpp): Hash,
  // Threads, MultiPV, MoveOverhead, Weights, EvalFile, Clear Hash, Level, and the search features
  // for self-play measurements.
  static const std::vector<EngineOption>& options();
  // Sets an option by name or alias (case-insensitive), or says why it was refused.
  Result<void> set_option(std::string_view name, std::string_view value);

  // A position and the moves played from it (USI/UCI text). On error nothing changes and the
  // error names the bad FEN field or the bad move and its number.
  Result<void> set_position(const VariantPtr& v, std::string_view fen, const std::vector<std::string>& moves);
  // The same from an already built position (whose own history is not used).
  void set_position(const Position& pos);
  // Plays one more move on the current position (text as above), or says why it is illegal.
  Result<void> play(std::string_view move);
  const Position& position() const { return *pos_; }
  // Forget what earlier games taught the table and the evaluation's caches.
  void new_game();

  // Searches the current position in the calling thread.
  SearchResult search(const SearchLimits& limits, const InfoCallback& info = {});
  // Searches in a background thread and calls `done` there with the result. `ponder` starts a
  // search that ignores the clock until ponderhit(). Infinite and ponder searches return only
  // after stop() (or ponderhit(), for a ponder search with a clock).
  void start(const SearchLimits& limits, bool ponder, InfoCallback info, std::function<void(const SearchResult&)> done);
  // The mate solver (search/mate/mate_solver.h) on the current position, in the calling thread
  // or, like start(), in the background; stop() ends it ("timeout" in its result). Its table is
  // its own, as large as the Hash option.
  MateResult solve_mate(const MateLimits& limits, const MateProgressCallback& progress = {});
  void start_mate(const MateLimits& limits, MateProgressCallback progress, std::function<void(const MateResult&)> done);

  // For a host with one thread (WebAssembly in a Web Worker), which has none to search in: once
  // a yield is set, start() and start_mate() search in the calling thread and return when done,
  // calling `yield` every 1024 nodes (and, with `waiting` true, while a finished infinite search
  // waits for stop), where the host may call stop() or ponderhit() and nothing else.
  void set_yield(std::function<void(bool waiting)> yield);

  void stop();
  void ponderhit();
  void wait();
  bool searching() const { return busy_; }
  // What evaluates the current game: "nnue <file> (<FNV-1a of the file>)" or "classical".
  std::string evaluation();
  // Why the current game will be played without its net although none was chosen instead
  // (nnue::missing_net_warning), for a GUI's info line; "" when it has one or EvalFile is set.
  std::string missing_net() const;

  int threads() const { return threads_; }

 private:
  struct OptionValue;
  struct OptionEntry;
  static const std::vector<OptionEntry>& option_table();
  Result<void> set_eval_file(const std::string& file);
  Result<void> set_weights(std::string_view list);
  void ensure_evaluator();
  SearchResult run(const SearchLimits& limits, const InfoCallback& info);
  // Analysis (an infinite search) first gives the mate solver a moment: a proven mate is then
  // the answer, reported with a mate score. Returns false when it proved nothing.
  bool analysis_mate(const InfoCallback& info, SearchResult& result);
  // A game search with a clock or a move time first gives the solver a share of it (MateProbe):
  // a forced mate by checks is then played at once. Otherwise `rest` is what is left for the
  // alpha-beta search. Node- and depth-limited searches are never probed (they stay reproducible).
  bool probe_mate(const SearchLimits& limits, SearchLimits& rest, const InfoCallback& info, SearchResult& result);
  // A proven mate as a search's report and result.
  void report_mate(const MateResult& m, MateTable& table, const InfoCallback& info, SearchResult& result);
  MateTable& mate_table();
  MateTable& probe_table();
  void launch(std::function<void()> job);

  std::unique_ptr<Position> pos_;
  std::vector<LineEntry> line_;
  std::unique_ptr<Evaluator> eval_;
  EvalWeights weight_overrides_;
  std::vector<std::string> weight_settings_;
  std::string eval_file_;  // the EvalFile option
  nnue::NetworkPtr net_;   // the current game's net, if any, read from net_path_
  std::string net_path_;
  TranspositionTable tt_;
  std::unique_ptr<MateTable> mate_table_;   // made on first use: most games never need it
  std::unique_ptr<MateTable> probe_table_;  // small: a probe is short, and is cleared every move
  bool mate_probe_ = true;                  // the MateProbe option
  size_t hash_mb_ = 16;
  SearchControl control_;
  SearchSettings settings_;
  int level_ = 0;    // playing strength (search/level.h); 0: full strength
  int threads_ = 1;  // the Threads option: the main search thread and threads_ - 1 helpers
  std::thread worker_;
  std::atomic<bool> busy_{false};
};

}  // namespace kirin
