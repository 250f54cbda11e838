// Self-play training positions and their file format (docs/selfplay-format.md): a header naming
// the variant and its piece kinds, then one record per searched position, little-endian.
// The reader is in sample_reader.h; the trainer (scripts/nnue/) reads the same bytes.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace kirin {

// The file's first 8 bytes: "KIRINSP" and the format version.
inline constexpr char SAMPLE_MAGIC[8] = {'K', 'I', 'R', 'I', 'N', 'S', 'P', 1};
// Mates and scores beyond are written as this many centipawns.
constexpr int SAMPLE_SCORE_LIMIT = 32000;
constexpr int SAMPLE_FIXED_BYTES = 13;

struct SampleHeader {
  std::string variant;  // as --game takes it
  int files = 0, ranks = 0;
  std::vector<std::string> kinds;  // catalogue order: index = Kind
  // Further "key=value" lines (nodes, seed), in the order written; readers ignore unknown ones.
  std::vector<std::pair<std::string, std::string>> extra;

  // Do two headers describe the same board and pieces (variant, files, ranks, kinds)?
  bool same_board(const SampleHeader& o) const {
    return variant == o.variant && files == o.files && ranks == o.ranks && kinds == o.kinds;
  }
};

// The header for a variant; kinds are named by their SFEN/FEN token ("P", "+P", "K").
SampleHeader sample_header(const Variant& v);

struct Sample {
  enum Flag : uint8_t { IN_CHECK = 1, NOT_QUIET = 2 };
  uint32_t game = 0;
  uint16_t ply = 0;
  int16_t score = 0;  // centipawns, side to move's view
  int8_t result = 0;  // the game's result for the side to move: 1, 0, -1
  uint8_t stm = 0;
  uint8_t flags = 0;
  std::vector<std::pair<uint8_t, uint8_t>> board;  // (square y * files + x, piece byte)
  std::vector<std::pair<uint8_t, uint8_t>> hand;   // (piece byte, count > 0)
  bool operator==(const Sample&) const = default;
};

// The position's pieces, side to move and check flag; game, ply, score, result and the quiet
// flag are the caller's.
Sample sample_of(const Position& pos);
// A search score in the file's units: centipawns, mates as +-SAMPLE_SCORE_LIMIT.
int16_t sample_score(int value);
// Does the move take or promote (not a quiet move)? A drop is quiet.
bool is_noisy(const Position& pos, Move m);

// Appends the encoded header or record to `out`.
void encode_header(const SampleHeader& h, std::string& out);
void encode_sample(const Sample& s, std::string& out);

}  // namespace kirin
