#include "nnue/features.h"

#include <algorithm>

namespace kirin::nnue {
namespace {

constexpr int XIANGQI_BUCKETS = 6;  // the General on the palace's middle or left file, three ranks

}  // namespace

FeatureSet::FeatureSet(const Variant& v)
    : id_(id_for(v.game())), files_(v.files()), ranks_(v.ranks()), kinds_(v.kind_count()), hands_(v.def().drops) {
  const int squares = files_ * ranks_;
  if (id_ == FeatureSetId::XIANGQI_PALACE_KA)
    dimension_ = XIANGQI_BUCKETS * 2 * kinds_ * squares;
  else
    dimension_ = 2 * kinds_ * squares + (hands_ ? 2 * kinds_ * HAND_CAP : 0);
}

FeatureSet::View FeatureSet::view(const Position& pos, Color perspective) const {
  View w{perspective};
  if (id_ != FeatureSetId::XIANGQI_PALACE_KA) return w;
  // A problem position may lack the General: bucket 0, as if it stood on its own square.
  const Square king = pos.royal_square(perspective);
  if (king == NO_SQUARE) return w;
  int kx = file_x(king), ky = rank_y(king);
  if (perspective == SECOND) ky = ranks_ - 1 - ky;
  const int centre = files_ / 2;
  w.mirror = kx > centre;  // the board is symmetric: the General's right half is its left half mirrored
  if (w.mirror) kx = files_ - 1 - kx;
  const int bx = std::clamp(kx - (centre - 1), 0, 1), by = std::clamp(ky, 0, 2);
  w.bucket = bx * 3 + by;
  return w;
}

uint32_t FeatureSet::board_feature(const View& w, Square s, Piece p) const {
  int x = file_x(s), y = rank_y(s);
  if (w.side == SECOND) {
    y = ranks_ - 1 - y;
    // Xiangqi's two halves are mirror images; the shogi boards are turned half a circle.
    if (id_ == FeatureSetId::BOARD_AND_HANDS) x = files_ - 1 - x;
  }
  if (w.mirror) x = files_ - 1 - x;
  const int relative = color_of(p) == w.side ? 0 : 1;
  const int square = y * files_ + x;
  return uint32_t(((w.bucket * 2 + relative) * kinds_ + kind_of(p)) * files_ * ranks_ + square);
}

uint32_t FeatureSet::hand_feature(const View& w, Color owner, Kind k, int n) const {
  const int relative = owner == w.side ? 0 : 1;
  return uint32_t(2 * kinds_ * files_ * ranks_ + (relative * kinds_ + k) * HAND_CAP + n - 1);
}

void FeatureSet::active(const Position& pos, Color perspective, FeatureList& out) const {
  out.count = 0;
  const View w = view(pos, perspective);
  for (int c = 0; c < 2; ++c)
    for (Square s : pos.pieces(Color(c))) out.push(board_feature(w, s, pos.at(s)));
  if (!hands_) return;
  for (int c = 0; c < 2; ++c)
    for (Kind k = 0; k < kinds_; ++k)
      for (int n = 1; n <= std::min(pos.hand(Color(c), k), HAND_CAP); ++n) out.push(hand_feature(w, Color(c), k, n));
}

bool FeatureSet::changed(const Position& pos, Color perspective, FeatureList& removed, FeatureList& added) const {
  removed.count = added.count = 0;
  const StateInfo& st = pos.state();
  const Move m = st.move;
  if (m.is_none()) return true;  // a null move changes no piece
  const Color us = color_of(st.moved);
  const Variant& v = pos.variant();
  if (id_ == FeatureSetId::XIANGQI_PALACE_KA && us == perspective && !m.is_drop() && v.is_royal(kind_of(st.moved)))
    return false;
  const View w = view(pos, perspective);
  const Square to = m.to();
  // Hand counts before and after, for the kinds this move put into or took from the hand.
  auto hand_change = [&](Kind k, int before, int after) {
    for (int n = before + 1; n <= std::min(after, HAND_CAP); ++n) added.push(hand_feature(w, us, k, n));
    for (int n = after + 1; n <= std::min(before, HAND_CAP); ++n) removed.push(hand_feature(w, us, k, n));
  };
  if (m.is_drop()) {
    added.push(board_feature(w, to, st.moved));
    if (hands_) hand_change(m.drop_kind(), pos.hand(us, m.drop_kind()) + 1, pos.hand(us, m.drop_kind()));
    return true;
  }
  const Square from = m.from();
  if (st.captured_mid != EMPTY) removed.push(board_feature(w, m.mid(), st.captured_mid));
  if (st.captured != EMPTY) removed.push(board_feature(w, to, st.captured));
  if (to != from || m.is_promotion()) {
    removed.push(board_feature(w, from, st.moved));
    added.push(board_feature(w, to, pos.at(to)));
  }
  if (hands_) {
    // Two captures (a Lion's) may put two pieces of one kind into the hand.
    Kind taken[2] = {NO_KIND, NO_KIND};
    if (st.captured_mid != EMPTY) taken[0] = v.demoted(kind_of(st.captured_mid));
    if (st.captured != EMPTY) taken[1] = v.demoted(kind_of(st.captured));
    if (taken[0] != NO_KIND && taken[0] == taken[1]) {
      hand_change(taken[0], pos.hand(us, taken[0]) - 2, pos.hand(us, taken[0]));
    } else {
      for (Kind k : taken)
        if (k != NO_KIND) hand_change(k, pos.hand(us, k) - 1, pos.hand(us, k));
    }
  }
  return true;
}

}  // namespace kirin::nnue
