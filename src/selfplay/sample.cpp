#include "selfplay/sample.h"

#include <algorithm>

#include "core/score.h"

namespace kirin {
namespace {

void put16(std::string& out, uint16_t v) {
  out += char(v & 0xFF);
  out += char(v >> 8);
}

void put32(std::string& out, uint32_t v) {
  put16(out, uint16_t(v));
  put16(out, uint16_t(v >> 16));
}

}  // namespace

SampleHeader sample_header(const Variant& v) {
  SampleHeader h;
  h.variant = game_name(v.game());
  h.files = v.files();
  h.ranks = v.ranks();
  for (int k = 0; k < v.kind_count(); ++k) h.kinds.push_back(v.kind(Kind(k)).token);
  return h;
}

Sample sample_of(const Position& pos) {
  const Variant& v = pos.variant();
  Sample s;
  s.stm = pos.side_to_move();
  s.flags = pos.in_check() ? Sample::IN_CHECK : 0;
  // Squares in index order, so equal positions give equal bytes whatever the piece lists' order.
  for (int y = 0; y < v.ranks(); ++y)
    for (int x = 0; x < v.files(); ++x)
      if (Piece p = pos.at(make_square(x, y)); is_piece(p)) s.board.emplace_back(uint8_t(y * v.files() + x), p);
  for (Color c : {FIRST, SECOND})
    for (int k = 0; k < v.kind_count(); ++k)
      if (int n = pos.hand(c, Kind(k)); n > 0) s.hand.emplace_back(make_piece(Kind(k), c), uint8_t(n));
  return s;
}

int16_t sample_score(int value) {
  if (is_mate_score(value)) return int16_t(value > 0 ? SAMPLE_SCORE_LIMIT : -SAMPLE_SCORE_LIMIT);
  return int16_t(std::clamp(value, -SAMPLE_SCORE_LIMIT, SAMPLE_SCORE_LIMIT));
}

bool is_noisy(const Position& pos, Move m) {
  // A drop is quiet: quiescence searches captures, not drops, so the static evaluation decides
  // where a drop is the best move, and a trainer should learn those positions.
  if (m.is_drop()) return false;
  if (m.is_promotion()) return true;
  const Color us = pos.side_to_move();
  return is_enemy(pos.at(m.to()), us) || (m.has_mid() && is_enemy(pos.at(m.mid()), us));
}

void encode_header(const SampleHeader& h, std::string& out) {
  std::string text =
      "variant=" + h.variant + "\nfiles=" + std::to_string(h.files) + "\nranks=" + std::to_string(h.ranks) + "\nkinds=";
  for (size_t i = 0; i < h.kinds.size(); ++i) text += (i ? "," : "") + h.kinds[i];
  text += "\n";
  for (const auto& [key, value] : h.extra) text += key + "=" + value + "\n";
  out.append(SAMPLE_MAGIC, sizeof SAMPLE_MAGIC);
  put16(out, uint16_t(text.size()));
  out += text;
}

void encode_sample(const Sample& s, std::string& out) {
  put32(out, s.game);
  put16(out, s.ply);
  put16(out, uint16_t(s.score));
  out += char(s.result);
  out += char(s.stm);
  out += char(s.flags);
  out += char(s.board.size());
  out += char(s.hand.size());
  for (auto [a, b] : s.board) out += char(a), out += char(b);
  for (auto [a, b] : s.hand) out += char(a), out += char(b);
}

}  // namespace kirin
