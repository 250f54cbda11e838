#include "analysis/puzzles.h"

#include <algorithm>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

std::vector<std::string> texts(Position pos, const std::vector<Move>& line, size_t most) {
  std::vector<std::string> out;
  for (size_t i = 0; i < line.size() && i < most; ++i) {
    out.push_back(move_to_text(pos, line[i]));
    pos.do_move(line[i]);
  }
  return out;
}

// A mate in N that no other first move matches: with the key move excluded and N plies, the
// solver must not find another (one it cannot prove in its time is not seen).
bool mate_puzzle(Engine& engine, const Position& root, const PuzzleSettings& s, Puzzle& out) {
  engine.set_position(root);
  MateLimits limits;
  limits.movetime = s.mate_ms;
  limits.max_plies = s.max_mate_plies;
  const MateResult r = engine.solve_mate(limits);
  if (r.status != MateStatus::MATE || r.line.empty()) return false;
  const int plies = int(r.line.size());
  // Another first move mating as fast spoils it (one that would need longer than the solver's
  // time to prove is not seen).
  limits.excluded = {r.line[0]};
  limits.max_plies = plies;
  if (engine.solve_mate(limits).status == MateStatus::MATE) return false;
  out.solution = texts(root, r.line, r.line.size());
  out.theme = "mate in " + std::to_string((plies + 1) / 2);
  return true;
}

// The best two root moves at `depth`: their scores and the best line.
struct TopTwo {
  Value best = -VALUE_INFINITE, second = -VALUE_INFINITE;
  std::vector<Move> pv;
};

TopTwo top_two(Engine& engine, const Position& root, int depth, uint64_t nodes) {
  engine.set_position(root);
  engine.set_option("MultiPV", "2");
  SearchLimits limits;
  limits.depth = depth;
  limits.nodes = nodes;
  TopTwo t;
  int last_depth = 0;
  engine.search(limits, [&](const SearchInfo& i) {
    if (i.depth < last_depth) return;
    last_depth = i.depth;
    if (i.multipv == 1) {
      t.best = i.score;
      t.pv = i.pv;
      t.second = -VALUE_INFINITE;
    } else if (i.multipv == 2) {
      t.second = i.score;
    }
  });
  engine.set_option("MultiPV", "1");
  return t;
}

std::string theme_of(const Position& root, Move m) {
  const Variant& v = root.variant();
  if (m.is_drop()) return "drop";
  if (m.is_promotion()) return "promotion";
  const Color us = root.side_to_move();
  auto lion_at = [&](Square s) { return is_enemy(root.at(s), us) && v.is_lion(kind_of(root.at(s))); };
  if (v.is_lion(kind_of(root.at(m.from()))) && (lion_at(m.to()) || (m.has_mid() && lion_at(m.mid()))))
    return "Lion trade";
  // A fork: the moved piece then attacks two enemy pieces of worth (or royals). Seen from our
  // side again, as if the opponent passed.
  Position look = root;
  look.do_move(m);
  look.do_null_move();
  MoveList caps;
  generate<GenType::CAPTURES>(look, caps);
  std::vector<Square> targets;
  for (Move c : caps) {
    const PieceKind& k = v.kind(kind_of(look.at(c.to())));
    if (c.from() == m.to() && (k.royal || k.value >= 300) &&
        std::find(targets.begin(), targets.end(), c.to()) == targets.end())
      targets.push_back(c.to());
  }
  if (targets.size() >= 2) return "fork";
  if (is_piece(root.at(m.to())) || (m.has_mid() && is_piece(root.at(m.mid())))) return "material";
  return "quiet move";
}

bool material_puzzle(Engine& engine, const Position& root, const PuzzleSettings& s, Puzzle& out) {
  const TopTwo shallow = top_two(engine, root, s.depth, s.nodes);
  if (shallow.pv.empty() || is_mate_score(shallow.best) || shallow.best < s.winning ||
      shallow.best - shallow.second < s.margin)
    return false;
  const TopTwo deep = top_two(engine, root, s.depth + 2, 3 * s.nodes);
  if (deep.pv.empty() || deep.pv[0] != shallow.pv[0] || deep.best < s.winning || deep.best - deep.second < s.margin)
    return false;
  out.solution = texts(root, deep.pv, 3);
  out.theme = theme_of(root, deep.pv[0]);
  return true;
}

}  // namespace

std::vector<Puzzle> find_puzzles(const Game& g, Engine& engine, const PuzzleSettings& s) {
  std::vector<Puzzle> out;
  const int last = g.over() ? g.ply() - 1 : g.ply();
  for (int ply = 0; ply <= last; ++ply) {
    const Position root = g.position_at(ply);
    Puzzle p;
    p.ply = ply;
    p.fen = to_fen(root);
    if (!mate_puzzle(engine, root, s, p) && !material_puzzle(engine, root, s, p)) continue;
    // The same key move two plies later is the same chance missed again: one puzzle.
    if (!out.empty() && out.back().ply == ply - 2 && out.back().solution.front() == p.solution.front()) continue;
    out.push_back(p);
  }
  return out;
}

std::string puzzle_line(const std::string& game, const Puzzle& p) {
  std::string moves;
  for (const std::string& m : p.solution) moves += (moves.empty() ? "" : " ") + m;
  return game + "|" + p.fen + "|" + moves + "|" + p.theme;
}

}  // namespace kirin
