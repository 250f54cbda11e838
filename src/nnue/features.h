// The net's input features for each game, seen from one side (a perspective), and what a move
// changes in them. scripts/nnue/features.py computes the same indices from self-play records;
// `kirin nnue features` prints these so a test can compare the two.
#pragma once
#include <array>
#include <cstdint>

#include "nnue/architecture.h"
#include "rules/position.h"

namespace kirin::nnue {

// At most this many active features per perspective (a full 12x12 board and full hands).
struct FeatureList {
  static constexpr int CAPACITY = 1024;
  std::array<uint32_t, CAPACITY> index;
  int count = 0;
  void push(uint32_t i) { index[count++] = i; }
  const uint32_t* begin() const { return index.data(); }
  const uint32_t* end() const { return index.data() + count; }
};

// Pieces in hand count as "at least 1", "at least 2", ... up to this many of a kind.
constexpr int HAND_CAP = 8;

class FeatureSet {
 public:
  explicit FeatureSet(const Variant& v);
  static FeatureSetId id_for(GameId g) {
    return g == GameId::XIANGQI ? FeatureSetId::XIANGQI_PALACE_KA : FeatureSetId::BOARD_AND_HANDS;
  }
  FeatureSetId id() const { return id_; }
  // The number of input features (the transformer's rows).
  int dimension() const { return dimension_; }

  // Every feature active in `pos` for `perspective`.
  void active(const Position& pos, Color perspective, FeatureList& out) const;
  // What the last move played on `pos` (its state()) removed and added for `perspective`.
  // Returns false when the perspective must be refreshed instead (its King bucket changed).
  bool changed(const Position& pos, Color perspective, FeatureList& removed, FeatureList& added) const;

 private:
  // Orientation of a perspective: the square index seen from it, and its King bucket.
  struct View {
    Color side;
    bool mirror = false;
    int bucket = 0;
  };
  View view(const Position& pos, Color perspective) const;
  uint32_t board_feature(const View& w, Square s, Piece p) const;
  uint32_t hand_feature(const View& w, Color owner, Kind k, int n) const;  // "at least n"

  FeatureSetId id_;
  int files_, ranks_, kinds_;
  bool hands_;
  int dimension_;
};

}  // namespace kirin::nnue
