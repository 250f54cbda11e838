// Kirin as an opponent and analyst on the server, behind a small interface: the search Engine
// in production, anything simpler in a test.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rules/position.h"
#include "search/limits.h"

namespace kirin::server {

// A position to think about: the game's start and the moves since (the history matters for
// the repetition rules).
struct BotRequest {
  VariantPtr variant;
  std::string start_fen;
  std::vector<std::string> moves;
  int strength = 4;  // 1 (weakest) .. MAX_STRENGTH
  // A clocked game: each side's main time left (by Color), the increment and the byoyomi. The
  // strength still caps the depth and the time per move.
  bool timed = false;
  int64_t time_ms[2] = {0, 0};
  int64_t increment_ms = 0, byoyomi_ms = 0;
};

struct Analysis {
  Move best;               // none when the side to move has no legal move
  int score = 0;           // centipawns, from the side to move's point of view
  int depth = 0;           // plies searched
  std::vector<Move> line;  // best line from the position, best first
};

class Bot {
 public:
  virtual ~Bot() = default;
  // Called from one engine thread at a time. Returns early (with the best found so far) once
  // `cancel` is set and stop() has been called.
  virtual Analysis think(const BotRequest& r, const std::atomic<bool>& cancel) = 0;
  // A live analysis at full strength: `on_info` hears each completed depth of each of the
  // `multipv` best lines, until depth 40, `max_ms` or `cancel`. By default: think(), told once.
  virtual Analysis analyse_live(const BotRequest& r, int multipv, int64_t max_ms,
                                const std::function<void(const SearchInfo&)>& on_info, const std::atomic<bool>& cancel);
  // From any thread: ends a think() under way soon.
  virtual void stop() {}
};
using BotFactory = std::function<std::unique_ptr<Bot>()>;

// Kirin's search Engine; the strength sets the depth and the time per move. `hash_mb` sizes
// each engine's transposition table (every engine thread of the server has one). Live analyses
// search with `analysis_threads` threads (Lazy SMP); Kirin's moves in games always with one.
std::unique_ptr<Bot> make_engine_bot(int hash_mb = 16, int analysis_threads = 1);

// The search threads a live analysis may take so that Kirin's moves are not starved: while it
// runs on one of the pool's `engine_threads`, the others may each be searching a move, and all of
// them together stay within the machine's `cores`. At least 1, at most `requested`.
constexpr int analysis_threads_within(int requested, int engine_threads, int cores) {
  const int room = cores - engine_threads + 1;
  return room < 1 ? 1 : requested < room ? requested : room;
}
// Material after the opponent's best capture, with noise that shrinks as the strength grows.
// Fast and deterministic for a seed: for tests and load benchmarks.
std::unique_ptr<Bot> make_material_bot(uint64_t seed);

}  // namespace kirin::server
