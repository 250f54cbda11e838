#include <algorithm>
#include <climits>
#include <random>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"
#include "server/engine/bot.h"
#include "server/store/game_record.h"

namespace kirin::server {
namespace {

int material(const Position& pos, Color us) {
  const Variant& v = pos.variant();
  int sum = 0;
  for (Color c : {FIRST, SECOND}) {
    int side = 0;
    for (Square s : pos.pieces(c)) side += v.kind(kind_of(pos.at(s))).value;
    for (Kind k = 0; k < v.kind_count(); ++k) side += pos.hand(c, k) * v.kind(k).value;
    sum += c == us ? side : -side;
  }
  return sum;
}

// The opponent's best capture in reply (or standing pat), from the opponent's point of view.
Move best_capture(Position& pos, int& score) {
  MoveList caps;
  generate<GenType::CAPTURES>(pos, caps);
  bool check = pos.in_check();
  Color them = pos.side_to_move();
  score = material(pos, them);
  Move best = Move::none();
  for (Move m : caps) {
    if (!pos.legal(m, check)) continue;
    pos.do_move(m);
    int s = material(pos, them);
    pos.undo_move();
    if (s > score) score = s, best = m;
  }
  return best;
}

class MaterialBot final : public Bot {
 public:
  explicit MaterialBot(uint64_t seed) : rng_(seed) {}

  Analysis think(const BotRequest& r, const std::atomic<bool>&) override {
    Analysis a;
    auto start = parse_fen(r.variant, r.start_fen);
    if (!start) return a;
    Position pos = *start;
    for (const auto& text : r.moves) {
      auto m = parse_move(pos, text);
      if (!m) return a;
      pos.do_move(*m);
    }
    int strength = r.strength;
    MoveList list;
    generate_legal(pos, list);
    a.depth = 2;
    if (list.size() == 0) return a;
    int noise = std::max(0, (MAX_STRENGTH - strength) * 40);
    int best_score = INT_MIN;
    Move reply = Move::none();
    for (Move m : list) {
      pos.do_move(m);
      int theirs = 0;
      Move r = best_capture(pos, theirs);
      pos.undo_move();
      int mine = -theirs;
      int noisy = mine + (noise ? int(rng_() % (noise + 1)) : 0);
      if (noisy > best_score) best_score = noisy, a.best = m, a.score = mine, reply = r;
    }
    a.line.push_back(a.best);
    if (!reply.is_none()) a.line.push_back(reply);
    return a;
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace

Analysis Bot::analyse_live(const BotRequest& r, int, int64_t, const std::function<void(const SearchInfo&)>& on_info,
                           const std::atomic<bool>& cancel) {
  Analysis a = think(r, cancel);
  SearchInfo info;
  info.depth = a.depth;
  info.score = a.score;
  info.pv = a.line;
  if (!cancel) on_info(info);
  return a;
}

std::unique_ptr<Bot> make_material_bot(uint64_t seed) { return std::make_unique<MaterialBot>(seed); }

}  // namespace kirin::server
