// A net: its file (docs/nnue.md), its weights, and the layers after the accumulator.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/score.h"
#include "nnue/architecture.h"
#include "nnue/features.h"
#include "nnue/layers.h"

namespace kirin::nnue {

// The weights as the file stores them, layer by layer (dense rows are output-major).
struct Weights {
  std::vector<int16_t> ft_bias;    // L1
  std::vector<int16_t> ft_weight;  // features x L1
  std::vector<int32_t> l1_bias;    // L2
  std::vector<int8_t> l1_weight;   // L2 x 2*L1
  std::vector<int32_t> l2_bias;    // L3
  std::vector<int8_t> l2_weight;   // L3 x L2
  int32_t out_bias = 0;
  std::vector<int8_t> out_weight;  // L3
  // Zeroes of the right sizes for a game's feature set.
  static Weights zero(int features);
};

constexpr char NET_MAGIC[8] = {'K', 'I', 'R', 'I', 'N', 'N', 'U', 'E'};
// Version 2 adds the transformer shift; a net with shift 0 is still written as version 1, which
// every earlier Kirin reads.
constexpr uint32_t NET_VERSION = 2;
// The transformer's weights and biases are scaled by 127 << shift and its outputs shifted right
// by `shift` before clipping: with 30 to 90 pieces on a 12x12 board each piece's weights are a
// few 127ths, and rounding them to whole 127ths cost a Chu Seireigi net 70 cp on average.
constexpr uint32_t MAX_FT_SHIFT = 6;

// 32-bit FNV-1a: the hashes of a net's shape and of its file.
uint32_t fnv1a(std::string_view bytes);

// FNV-1a of the layer sizes and feature set, as scripts/nnue/export.py computes it: a net made
// for another shape is refused even if its sizes happen to add up.
uint32_t architecture_hash(FeatureSetId fs, int features);

class Network {
 public:
  Network(const Variant& v, Weights w, uint32_t output_scale, std::string description, uint32_t ft_shift = 0);

  // Reads a net file for the game `v`; a one-line error names the file and what is wrong.
  static Result<std::shared_ptr<const Network>> load(const std::string& path, const Variant& v);
  static Result<std::shared_ptr<const Network>> parse(std::string_view bytes, const Variant& v);
  // The game a net file is for (its header only), or an error.
  static Result<std::string> game_of(const std::string& path);
  std::string to_bytes() const;

  const FeatureSet& features() const { return features_; }
  GameId game() const { return game_; }
  const std::string& description() const { return description_; }
  uint32_t hash() const { return architecture_hash(features_.id(), features_.dimension()); }
  // FNV-1a of the whole file: which net this is (the architecture hash only names its shape).
  uint32_t file_hash() const { return file_hash_; }
  const Weights& weights() const { return w_; }
  uint32_t ft_shift() const { return ft_shift_; }
  const int16_t* row(uint32_t feature) const { return w_.ft_weight.data() + size_t(feature) * L1; }

  // The value from the side to move's view, from its accumulator and the other side's.
  Value evaluate(const int16_t* own, const int16_t* other, Simd simd) const;

 private:
  GameId game_;
  FeatureSet features_;
  Weights w_;
  uint32_t output_scale_;
  std::string description_;
  uint32_t ft_shift_;
  uint32_t file_hash_ = 0;
};

using NetworkPtr = std::shared_ptr<const Network>;

// A game's default net: <game>.nnue in $KIRIN_NETS, else in the installed share/kirin/nets, else
// in the source tree's data/nets (core/data_dirs.h); "" when there is none.
std::string default_net_path(const std::string& game);

// Why `game` plays without its net, for stderr and a GUI's `info string`: "" when the net was found
// or KIRIN_NETS chose the folder (a folder without it is then the user's choice).
std::string missing_net_warning(const std::string& game);
// Prints missing_net_warning(game) on stderr, the first time it is asked for a game in this process.
void warn_once_without_net(const std::string& game);

}  // namespace kirin::nnue
