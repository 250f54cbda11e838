#include "rules/perft.h"

#include "rules/exposure.h"
#include "rules/movegen.h"

namespace kirin {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);  // bulk counting: legal leaves need not be played
  MoveList list;
  generate<GenType::ALL>(pos, list);
  const bool check = !pos.variant().def().self_check_allowed && pos.in_check();
  uint64_t nodes = 0;
  LazyExposure exposure;
  for (Move m : list) {
    if (!pos.legal(m, check, exposure)) continue;
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

std::vector<DivideLine> perft_divide(Position& pos, int depth, const std::function<void(const DivideLine&)>& progress) {
  std::vector<DivideLine> out;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    DivideLine line{m, 0};
    pos.do_move(m);
    line.nodes = perft(pos, depth - 1);
    pos.undo_move();
    if (progress) progress(line);
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace kirin
