// What a self-play file holds (kirin selfplay --stats): counts of positions and games, results,
// and the search's scores in bands.
#pragma once
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>

#include "selfplay/sample.h"

namespace kirin {

struct SampleStats {
  SampleHeader header;
  uint64_t positions = 0, games = 0;
  uint64_t in_check = 0, not_quiet = 0;
  uint64_t results[3] = {};       // positions by result for the side to move: loss, draw, win
  uint64_t game_results[3] = {};  // games: FIRST wins, draws, SECOND wins
  // Score bands (centipawns, side to move): upper bounds of SCORE_BANDS, the last one open.
  static constexpr std::array<int, 12> SCORE_BANDS = {
      -SAMPLE_SCORE_LIMIT, -1000, -500, -250, -100, -25, 25, 100, 250, 500, 1000, SAMPLE_SCORE_LIMIT - 1};
  std::array<uint64_t, SCORE_BANDS.size() + 1> scores = {};
};

// Reads the whole file; the stats, or the first error (with its byte offset) if the file is
// not a well-formed self-play file.
Result<SampleStats> read_sample_stats(std::istream& in);
void print_sample_stats(const SampleStats& s, std::ostream& out);

}  // namespace kirin
