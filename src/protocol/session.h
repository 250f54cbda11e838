// What the three protocol front ends share: a locked line writer (the search thread reports
// while the reader waits for the next command), tokenising, limits from "go" arguments, and
// principal variations as text.
#pragma once
#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "rules/position.h"
#include "search/limits.h"

namespace kirin::protocol {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void line(const std::string& text);

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

// Call before reading commands. std::cin is tied to std::cout: every read would flush std::cout
// from the reading thread while the search thread writes to it under Output's lock, and the
// unguarded flush could send a line twice (a "bestmove" repeated, then taken as the answer to the
// next "go"). Output flushes each line itself.
void untie_input(std::istream& in);

// An error line to send back: echoed input is cut to a readable length (a megabyte of garbage
// gets a short answer) and control characters become '?'.
std::string clip(std::string_view text);

// A whole decimal integer in [low, high].
bool read_integer(std::string_view text, int64_t& out, int64_t low, int64_t high);

std::vector<std::string> tokens(std::string_view line);
// Words [begin, end) joined by single spaces.
std::string join(const std::vector<std::string>& words, size_t begin, size_t end);

// Reads "go" arguments (after "go"). `first_time`/`second_time` name the clock keywords of the
// side that moves first and second ("btime"/"wtime" in USI, "wtime"/"btime" in UCI).
// Or the first argument it cannot read; `ponder` is set by "ponder".
Result<void> parse_go(const std::vector<std::string>& args, size_t start, const char* first_time, const char* first_inc,
                      const char* second_time, const char* second_inc, Position& pos, SearchLimits& limits,
                      bool& ponder);

// The moves of `pv` as engine text, played out on a copy of `pos`.
std::string pv_text(const Position& pos, const std::vector<Move>& pv);

// "position startpos|sfen|fen ... [moves ...]": splits into the FEN ("" = start) and the moves.
// Returns "" or what is malformed.
Result<void> split_position(const std::vector<std::string>& args, std::string& fen, std::vector<std::string>& moves);

}  // namespace kirin::protocol
