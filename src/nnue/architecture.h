// The shape of Kirin's nets, as in Stockfish's first NNUE: a feature transformer into an int16
// accumulator per perspective, then two small int8 layers with clipped ReLU, then one output.
//
//   features (sparse, per perspective) -> L1 x 2 (side to move first) -> L2 -> L3 -> 1
//
// Quantisation (the trainer's export must match, scripts/nnue/export.py): activations are
// unsigned 8-bit, 127 standing for 1.0; the transformer's weights and biases are scaled by
// 127 << s and its sums shifted right by s (s, the net file's transformer shift, 0 to 6);
// the dense layers' weights by 64 (so |w| <= 127/64) and their biases by 127 * 64; a dense
// layer's int32 sum shifted right by 6 is the next activation. The output's int32 sum divided by
// 127 * 64 is the net's value in "output units"; OUTPUT_SCALE centipawns each.
#pragma once
#include <cstdint>

namespace kirin::nnue {

constexpr int L1 = 128;
constexpr int L2 = 32;
constexpr int L3 = 32;
constexpr int ACTIVATION_MAX = 127;
constexpr int WEIGHT_SHIFT = 6;  // dense weights are scaled by 1 << WEIGHT_SHIFT
constexpr int OUTPUT_DIVISOR = ACTIVATION_MAX << WEIGHT_SHIFT;

// The input features a net was trained on. The number is stored in the net file.
enum class FeatureSetId : uint32_t {
  // Xiangqi: piece x square, per King bucket (the General's palace square, mirrored to the
  // left half of the board), seen from each side with its own half at the bottom.
  XIANGQI_PALACE_KA = 1,
  // The 12x12 games: piece x square seen from each side (the board turned for the second), and
  // "at least n in hand" counts when the game has drops.
  BOARD_AND_HANDS = 2,
};

}  // namespace kirin::nnue
